/**
 * npm run bench:catalog — catalog listing and search latency at 1k, 10k and 100k products.
 * Builds a temporary database (migrated + seeded), grows it with synthetic products made from
 * the seed's own names and dictionaries, rebuilds the search index and ANALYZEs at each size,
 * then times the service functions the pages call (in-process, no HTTP): p50 / p95 in ms.
 *
 *   --engine pg   on PostgreSQL: a throwaway cluster (scripts/pg-cluster.mjs), a fresh database
 *   BENCH_SIZES   sizes (default 1000,10000,100000); BENCH_RUNS runs per cell (default 200)
 *   BENCH_COLD_RUNS  runs of "search after a write" (default 24: three rounds of the queries)
 *   BENCH_KEEP=1  keep the database (SQLite file; PostgreSQL cluster) and print where it is
 *
 * "search" repeats eight queries, as visitors repeat popular ones: facet counts over the matches
 * come from their cache after the first round (ADR 043). "search after a write" makes a write
 * before each call (untimed), which empties every cache keyed by the data version (ADR 013):
 * the price of the first search of a query.
 */
import { rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { eq, max, sql } from 'drizzle-orm'
import { closeDatabase, openDatabase, openDatabaseAsync, setDbForTests } from '../db/client'
import { afterExplicitIds, execute, transaction } from '../db/engine'
import {
  brands as brandsTable,
  catalogSections,
  productOffers,
  productProperties,
  productPropertyLinks,
  products,
} from '../db/schema'
import { seedAll } from '../seed/seed-all'
import { createContext } from '../server/context'
import { listCatalog } from '../server/services/catalog'
import { rebuildSearchIndex, search } from '../server/services/search'
import { CatalogQuery } from '../server/contracts/catalog'
import { pgDatabase, stopPgCluster } from './bench-lib'

const { values: args } = parseArgs({ options: { engine: { type: 'string', default: 'sqlite' } } })
const ENGINE = args.engine === 'pg' ? 'pg' : 'sqlite'
const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number)
const RUNS = Number(process.env.BENCH_RUNS ?? 200)
const COLD_RUNS = Number(process.env.BENCH_COLD_RUNS ?? 24)

const file = join(tmpdir(), `hair-shop-bench-${process.pid}.db`)
const cleanup = () => {
  for (const s of ['', '-wal', '-shm']) rmSync(file + s, { force: true })
}
const cluster = ENGINE === 'pg' ? await pgDatabase('hair_shop_bench_catalog') : undefined
if (!cluster) cleanup()
const db = cluster ? await openDatabaseAsync(cluster.url) : openDatabase(file)
await seedAll(db)
setDbForTests(db)

let seed = 42
const rnd = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed / 2147483648
}
const pick = <T>(xs: T[]): T => xs[Math.floor(rnd() * xs.length)] as T

const templates = await db
  .select({
    name: products.name,
    nameEn: products.nameEn,
    description: products.description,
    image: products.image,
    gallery: products.gallery,
  })
  .from(products)
  .orderBy(products.id)
const sections = (await db.select({ id: catalogSections.id }).from(catalogSections).orderBy(catalogSections.id)).map(
  (r) => r.id,
)
const brands = await db.select({ id: brandsTable.id, slug: brandsTable.slug }).from(brandsTable).orderBy(brandsTable.id)
const props = await db
  .select({ id: productProperties.id, kind: productProperties.kind, code: productProperties.code })
  .from(productProperties)
  .orderBy(productProperties.id)
const VOLUMES = [30, 50, 100, 150, 200, 250, 300, 500, 1000]
const SERIES = [
  'Aqua',
  'Repair',
  'Color',
  'Volume',
  'Pure',
  'Silk',
  'Gloss',
  'Nutri',
  'Keratin',
  'Argan',
  'Detox',
  'Bond',
  'Curl',
  'Blond',
  'Scalp',
]

const maxOf = async (
  col: typeof products.id | typeof productOffers.id,
  table: typeof products | typeof productOffers,
) => ((await db.select({ m: max(col) }).from(table))[0]?.m ?? 0) + 1
let nextProduct = await maxOf(products.id, products)
let nextOffer = await maxOf(productOffers.id, productOffers)
let have = nextProduct - 1

/** Rows in batches (SQLite takes up to 32 766 values per statement, PostgreSQL 65 535). */
async function insertAll<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 1000) await insert(rows.slice(i, i + 1000))
}

async function grow(to: number): Promise<number> {
  const productRows: (typeof products.$inferInsert)[] = []
  const offerRows: (typeof productOffers.$inferInsert)[] = []
  const linkRows: (typeof productPropertyLinks.$inferInsert)[] = []
  for (let i = have; i < to; i++) {
    const t = pick(templates)
    const series = `${pick(SERIES)} ${Math.floor(rnd() * 900) + 100}`
    const offers = Array.from({ length: 1 + Math.floor(rnd() * 3) }, (_, k) => {
      const price = Math.round((300 + rnd() * 9000) / 10) * 10
      return {
        volume: VOLUMES[(k * 3 + Math.floor(rnd() * 3)) % VOLUMES.length] as number,
        price,
        old: rnd() < 0.2 ? price + 500 : null,
        stock: rnd() < 0.15 ? 0 : Math.floor(rnd() * 50),
      }
    })
    const pid = nextProduct++
    productRows.push({
      id: pid,
      slug: `bench-${i}`,
      sectionId: pick(sections),
      brandId: pick(brands).id,
      name: `${t.name} ${series}`,
      nameEn: `${t.nameEn} ${series}`,
      description: t.description,
      image: t.image,
      gallery: t.gallery,
      popularity: Math.floor(rnd() * 1000),
      minPrice: Math.min(...offers.map((o) => o.price)),
      totalStock: offers.reduce((s, o) => s + o.stock, 0),
      createdAt: Date.UTC(2025, 0, 1) + Math.floor(rnd() * 500) * 86_400_000,
    })
    offers.forEach((o, k) =>
      offerRows.push({
        id: nextOffer++,
        productId: pid,
        sku: `B-${i}-${k}`,
        volume: o.volume,
        price: o.price,
        oldPrice: o.old,
        stock: o.stock,
        sort: k,
      }),
    )
    for (let k = 0; k < 3; k++) linkRows.push({ productId: pid, propertyId: pick(props).id })
  }
  have = to
  await transaction(db, async (tx) => {
    await insertAll(productRows, (b) => tx.insert(products).values(b))
    await insertAll(offerRows, (b) => tx.insert(productOffers).values(b))
    await insertAll(linkRows, (b) => tx.insert(productPropertyLinks).values(b).onConflictDoNothing())
    await afterExplicitIds(tx)
  })
  const t0 = performance.now()
  await rebuildSearchIndex(db)
  await execute(db, sql`analyze`)
  return performance.now() - t0
}

/**
 * p50 / p95 of `fn` (a service call, awaited: the services return promises, issue 13).
 * `before` runs ahead of each call, untimed.
 */
async function time(
  fn: () => Promise<unknown>,
  runs = RUNS,
  before: () => Promise<unknown> = async () => {},
): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 5; i++) await fn()
  const xs: number[] = []
  for (let i = 0; i < runs; i++) {
    await before()
    const t = performance.now()
    await fn()
    xs.push(performance.now() - t)
  }
  xs.sort((a, b) => a - b)
  const q = (p: number) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))] as number
  return { p50: q(0.5), p95: q(0.95) }
}

/** A write that changes nothing a page shows: it moves the data version (ADR 013). */
const touch = () =>
  db
    .update(products)
    .set({ popularity: sql`${products.popularity}` })
    .where(eq(products.id, 1))

const ctx = await createContext(new Request('http://bench.local/'), db)
const QUERIES = [
  'шампунь',
  'маска для сухих волос',
  'керастаз',
  'ifvgeym',
  'шамупнь',
  'масло argan',
  'redken',
  'кондиционер увлажняющий',
]
const sectionSlugs = (
  await db.select({ slug: catalogSections.slug }).from(catalogSections).orderBy(catalogSections.id)
).map((r) => r.slug)

const rows: Record<string, string | number>[] = []
for (const size of SIZES) {
  const indexMs = await grow(size)
  let qi = 0
  const searchNext = () => search(ctx, { s: QUERIES[qi++ % QUERIES.length] as string, page: 1 })
  const s = await time(searchNext)
  const cold = await time(searchNext, COLD_RUNS, touch)
  const listing = await time(() =>
    listCatalog(
      ctx,
      CatalogQuery.parse({
        section: pick(sectionSlugs),
        sort: pick(['price-asc', 'price-desc', 'new', 'popular']),
        page: 2,
        filter: {
          brand: [pick(brands).slug, pick(brands).slug],
          'in-stock': '1',
          price: { min: '500', max: '6000' },
          'hair-type': [pick(props.filter((p) => p.kind === 'hair-type')).code],
        },
      }),
    ),
  )
  const root = await time(() => listCatalog(ctx, CatalogQuery.parse({ sort: 'price-asc' })))
  const f = (x: number) => x.toFixed(1)
  rows.push({
    products: size,
    'search p50': f(s.p50),
    'search p95': f(s.p95),
    'search after a write p50': f(cold.p50),
    'search after a write p95': f(cold.p95),
    'filtered listing p50': f(listing.p50),
    'filtered listing p95': f(listing.p95),
    'whole catalog p50': f(root.p50),
    'whole catalog p95': f(root.p95),
    'index rebuild s': (indexMs / 1000).toFixed(1),
  })
  console.error(`… ${size} products done`)
}
console.log(
  `Catalog benchmark on ${ENGINE === 'pg' ? 'PostgreSQL' : 'SQLite'}: ${RUNS} runs per cell (${COLD_RUNS} after a write), times in ms (listing = page of cards + total + every facet count); load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
)
console.table(rows)
await closeDatabase(db)
// BENCH_KEEP: the database stays (its file, or the cluster: stop it with scripts/pg-cluster.mjs stop <dir>).
if (process.env.BENCH_KEEP) console.error(cluster ? `${cluster.url} ${cluster.dir}` : file)
else if (cluster) stopPgCluster(cluster.dir)
else cleanup()
