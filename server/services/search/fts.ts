import { and, count, eq, inArray, sql, type Placeholder, type SQL } from 'drizzle-orm'
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import type { LiteDB } from '../../../db/client'
import { products } from '../../../db/schema'
import { execute } from '../../../db/engine'
import type { SearchHit } from '../../contracts/catalog'
import { placeholders, preparedQuery } from '../catalog/prepared'

/**
 * Everything specific to SQLite's FTS5 (migration 0001_search_index): the two full-text tables
 * (search_products: rowid = product id; search_content: services, posts, FAQ) and the typo
 * vocabulary search_terms. Queries are FTS5 MATCH expressions of pre-stemmed words (./query.ts),
 * ranked by bm25 with title words weighing 8× the body. Another engine replaces this file only.
 */

/**
 * The index tables as drizzle sees them, for the query builder only: the migration creates them
 * (db/schema, which drizzle-kit reads, leaves them out). `rowid` is FTS5's own row id.
 */
const searchProducts = sqliteTable('search_products', { rowid: integer('rowid').notNull() })
const searchContent = sqliteTable('search_content', {
  kind: text('kind').notNull(),
  label: text('label').notNull(),
  link: text('link').notNull(),
  excerpt: text('excerpt').notNull(),
})
const searchTerms = sqliteTable('search_terms', {
  variant: text('variant').notNull(),
  term: text('term').notNull(),
  freq: integer('freq').notNull(),
})

const ph = sql.placeholder
const productsMatch = sql`search_products match ${ph('match')}`
const contentMatch = sql`search_content match ${ph('match')}`

/** Subquery of the product ids the index matches (for `products.id in (…)`). */
export function matchedProductIds(match: string | Placeholder): SQL {
  return sql`select rowid from search_products where search_products match ${match}`
}

const one = { x: sql<number>`1` }

export async function anyMatch(db: LiteDB, match: string): Promise<boolean> {
  const inProducts = preparedQuery(db, 'fts.any-product', () =>
    db.select(one).from(searchProducts).where(productsMatch).limit(1),
  )
  const inContent = preparedQuery(db, 'fts.any-content', () =>
    db.select(one).from(searchContent).where(contentMatch).limit(1),
  )
  if ((await inProducts.execute({ match })).length > 0) return true
  return (await inContent.execute({ match })).length > 0
}

export async function countProducts(db: LiteDB, match: string): Promise<number> {
  const [row] = await preparedQuery(db, 'fts.count', () =>
    db.select({ n: count() }).from(searchProducts).where(productsMatch),
  ).execute({ match })
  return row?.n ?? 0
}

/**
 * Product ids by relevance, in stock first among the equally relevant (issue 29, ADR 051): the
 * first `STOCK_ORDERED` matches by score fall into tiers a tenth of the best score wide (`tier`:
 * 0 within 10 % of the best match, 1 the next tenth…), and within a tier those in stock come
 * first, then by score. Only those read `products.total_stock` (by primary key): reading it for
 * every match made a word in half of 100k products 4× slower. Past them, relevance alone.
 */
export async function rankedProductIds(db: LiteDB, match: string, limit: number, offset: number): Promise<number[]> {
  return stockOrdered(
    limit,
    offset,
    (l, o) => stockFirst(db, match, l, o),
    (l, o) => byScore(db, match, l, o),
  )
}

/** How many of the best matches are ordered with their stock (40 pages of 24). */
export const STOCK_ORDERED = 960

/** A page across the two orders: the first STOCK_ORDERED matches with stock, then the rest by score. */
export async function stockOrdered(
  limit: number,
  offset: number,
  first: (limit: number, offset: number) => Promise<number[]>,
  rest: (limit: number, offset: number) => Promise<number[]>,
): Promise<number[]> {
  if (offset + limit <= STOCK_ORDERED) return first(limit, offset)
  if (offset >= STOCK_ORDERED) return rest(limit, offset)
  return [
    ...(await first(STOCK_ORDERED - offset, offset)),
    ...(await rest(offset + limit - STOCK_ORDERED, STOCK_ORDERED)),
  ]
}

async function stockFirst(db: LiteDB, match: string, limit: number, offset: number): Promise<number[]> {
  const rows = await preparedQuery(db, 'fts.ranked-stock', () => {
    // bm25 is negative (lower is better) and only callable inside the full-text query.
    const m = db
      .select({ id: sql<number>`rowid`.as('id'), r: sql<number>`-bm25(search_products, 8.0, 1.0)`.as('r') })
      .from(searchProducts)
      .where(productsMatch)
      // By the column, not bm25() again: each call scores every match (~20 ms at 51k, ADR 043).
      .orderBy(sql`r desc`, searchProducts.rowid)
      .limit(STOCK_ORDERED)
      .as('m')
    // Qualified by hand: drizzle names a subquery's aliased fields without their table.
    return db
      .select({ id: sql<number>`m.id` })
      .from(m)
      .innerJoin(products, sql`${products.id} = m.id`)
      .orderBy(tier(sql`m.r`), sql`${products.totalStock} > 0 desc`, sql`m.r desc`, sql`m.id`)
      .limit(ph('limit'))
      .offset(ph('offset'))
  }).execute({ match, limit, offset })
  return rows.map((r) => r.id)
}

/** Product ids by score alone (no join on products, ADR 043). */
async function byScore(db: LiteDB, match: string, limit: number, offset: number): Promise<number[]> {
  const rows = await preparedQuery(db, 'fts.ranked', () =>
    db
      .select({ id: searchProducts.rowid })
      .from(searchProducts)
      .where(productsMatch)
      .orderBy(sql`bm25(search_products, 8.0, 1.0)`, searchProducts.rowid)
      .limit(ph('limit'))
      .offset(ph('offset')),
  ).execute({ match, limit, offset })
  return rows.map((r) => r.id)
}

/** A match's relevance tier (ADR 051): 0 within a tenth of the best score, 1 the next tenth… */
const tier = (r: SQL) => sql`cast((max(${r}) over () - ${r}) * 10 / max(${r}) over () as integer)`

/** A page of product ids by relevance and the number of matches (two statements: FTS5's count is cheap). */
export async function rankedPage(
  db: LiteDB,
  match: string,
  limit: number,
  offset: number,
): Promise<{ ids: number[]; total: number }> {
  return { total: await countProducts(db, match), ids: await rankedProductIds(db, match, limit, offset) }
}

export async function contentHits(
  db: LiteDB,
  match: string,
  kind: SearchHit['kind'],
  limit: number,
): Promise<SearchHit[]> {
  const rows = await preparedQuery(db, 'fts.content', () =>
    db
      .select({ title: searchContent.label, link: searchContent.link, excerpt: searchContent.excerpt })
      .from(searchContent)
      .where(and(contentMatch, eq(searchContent.kind, ph('kind'))))
      .orderBy(sql`bm25(search_content, 8.0, 1.0)`)
      .limit(ph('limit')),
  ).execute({ match, kind, limit })
  return rows.map((r) => ({ kind, ...r }))
}

/** Vocabulary entries stored under any of these variants (a word and its one-letter deletions). */
export async function termsUnder(db: LiteDB, variants: string[]): Promise<{ term: string; freq: number }[]> {
  const params: Record<string, unknown> = {}
  const list = placeholders('v', variants, params)
  return await preparedQuery(db, `fts.terms|${list.length}`, () =>
    db
      .select({ term: searchTerms.term, freq: searchTerms.freq })
      .from(searchTerms)
      .where(inArray(searchTerms.variant, list)),
  ).execute(params)
}

// --- Writing ------------------------------------------------------------------------------

export async function clearIndex(db: LiteDB) {
  await execute(db, sql`delete from search_products`)
  await execute(db, sql`delete from search_content`)
  await execute(db, sql`delete from search_terms`)
}

/**
 * Rows handed to SQLite as one JSON parameter and read back with json_each: one statement per
 * batch whatever its size, instead of a prepared insert per row.
 */
function jsonRows(rows: unknown[][], columns: number): SQL {
  const picks = Array.from({ length: columns }, (_, i) => `json_extract(value, '$[${i}]')`).join(', ')
  return sql`select ${sql.raw(picks)} from json_each(${JSON.stringify(rows)}) where true`
}

const BATCH = 5000

async function insertRows(db: LiteDB, head: SQL, rows: unknown[][], columns: number, tail: SQL = sql``) {
  for (let i = 0; i < rows.length; i += BATCH)
    await execute(db, sql`${head} ${jsonRows(rows.slice(i, i + BATCH), columns)} ${tail}`)
}

export async function deleteProductDocs(db: LiteDB, ids: number[]) {
  if (ids.length)
    await execute(
      db,
      sql`delete from search_products where rowid in (select value from json_each(${JSON.stringify(ids)}))`,
    )
}

export function insertProductDocs(db: LiteDB, docs: { id: number; title: string; body: string }[]): Promise<void> {
  return insertRows(
    db,
    sql`insert into search_products (rowid, title, body)`,
    docs.map((d) => [d.id, d.title, d.body]),
    3,
  )
}

export interface ContentDoc {
  title: string
  body: string
  kind: SearchHit['kind']
  refId: number
  label: string
  link: string
  excerpt: string
}
export function insertContentDocs(db: LiteDB, docs: ContentDoc[]): Promise<void> {
  return insertRows(
    db,
    sql`insert into search_content (title, body, kind, ref_id, label, link, excerpt)`,
    docs.map((d) => [d.title, d.body, d.kind, d.refId, d.label, d.link, d.excerpt]),
    7,
  )
}

/** Adds vocabulary entries; an existing (variant, term) pair keeps its frequency. */
export function insertTerms(db: LiteDB, terms: { variant: string; term: string; freq: number }[]): Promise<void> {
  return insertRows(
    db,
    sql`insert into search_terms (variant, term, freq)`,
    terms.map((x) => [x.variant, x.term, x.freq]),
    3,
    sql`on conflict do nothing`,
  )
}
