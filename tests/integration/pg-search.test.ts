import { randomUUID } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import * as sqliteFts from '../../server/services/search/fts'
import * as pgFts from '../../server/services/search/fts-pg'
import { resolveQuery } from '../../server/services/search/query'
import type { PgDB } from '../../db/client'
import * as pgSchema from '../../db/schema-pg'
import { testDb } from '../helpers/setup-file'
import { PG_BIN, startCluster, type Cluster } from '../helpers/pg-cluster'

/**
 * Search on PostgreSQL (issue 13, ADR 024): the seeded shop's index, copied document for document
 * from SQLite into PostgreSQL through fts-pg's insert functions, answers the search suite's
 * queries. The engine-neutral resolver (query.ts: stemming, layout, transliteration, typos) runs
 * as it does in production; every engine answer it consults is recorded and asked of PostgreSQL
 * too, and must be the same there, so the resolver takes the same path on either engine. The
 * resolved query is then run on PostgreSQL. Uses PG_URL when set, else a throwaway cluster.
 */

const recorded = vi.hoisted(() => ({
  calls: [] as { fn: 'anyMatch' | 'termsUnder'; args: unknown[]; result: unknown }[],
}))
vi.mock('../../server/services/search/fts', async (importOriginal) => {
  const orig = await importOriginal<typeof import('../../server/services/search/fts')>()
  const record =
    <F extends (db: never, arg: never) => unknown>(fn: 'anyMatch' | 'termsUnder', f: F) =>
    (db: Parameters<F>[0], arg: Parameters<F>[1]) => {
      const result = f(db, arg)
      recorded.calls.push({ fn, args: [arg], result })
      return result
    }
  return { ...orig, anyMatch: record('anyMatch', orig.anyMatch), termsUnder: record('termsUnder', orig.termsUnder) }
})

const available = !!process.env.PG_URL || existsSync(join(PG_BIN, 'initdb'))
const suite = available ? describe : describe.skip

let cluster: Cluster | undefined
let pool: pg.Pool
let db: PgDB
/** The same database, as fts-pg.ts takes it. */
let pgDb: PgDB
const schema = `search_test_${randomUUID().slice(0, 8)}`

beforeAll(async () => {
  if (!available) return
  let url = process.env.PG_URL
  if (!url) {
    cluster = await startCluster()
    url = cluster.url
  }
  pool = new pg.Pool({ connectionString: url, max: 2, options: `-c search_path=${schema}` })
  db = drizzle(pool, { schema: pgSchema })
  pgDb = db
  await db.execute(sql.raw(`create schema ${schema}`))
  // The search index's migrations: its tables, then search_products narrowed to the tsvector (ADR 043).
  for (const file of ['0002_search_index.sql', '0004_search_products_doc_only.sql']) {
    const ddl = readFileSync(join(__dirname, '../../drizzle-pg', file), 'utf8')
    for (const statement of ddl.split('--> statement-breakpoint')) await db.execute(sql.raw(statement))
  }
  // The tables the searched ids are read against (only the columns the checks and the ranking use:
  // in stock first among the equally relevant reads products.total_stock, ADR 051).
  await db.execute(sql`create table brands (id integer primary key, slug text not null, name text not null)`)
  await db.execute(
    sql`create table products (id integer primary key, name text not null, brand_id integer not null, hidden boolean not null,
      total_stock integer not null)`,
  )
  const brands = testDb.all<{ id: number; slug: string; name: string }>(sql`select id, slug, name from brands`)
  const products = testDb.all<{ id: number; name: string; brand: number; hidden: number; stock: number }>(
    sql`select id, name, brand_id as brand, hidden, total_stock as stock from products`,
  )
  await db.execute(
    sql`insert into brands select * from unnest(${sql.param(brands.map((b) => b.id))}::int[],
      ${sql.param(brands.map((b) => b.slug))}::text[], ${sql.param(brands.map((b) => b.name))}::text[])`,
  )
  await db.execute(
    sql`insert into products select * from unnest(${sql.param(products.map((p) => p.id))}::int[],
      ${sql.param(products.map((p) => p.name))}::text[], ${sql.param(products.map((p) => p.brand))}::int[],
      ${sql.param(products.map((p) => p.hidden === 1))}::boolean[], ${sql.param(products.map((p) => p.stock))}::int[])`,
  )
  // The seeded index, as the indexer wrote it on SQLite.
  await pgFts.insertProductDocs(
    pgDb,
    testDb.all<{ id: number; title: string; body: string }>(sql`select rowid as id, title, body from search_products`),
  )
  await pgFts.insertContentDocs(
    pgDb,
    testDb.all<pgFts.ContentDoc>(
      sql`select title, body, kind, ref_id as refId, label, link, excerpt from search_content`,
    ),
  )
  await pgFts.insertTerms(
    pgDb,
    testDb.all<{ variant: string; term: string; freq: number }>(sql`select variant, term, freq from search_terms`),
  )
}, 120_000)

afterAll(async () => {
  if (!available) return
  await db?.execute(sql.raw(`drop schema if exists ${schema} cascade`))
  await pool?.end()
  cluster?.stop()
})

/** The SQLite side answers synchronously today and asynchronously once issue 13's conversion lands. */
const settled = <T>(value: T | Promise<T>) => Promise.resolve(value)

const sortedTerms = (rows: { term: string; freq: number }[]) =>
  [...rows].sort((a, b) => a.term.localeCompare(b.term) || a.freq - b.freq)

/**
 * Resolves typed text as the search does, proves PostgreSQL would have answered the resolver
 * the same, and runs the resolved query on PostgreSQL.
 */
async function searchPg(typed: string, prefix = false, limit = 1000) {
  recorded.calls.length = 0
  const resolved = await settled(resolveQuery(testDb, typed, prefix))
  for (const call of recorded.calls) {
    const label = `${call.fn}(${JSON.stringify(call.args)}) for "${typed}"`
    if (call.fn === 'anyMatch')
      expect(await pgFts.anyMatch(pgDb, call.args[0] as string), label).toBe(await call.result)
    else
      expect(sortedTerms(await pgFts.termsUnder(pgDb, call.args[0] as string[])), label).toEqual(
        sortedTerms((await call.result) as { term: string; freq: number }[]),
      )
  }
  if (!resolved) return { total: 0, ids: [] as number[], corrected: null, match: null }
  const { match } = resolved.plan
  const total = await pgFts.countProducts(pgDb, match)
  // The same documents and the same query: the same products, whatever their order.
  expect(total, `count of ${match}`).toBe(await settled(sqliteFts.countProducts(testDb, match)))
  const ids = await pgFts.rankedProductIds(pgDb, match, limit, 0)
  // The search page's one statement (count over the ranked page, ADR 043): the same ids and count.
  expect(await pgFts.rankedPage(pgDb, match, limit, 0), `page of ${match}`).toEqual({ ids, total })
  return { total, ids, corrected: resolved.corrected, match }
}

async function productsOf(ids: number[]) {
  if (!ids.length) return []
  const found = await db.execute<{ id: number; name: string; brand: string }>(
    sql`select p.id, p.name, b.slug as brand from products p join brands b on b.id = p.brand_id
      where p.id = any(${sql.param(ids)}::int[])`,
  )
  const byId = new Map(found.rows.map((r) => [r.id, r]))
  return ids.map((id) => byId.get(id)!)
}

async function brandCount(slug: string) {
  const res = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from products p join brands b on b.id = p.brand_id
      where b.slug = ${slug} and not p.hidden`,
  )
  return res.rows[0]!.n
}

suite(`search on PostgreSQL${available ? '' : ` (skipped: no PG_URL and no PostgreSQL binaries in ${PG_BIN})`}`, () => {
  it('finds products by word forms of the same stem', async () => {
    const base = await searchPg('шампунь')
    expect(base.total).toBeGreaterThan(10)
    expect((await productsOf(base.ids)).some((p) => /шампунь/i.test(p.name))).toBe(true)
    for (const form of ['шампуня', 'шампуни', 'шампунем', 'ШАМПУНИ']) {
      const res = await searchPg(form)
      expect(res.total, form).toBe(base.total)
      expect(res.corrected, form).toBeNull()
    }
    // Every word must match (AND), as on SQLite: fewer products, all of them Kérastase's.
    const both = await searchPg('шампунь керастаз')
    expect(both.total).toBeGreaterThan(0)
    expect(both.total).toBeLessThan(base.total)
    expect((await productsOf(both.ids)).every((p) => p.brand === 'kerastase')).toBe(true)
  })

  it('ranks products whose name matches before those that only mention the word', async () => {
    const top = await productsOf((await searchPg('маска', false, 5)).ids)
    expect(top.length).toBe(5)
    for (const p of top) expect(p.name).toMatch(/маск/i)
  })

  it('finds "шампунь" typed in the wrong keyboard layout', async () => {
    const res = await searchPg('ifvgeym')
    expect(res.corrected).toBe('шампунь')
    expect(res.total).toBe((await searchPg('шампунь')).total)
  })

  it('finds brands by their Cyrillic and Latin spellings (transliteration both ways)', async () => {
    const kerastase = await brandCount('kerastase')
    for (const s of ['керастаз', 'kerastase', 'Kérastase', 'kerastaz']) {
      const res = await searchPg(s)
      expect(res.total, s).toBe(kerastase)
      expect(
        (await productsOf(res.ids)).every((p) => p.brand === 'kerastase'),
        s,
      ).toBe(true)
    }
    expect((await searchPg('редкен')).total).toBe(await brandCount('redken'))
    expect((await searchPg('redken')).total).toBe(await brandCount('redken'))
    expect((await productsOf((await searchPg('matriks')).ids))[0]?.brand).toBe('matrix')
  })

  it('forgives a one-letter typo (missing, swapped, wrong letter)', async () => {
    const total = (await searchPg('шампунь')).total
    for (const typo of ['шампнь', 'шамупнь', 'шампкнь']) {
      const res = await searchPg(typo)
      expect(res.total, typo).toBe(total)
      expect(res.corrected, typo).toBe('шампунь')
    }
    expect((await searchPg('шампуннь')).total).toBe(total)
    expect((await productsOf((await searchPg('керастас')).ids))[0]?.brand).toBe('kerastase')
  })

  it('groups services, blog posts and FAQ', async () => {
    const { match } = await searchPg('окрашивание')
    const hits = [
      ...(await pgFts.contentHits(pgDb, match!, 'service', 5)),
      ...(await pgFts.contentHits(pgDb, match!, 'post', 5)),
    ]
    expect(hits.length).toBeGreaterThan(0)
    for (const hit of hits) expect(hit).toMatchObject({ title: expect.any(String), link: expect.stringMatching(/^\//) })
    const faq = await searchPg('доставка')
    expect((await pgFts.contentHits(pgDb, faq.match!, 'faq', 5)).length).toBeGreaterThan(0)
  })

  it('paginates; nothing found is empty; query syntax in the text is only text', async () => {
    const { match, total } = await searchPg('волос')
    expect(total).toBeGreaterThan(24)
    const p1 = await pgFts.rankedProductIds(pgDb, match!, 24, 0)
    const p2 = await pgFts.rankedProductIds(pgDb, match!, 24, 24)
    expect(p1.length).toBe(24)
    expect(p2.some((id) => p1.includes(id))).toBe(false)
    expect(await pgFts.rankedPage(pgDb, match!, 24, 24)).toEqual({ ids: p2, total })
    // A page past the end has no row to carry the count: counted alone.
    expect(await pgFts.rankedPage(pgDb, match!, 24, total + 24)).toEqual({ ids: [], total })
    expect((await searchPg('zzzzqqqq')).total).toBe(0)
    for (const s of ['"', '*', 'a OR b', 'NEAR(', '(((', "'; drop table products; --", "o'neil \\ & | ! <->"])
      await expect(searchPg(s), s).resolves.toBeDefined()
    for (const m of ['"zq\'yq"', '"zq\\bq"*', '"&" "|"', '""', ''])
      await expect(pgFts.anyMatch(pgDb, m), m).resolves.toBe(false)
  })

  it('suggests as you type (the last word a prefix), also with a typo or wrong layout', async () => {
    const names = async (s: string) => (await productsOf((await searchPg(s, true, 6)).ids)).map((p) => p.name)
    const prefix = await names('шамп')
    expect(prefix.length).toBeGreaterThan(0)
    for (const n of prefix) expect(n).toMatch(/шамп/i)
    expect((await names('ifvgeym'))[0]).toMatch(/шампунь/i)
    expect((await names('шамупнь'))[0]).toMatch(/шампунь/i)
  })

  it("the catalog's filter takes the match as a parameter of a prepared query", async () => {
    const { match, total } = await searchPg('маска')
    const query = db
      .select({ n: sql<number>`count(*)::int` })
      .from(sql`products`)
      .where(sql`not hidden and id in (${pgFts.matchedProductIds(sql.placeholder('match'))})`)
      .prepare('pg-search.filter')
    expect((await query.execute({ match: match! }))[0]?.n).toBe(total)
  })

  it('a word in the title outranks the same word in the body', async () => {
    // Equally in stock: the ranking reads the products' stock (ADR 051), so both are products.
    await db.execute(sql`insert into products (id, name, brand_id, hidden, total_stock)
      select id, 'zzrankq', (select min(id) from brands), false, 1 from unnest(array[1000000, 1000001]) id`)
    await pgFts.insertProductDocs(pgDb, [
      { id: 1_000_001, title: 'zzrankq', body: '' },
      { id: 1_000_000, title: 'шампун', body: 'zzrankq' },
    ])
    try {
      expect(await pgFts.rankedProductIds(pgDb, '"zzrankq"', 10, 0)).toEqual([1_000_001, 1_000_000])
    } finally {
      await pgFts.deleteProductDocs(pgDb, [1_000_000, 1_000_001])
      await db.execute(sql`delete from products where id in (1000000, 1000001)`)
    }
  })

  it('reindexing products replaces their documents; the vocabulary keeps existing frequencies', async () => {
    const [id] = (await searchPg('шампунь')).ids
    await pgFts.deleteProductDocs(pgDb, [id!])
    expect(await pgFts.rankedProductIds(pgDb, '"шампун"', 1000, 0)).not.toContain(id)
    await pgFts.insertProductDocs(pgDb, [{ id: id!, title: 'шампун zzzzqqqq', body: '' }])
    expect(await pgFts.rankedProductIds(pgDb, '"zzzzqqqq"', 10, 0)).toEqual([id])
    await pgFts.insertTerms(pgDb, [
      { variant: 'шампунь', term: 'шампунь', freq: 1 },
      { variant: 'новслово', term: 'новслово', freq: 1 },
      { variant: 'новслово', term: 'новслово', freq: 2 },
    ])
    const terms = await pgFts.termsUnder(pgDb, ['шампунь', 'новслово'])
    expect(terms.find((t) => t.term === 'новслово')).toEqual({ term: 'новслово', freq: 1 })
    expect(terms.find((t) => t.term === 'шампунь')!.freq).toBeGreaterThan(1)
  })
})
