-- The twin of drizzle/0002_catalog_facet_indexes.sql (hand-written there too, not in db/schema):
-- covering indexes for catalog listings and facet counts (npm run bench:catalog).
CREATE INDEX IF NOT EXISTS "products_listing_idx" ON "products" ("section_id", "brand_id", "min_price", "total_stock", "popularity", "created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "product_offers_product_volume_idx" ON "product_offers" ("product_id", "volume");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "product_offers_volume_product_idx" ON "product_offers" ("volume", "product_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "product_property_links_prop_product_idx" ON "product_property_links" ("property_id", "product_id");
