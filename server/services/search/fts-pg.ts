import { sql, type Placeholder, type SQL } from 'drizzle-orm'
import type { PgDB } from '../../../db/client'
import { execute, queryRows, transaction } from '../../../db/engine'
import type { SearchHit } from '../../contracts/catalog'
import { STOCK_ORDERED, stockOrdered, type ContentDoc } from './fts'

export type { ContentDoc }

/**
 * ./fts.ts for PostgreSQL (ADR 024; DDL in drizzle-pg/0002_search_index.sql): the same functions.
 * The documents are the same pre-stemmed text as on SQLite, held as tsvectors of the `simple`
 * configuration (title weight A, body D) under GIN indexes. Queries arrive in FTS5's syntax, as
 * ./query.ts writes them (`"stem" "stem"*`); the SQL function search_tsquery turns one into a
 * tsquery (`'stem' & 'stem':*`). Ranked by ts_rank with the title 8× the body, as bm25 is on SQLite.
 * The typo vocabulary is the same symmetric-delete table.
 */

const rows = queryRows

const tsquery = (match: string | Placeholder) => sql`search_tsquery(${match})`
/**
 * ts_rank's weights are {D, C, B, A}: a title word (A) counts 8× a body word (D), as bm25(…, 8.0,
 * 1.0). Normalization 1 divides by 1 + log(document length), as bm25 discounts long documents:
 * over the seeded shop's single-word queries it gives the same top hit as SQLite for 99% (17%
 * without it) and the same top five (ADR 024).
 */
const rank = (match: string) => sql`ts_rank('{0.125, 0.25, 0.5, 1}', doc, ${tsquery(match)}, 1)`

/** Subquery of the product ids the index matches (for `products.id in (…)`). */
export function matchedProductIds(match: string | Placeholder): SQL {
  return sql`select id from search_products where doc @@ ${tsquery(match)}`
}

/**
 * Whether any document matches. Not one `exists (…)`: the planner estimates an unknown word's
 * matches at ~170 of 100k and, for a prefix (`'stem':*`), costs the GIN index above a sequential
 * scan expected to stop early, so a word that matches nothing (a typo, the wrong layout: what the
 * fallbacks of ./query.ts try first) read the whole table: 90–300 ms at 100k products, two or
 * three times per mistyped search (ADR 043). So: a look at the first rows (a frequent word is
 * there: `'шампун'` in half the documents), then the index alone (`enable_seqscan` off for that
 * statement), which answers in well under a millisecond for a word in few documents or none and
 * ~15 ms for one in half of them (hence the look first). The look goes by the primary key, not
 * the table's first pages: right after a rebuild (delete, insert) those hold dead rows until the
 * next vacuum.
 */
export async function anyMatch(db: PgDB, match: string): Promise<boolean> {
  const [seen] = await rows<{ found: boolean }>(
    db,
    sql`select exists (select 1 from (select doc from search_products order by id limit 1000) s
      where doc @@ ${tsquery(match)}) as found`,
  )
  if (seen?.found === true) return true
  return transaction(db, async (tx) => {
    await execute(tx, sql`set local enable_seqscan = off`)
    const [row] = await rows<{ found: boolean }>(
      tx,
      sql`select exists (select 1 from search_products where doc @@ ${tsquery(match)})
        or exists (select 1 from search_content where doc @@ ${tsquery(match)}) as found`,
    )
    return row?.found === true
  })
}

export async function countProducts(db: PgDB, match: string): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from search_products where doc @@ ${tsquery(match)}`,
  )
  return row?.n ?? 0
}

/**
 * The best STOCK_ORDERED matches (./fts.ts) with their score (`r`), the number of all matches
 * (`n`, counted before the limit), the best score (`best`) and whether they are in stock, for
 * ./fts.ts's order: relevance tiers a tenth of the best score wide, in stock first within a tier,
 * then the score, then the id (issue 29, ADR 051). `offset 0` keeps the scores computed once.
 */
const matches = (match: string) => sql`select m.id, m.r, m.n, max(m.r) over () as best, p.total_stock > 0 as stocked
  from (
    select id, r, count(*) over ()::int as n from (
      select id, ${rank(match)} as r from search_products where doc @@ ${tsquery(match)} offset 0
    ) s order by r desc, id limit ${STOCK_ORDERED}
  ) m join products p on p.id = m.id`
const order = sql`floor((best - r) * 10 / nullif(best, 0)), stocked desc, r desc, id`

/** Product ids by relevance, in stock first among the equally relevant (see `matches`). */
export async function rankedProductIds(db: PgDB, match: string, limit: number, offset: number): Promise<number[]> {
  return stockOrdered(
    limit,
    offset,
    async (l, o) =>
      (
        await rows<{ id: number }>(
          db,
          sql`select id from (${matches(match)}) x order by ${order} limit ${l} offset ${o}`,
        )
      ).map((r) => r.id),
    async (l, o) =>
      (
        await rows<{ id: number }>(
          db,
          sql`select id from search_products where doc @@ ${tsquery(match)}
            order by ${rank(match)} desc, id limit ${l} offset ${o}`,
        )
      ).map((r) => r.id),
  )
}

/**
 * A page of product ids by relevance and the number of matches, from one scan (`count(*) over ()`
 * beside the ranking): a word in half the catalog is not a GIN lookup but a sequential scan of
 * search_products, and two statements read the table twice (ADR 043). A page past the end has no
 * row to carry the count, nor a page past the stock-ordered matches: then it is counted alone.
 */
export async function rankedPage(
  db: PgDB,
  match: string,
  limit: number,
  offset: number,
): Promise<{ ids: number[]; total: number }> {
  if (offset + limit > STOCK_ORDERED)
    return { ids: await rankedProductIds(db, match, limit, offset), total: await countProducts(db, match) }
  const found = await rows<{ id: number; n: number }>(
    db,
    sql`select id, n from (${matches(match)}) x order by ${order} limit ${limit} offset ${offset}`,
  )
  const first = found[0]
  return { ids: found.map((r) => r.id), total: first ? first.n : offset > 0 ? await countProducts(db, match) : 0 }
}

export async function contentHits(
  db: PgDB,
  match: string,
  kind: SearchHit['kind'],
  limit: number,
): Promise<SearchHit[]> {
  const found = await rows<{ title: string; link: string; excerpt: string }>(
    db,
    sql`select label as title, link, excerpt from search_content
      where doc @@ ${tsquery(match)} and kind = ${kind}
      order by ${rank(match)} desc, id limit ${limit}`,
  )
  return found.map((r) => ({ kind, title: r.title, link: r.link, excerpt: r.excerpt }))
}

/** Vocabulary entries stored under any of these variants (a word and its one-letter deletions). */
export async function termsUnder(db: PgDB, variants: string[]): Promise<{ term: string; freq: number }[]> {
  return rows<{ term: string; freq: number }>(
    db,
    sql`select term, freq from search_terms where variant = any(${sql.param(variants)}::text[])`,
  )
}

// --- Writing ------------------------------------------------------------------------------

export async function clearIndex(db: PgDB) {
  // DELETE, not TRUNCATE: readers keep the old index until the rebuild's transaction commits.
  await execute(db, sql`delete from search_products`)
  await execute(db, sql`delete from search_content`)
  await execute(db, sql`delete from search_terms`)
}

const BATCH = 5000

/**
 * Rows sent as one array parameter per column and read back with unnest: one statement per batch
 * whatever its size. `types` are the columns' array types, in order; `select` what is inserted
 * from them (`u(a, b, …)`: `as` names the columns), all of them by default.
 */
async function insertRows(
  db: PgDB,
  head: SQL,
  types: string[],
  rows: unknown[][],
  tail: SQL = sql``,
  select: { list: SQL; as: string } = { list: sql`*`, as: 'u' },
) {
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH)
    const columns = types.map((type, c) => sql`${sql.param(batch.map((r) => r[c]))}::${sql.raw(type)}`)
    await execute(
      db,
      sql`${head} select ${select.list} from unnest(${sql.join(columns, sql`, `)}) as ${sql.raw(select.as)} ${tail}`,
    )
  }
}

export async function deleteProductDocs(db: PgDB, ids: number[]) {
  if (ids.length) await execute(db, sql`delete from search_products where id = any(${sql.param(ids)}::int[])`)
}

/**
 * Products keep the tsvector only (drizzle-pg/0004: the text was read by nothing else and doubled
 * the pages a search scans, ADR 043): title words weigh A, the body's D, as search_content's
 * generated column.
 */
export async function insertProductDocs(db: PgDB, docs: { id: number; title: string; body: string }[]) {
  await insertRows(
    db,
    sql`insert into search_products (id, doc)`,
    ['int[]', 'text[]', 'text[]'],
    docs.map((d) => [d.id, d.title, d.body]),
    sql``,
    {
      list: sql`id, setweight(to_tsvector('simple', title), 'A') || setweight(to_tsvector('simple', body), 'D')`,
      as: 'u(id, title, body)',
    },
  )
}

export async function insertContentDocs(db: PgDB, docs: ContentDoc[]) {
  await insertRows(
    db,
    sql`insert into search_content (title, body, kind, ref_id, label, link, excerpt)`,
    ['text[]', 'text[]', 'text[]', 'int[]', 'text[]', 'text[]', 'text[]'],
    docs.map((d) => [d.title, d.body, d.kind, d.refId, d.label, d.link, d.excerpt]),
  )
}

/** Adds vocabulary entries; an existing (variant, term) pair keeps its frequency. */
export async function insertTerms(db: PgDB, terms: { variant: string; term: string; freq: number }[]) {
  await insertRows(
    db,
    sql`insert into search_terms (variant, term, freq)`,
    ['text[]', 'text[]', 'int[]'],
    terms.map((x) => [x.variant, x.term, x.freq]),
    sql`on conflict do nothing`,
  )
}
