-- Full-text search on PostgreSQL (server/services/search/fts-pg.ts; ADR 024; a custom migration:
-- `drizzle-kit generate --custom --config drizzle.pg.config.ts`): the counterpart of
-- drizzle/0001_search_index.sql. The indexed text is pre-stemmed in JS (snowball, Russian and
-- English) exactly as on SQLite, so the `simple` configuration only splits and lower-cases: the
-- `russian` one would stem a second time and miss the stems the queries carry.
-- Rebuilt after every seed by rebuildSearchIndex (seed/hooks.ts).

-- The queries arrive in FTS5's syntax, as ./query.ts writes them: `"stem" "stem"*` (phrases,
-- a trailing * for a prefix, doubled "" inside). This turns one into a tsquery: each phrase a
-- quoted lexeme (quotes and backslashes doubled, tsquery's rule), `:*` for a prefix, AND between.
-- In SQL rather than JS so that a query prepared once takes the match as a parameter.
CREATE FUNCTION search_tsquery(fts5 text) RETURNS tsquery
	LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
	AS $$ SELECT to_tsquery('simple', coalesce((
		SELECT string_agg(
			'''' || replace(replace(replace(m[1], '""', '"'), '\', '\\'), '''', '''''') || ''''
				|| CASE WHEN m[2] = '*' THEN ':*' ELSE '' END,
			' & ')
		FROM regexp_matches(fts5, '"((?:[^"]|"")*)"(\*?)', 'g') AS m
		WHERE m[1] <> ''
	), '')) $$;
--> statement-breakpoint
-- Products: id = products.id. Title words weigh A, the body D (ts_rank's weights make A 8× D).
CREATE TABLE search_products (
	id integer PRIMARY KEY,
	title text NOT NULL,
	body text NOT NULL,
	doc tsvector NOT NULL GENERATED ALWAYS AS (
		setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('simple', body), 'D')
	) STORED
);
--> statement-breakpoint
CREATE INDEX search_products_doc ON search_products USING gin (doc);
--> statement-breakpoint
-- Services, posts and FAQ: label, link and excerpt are what a hit shows.
CREATE TABLE search_content (
	id integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	title text NOT NULL,
	body text NOT NULL,
	kind text NOT NULL,
	ref_id integer NOT NULL,
	label text NOT NULL,
	link text NOT NULL,
	excerpt text NOT NULL,
	doc tsvector NOT NULL GENERATED ALWAYS AS (
		setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('simple', body), 'D')
	) STORED
);
--> statement-breakpoint
CREATE INDEX search_content_doc ON search_content USING gin (doc);
--> statement-breakpoint
-- Vocabulary of indexed words for typo tolerance, as on SQLite: every word under itself and under
-- each of its one-letter deletions (symmetric-delete), so an edit-distance-1 lookup is an index
-- probe that finds every candidate (a trigram index would miss some: ADR 024).
CREATE TABLE search_terms (
	variant text NOT NULL,
	term text NOT NULL,
	freq integer NOT NULL DEFAULT 1,
	PRIMARY KEY (variant, term)
);
