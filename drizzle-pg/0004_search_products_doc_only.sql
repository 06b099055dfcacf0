-- search_products keeps the tsvector only (ADR 043, issue 25 §7). A word in half the catalog is
-- searched by a sequential scan, and its cost is the table's size: the title and body text beside
-- the stored tsvector made it 195 MB at 100k products (two thirds more pages than the tsvector's
-- own); nothing reads them but the generated column. The indexer now writes the tsvector itself
-- (fts-pg.ts insertProductDocs, the same expression). Existing rows keep their tsvectors; the
-- dropped columns' space is reused as the next index rebuild rewrites the rows.
ALTER TABLE search_products ALTER COLUMN doc DROP EXPRESSION;
--> statement-breakpoint
ALTER TABLE search_products DROP COLUMN title, DROP COLUMN body;
