CREATE TABLE `exchange_imports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`session_id` text NOT NULL,
	`filename` text NOT NULL,
	`status` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`state` text DEFAULT '{}' NOT NULL,
	`error` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `exchange_imports_uq` ON `exchange_imports` (`session_id`,`filename`);--> statement-breakpoint
CREATE TABLE `exchange_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `catalog_sections` ADD `external_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `catalog_sections_external_id_unique` ON `catalog_sections` (`external_id`);--> statement-breakpoint
ALTER TABLE `product_offers` ADD `external_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `product_offers_external_id_unique` ON `product_offers` (`external_id`);--> statement-breakpoint
ALTER TABLE `products` ADD `external_id` text;--> statement-breakpoint
ALTER TABLE `products` ADD `hidden` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `attributes` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `products_external_id_unique` ON `products` (`external_id`);--> statement-breakpoint
ALTER TABLE `orders` ADD `exported_at` integer;