-- Full-text search (server/services/search.ts). The indexed text is pre-stemmed in JS
-- (snowball, Russian and English), so the tokenizer only splits and folds diacritics.
-- Rebuilt after every seed by rebuildSearchIndex (seed/hooks.ts).
CREATE VIRTUAL TABLE `search_products` USING fts5(`title`, `body`, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4');
--> statement-breakpoint
CREATE VIRTUAL TABLE `search_content` USING fts5(`title`, `body`, `kind` UNINDEXED, `ref_id` UNINDEXED, `label` UNINDEXED, `link` UNINDEXED, `excerpt` UNINDEXED, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4');
--> statement-breakpoint
-- Vocabulary of indexed words for typo tolerance: every word under itself and under each
-- of its one-letter deletions (symmetric-delete), so an edit-distance-1 lookup is an index probe.
CREATE TABLE `search_terms` (
	`variant` text NOT NULL,
	`term` text NOT NULL,
	`freq` integer NOT NULL DEFAULT 1,
	PRIMARY KEY(`variant`, `term`)
) WITHOUT ROWID;
