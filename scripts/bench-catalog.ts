/**
 * npm run bench:catalog — catalog listing and search latency at 1k, 10k and 100k products.
 * Builds a temporary database (migrated + seeded), grows it with synthetic products made from
 * the seed's own names and dictionaries, rebuilds the search index and ANALYZEs at each size,
 * then times the service functions the pages call (in-process, no HTTP): p50 / p95 in ms.
 */
import { rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase, setDbForTests } from '../db/client'
import { seedAll } from '../seed/seed-all'
import { createContext } from '../server/context'
import { listCatalog } from '../server/services/catalog'
import { rebuildSearchIndex, search } from '../server/services/search'
import { CatalogQuery } from '../server/contracts/catalog'

const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number)
const RUNS = Number(process.env.BENCH_RUNS ?? 200)

const file = join(tmpdir(), `hair-shop-bench-${process.pid}.db`)
const cleanup = () => {
  for (const s of ['', '-wal', '-shm']) rmSync(file + s, { force: true })
}
cleanup()
const db = openDatabase(file)
await seedAll(db)
setDbForTests(db)
const c = db.$client

let seed = 42
const rnd = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed / 2147483648
}
const pick = <T>(xs: T[]): T => xs[Math.floor(rnd() * xs.length)] as T

const templates = c
  .prepare('select name, name_en as nameEn, description, image, gallery from products')
  .all() as Record<string, string>[]
const sections = (c.prepare('select id from catalog_sections').all() as { id: number }[]).map((r) => r.id)
const brands = c.prepare('select id, slug from brands').all() as { id: number; slug: string }[]
const props = c.prepare('select id, kind, code from product_properties').all() as {
  id: number
  kind: string
  code: string
}[]
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

const insProduct = c.prepare(
  `insert into products (slug, section_id, brand_id, name, name_en, description, image, gallery, popularity, min_price, total_stock, created_at)
   values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
)
const insOffer = c.prepare(
  'insert into product_offers (id, product_id, sku, volume, price, old_price, stock, sort) values (?, ?, ?, ?, ?, ?, ?, ?)',
)
const insLink = c.prepare('insert or ignore into product_property_links (product_id, property_id) values (?, ?)')
let nextOffer = (c.prepare('select max(id) as m from product_offers').get() as { m: number }).m + 1

async function grow(to: number): Promise<number> {
  const have = (c.prepare('select count(*) as n from products').get() as { n: number }).n
  c.transaction(() => {
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
      const minPrice = Math.min(...offers.map((o) => o.price))
      const stock = offers.reduce((s, o) => s + o.stock, 0)
      const { lastInsertRowid } = insProduct.run(
        `bench-${i}`,
        pick(sections),
        pick(brands).id,
        `${t.name} ${series}`,
        `${t.nameEn} ${series}`,
        t.description,
        t.image,
        t.gallery,
        Math.floor(rnd() * 1000),
        minPrice,
        stock,
        Date.UTC(2025, 0, 1) + Math.floor(rnd() * 500) * 86_400_000,
      )
      const pid = Number(lastInsertRowid)
      offers.forEach((o, k) => insOffer.run(nextOffer++, pid, `B-${i}-${k}`, o.volume, o.price, o.old, o.stock, k))
      for (let k = 0; k < 3; k++) insLink.run(pid, pick(props).id)
    }
  })()
  const t0 = performance.now()
  await rebuildSearchIndex(db)
  c.exec('analyze')
  return performance.now() - t0
}

/** p50 / p95 of `fn` (a service call, awaited: the services return promises, issue 13). */
async function time(fn: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 5; i++) await fn()
  const xs: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now()
    await fn()
    xs.push(performance.now() - t)
  }
  xs.sort((a, b) => a - b)
  const q = (p: number) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))] as number
  return { p50: q(0.5), p95: q(0.95) }
}

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
const sectionSlugs = (c.prepare('select slug from catalog_sections').all() as { slug: string }[]).map((r) => r.slug)

const rows: Record<string, string | number>[] = []
for (const size of SIZES) {
  const indexMs = await grow(size)
  let qi = 0
  const s = await time(() => search(ctx, { s: QUERIES[qi++ % QUERIES.length] as string, page: 1 }))
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
    'filtered listing p50': f(listing.p50),
    'filtered listing p95': f(listing.p95),
    'whole catalog p50': f(root.p50),
    'whole catalog p95': f(root.p95),
    'index rebuild s': (indexMs / 1000).toFixed(1),
  })
  console.error(`… ${size} products done`)
}
console.log(
  `Catalog benchmark: ${RUNS} runs per cell, times in ms (listing = page of cards + total + every facet count)`,
)
console.table(rows)
db.$client.close()
if (!process.env.BENCH_KEEP) cleanup()
else console.error(file)
