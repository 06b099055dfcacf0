// `npm run bench`: throughput, Lighthouse and first-load JS of the production build, on a fresh
// database, in one run. A script that prints figures, not a test.
//
//   --processes N   serve through `npm start` (scripts/start.mjs) with WEB_CONCURRENCY=N (ADR 018);
//                   without it, one server process is started directly, as before
//   --rows a,b      only the throughput rows whose name contains one of these (no browser parts);
//                   `--rows mixed` only the readers-beside-writers table (issue 25)
//   --build-dir D   use the build in D instead of building .output-bench
//   --engine pg     on PostgreSQL: a throwaway cluster (scripts/pg-cluster.mjs), a fresh database
//                   (default: sqlite, a fresh file)
//   BENCH_PORT=P    serve on P (the raw ceiling on P + 1); default 3401
//   BENCH_JSON=F    also write the throughput rows to F as JSON (scripts/bench-engines.ts reads it)
import autocannon from 'autocannon'
import { createServer } from 'node:http'
import { rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from '@playwright/test'
import {
  build,
  peakRssMb,
  pgDatabase,
  prepareDb,
  type Row,
  sleep,
  startServer,
  startShop,
  stopPgCluster,
  waitFor,
} from './bench-lib'
import { firstLoadScripts, firstLoadTotals, pageTypes } from './first-load-lib'
import { mixedRows, WRITES_PER_SECOND } from './bench-mixed'

const { values: args } = parseArgs({
  options: {
    processes: { type: 'string' },
    rows: { type: 'string' },
    'build-dir': { type: 'string' },
    engine: { type: 'string', default: 'sqlite' },
  },
})
const PROCESSES = args.processes === undefined ? undefined : Number(args.processes)
const ROWS = args.rows?.split(',').filter(Boolean)
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const OUT = args['build-dir'] ?? '.output-bench'
const PORT = Number(process.env.BENCH_PORT ?? 3401)
const RAW_PORT = PORT + 1
const BASE = `http://localhost:${PORT}`
const DURATION = Number(process.env.BENCH_SECONDS ?? 10)
const LH_RUNS = Number(process.env.LH_RUNS ?? 3)
const ENGINE = args.engine === 'pg' ? 'pg' : 'sqlite'
const cluster = ENGINE === 'pg' ? await pgDatabase('hair_shop_bench') : undefined
/** The database: a SQLite file, or a PostgreSQL URL (bench-lib passes either as DATABASE_URL). */
const dbFile = cluster?.url ?? join(tmpdir(), `hair-shop-bench-${Date.now()}.db`)

const STARTUP_BATCH = [
  'userCity:/user-city/',
  'siteContacts:/site-contacts/',
  'siteOptions:/site-options/',
  'siteCities:/site-cities/',
  'navHeader:/nav-header/',
  'navFooter:/nav-footer/',
  'catalogSections:/catalog-sections/',
  'servicesSections:/services-sections/',
]
  .map((e, i) => {
    const [key, route] = e.split(':') as [string, string]
    return `requests[${i}][key]=${key}&requests[${i}][route]=${encodeURIComponent(route)}`
  })
  .join('&')

async function load(name: string, opts: autocannon.Options): Promise<Row | null> {
  if (ROWS && !name.startsWith('raw') && !ROWS.some((r) => name.includes(r))) return null
  await autocannon({ ...opts, duration: 2 }) // warm-up
  const r = await autocannon({ ...opts, duration: DURATION })
  return {
    name,
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
  }
}

async function lighthouse(url: string, cookie?: string) {
  const { default: lh } = await import('lighthouse')
  const chromeLauncher = await import('chrome-launcher')
  const runs: {
    perf: number
    a11y: number
    bp: number
    seo: number
    lcp: number
    tbt: number
    cls: number
    'script ms': number
    'parse ms': number
    'layout ms': number
    'longest task ms': number
    'console errors': number
    'failed audits': string
  }[] = []
  for (let i = 0; i < LH_RUNS; i++) {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--lang=ru-RU',
        '--accept-lang=ru-RU',
      ],
    })
    try {
      const result = await lh(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
      })
      const lhr = result?.lhr
      if (!lhr) continue
      const score = (k: string) => Math.round((lhr.categories[k]?.score ?? 0) * 100)
      const audit = (k: string) => lhr.audits[k]?.numericValue ?? NaN
      runs.push({
        perf: score('performance'),
        a11y: score('accessibility'),
        bp: score('best-practices'),
        seo: score('seo'),
        lcp: Math.round(audit('largest-contentful-paint')),
        tbt: Math.round(audit('total-blocking-time')),
        cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
        // What hydration costs, from the run's trace (issue 14 point 5): the main thread's script
        // evaluation (module code and React's hydration), parse/compile, style and layout, and the
        // longest task (what TBT counts above 50 ms).
        'script ms': mainThread(lhr, 'scriptEvaluation'),
        'parse ms': mainThread(lhr, 'scriptParseCompile'),
        'layout ms': mainThread(lhr, 'styleLayout'),
        'longest task ms': Math.round(
          Math.max(
            0,
            ...((lhr.audits['long-tasks']?.details as { items?: { duration: number }[] } | undefined)?.items ?? []).map(
              (t) => t.duration,
            ),
          ),
        ),
        // A hydration mismatch is a console error.
        'console errors':
          (lhr.audits['errors-in-console']?.details as { items?: unknown[] } | undefined)?.items?.length ?? 0,
        // Which audits of accessibility, best practices and SEO failed (empty when all passed).
        'failed audits': Object.values(lhr.categories)
          .filter((c) => c.id !== 'performance')
          .flatMap((c) =>
            c.auditRefs.filter((a) => a.weight > 0 && (lhr.audits[a.id]?.score ?? 1) < 1).map((a) => a.id),
          )
          .join(' '),
      })
    } finally {
      chrome.kill()
    }
  }
  runs.sort((a, b) => a.perf - b.perf)
  return runs[Math.floor(runs.length / 2)]
}

/** Milliseconds of one group of Lighthouse's main-thread work breakdown. */
function mainThread(lhr: { audits: Record<string, { details?: unknown } | undefined> }, group: string): number {
  const items = (lhr.audits['mainthread-work-breakdown']?.details as { items?: { group: string; duration: number }[] })
    ?.items
  return Math.round(items?.find((i) => i.group === group)?.duration ?? 0)
}

/** A signed-in shopper (registered just now) with 3 cart lines and 2 favorites: their cookie. */
async function signedInShopper(productIds: number[]): Promise<string> {
  const post = async (path: string, body: unknown, cookie = '') => {
    const res = await fetch(`${BASE}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    })
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`)
    return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
  }
  const cookie = await post('/user-registration/', {
    fullname: 'Bench Shopper',
    phone: '+79005550101',
    email: 'bench@example.com',
    password: 'bench-Pass-2026',
    type: 'individual',
  })
  for (const id of [1, 2, 3]) await post('/cart-list/', { id }, cookie)
  for (const id of productIds.slice(0, 2)) await post('/favorites-list/', { id }, cookie)
  return cookie
}

async function main() {
  if (!args['build-dir']) {
    console.log('Building the production server…')
    build(OUT)
  }
  prepareDb(dbFile)
  const server = PROCESSES === undefined ? startServer(OUT, PORT, dbFile) : startShop(OUT, PORT, dbFile, PROCESSES)
  const raw = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
    res.end('{"ok":true}')
  }).listen(RAW_PORT)
  try {
    await waitFor(`${BASE}/healthz`)
    // A session with a cart, for GET /api/cart-list/.
    const add = await fetch(`${BASE}/api/cart-list/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: 1 }),
    })
    const cookie = (add.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
    const section = (await (await fetch(`${BASE}/api/catalog-sections/`)).json()) as { link: string }[]
    const sectionPath = section[0]?.link ?? '/catalog/'
    const entity = (await (await fetch(`${BASE}/api/entity/?path=${encodeURIComponent(sectionPath)}`)).json()) as {
      data?: { products?: { items?: { link: string; id: number }[] } }
    }
    const productPath = entity.data?.products?.items?.[0]?.link ?? '/catalog/'
    const productIds = (entity.data?.products?.items ?? []).map((i) => i.id)
    const posts = (await (await fetch(`${BASE}/api/entity/?path=/blog/`)).json()) as {
      data?: { items?: { link: string }[]; posts?: { items?: { link: string }[] } }
    }
    const postPath = posts.data?.items?.[0]?.link ?? posts.data?.posts?.items?.[0]?.link ?? '/blog/'

    const rows: (Row | null)[] = []
    rows.push(await load('raw node:http JSON (ceiling)', { url: `http://localhost:${RAW_PORT}/`, connections: 50 }))
    rows.push(await load('framework trivial JSON /healthz', { url: `${BASE}/healthz`, connections: 50 }))
    rows.push(
      await load('POST /api/composite/ (8-route startup batch)', {
        url: `${BASE}/api/composite/`,
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: STARTUP_BATCH,
        connections: 50,
      }),
    )
    rows.push(
      await load('GET /api/cart-list/ (with a session)', {
        url: `${BASE}/api/cart-list/`,
        headers: { cookie },
        connections: 50,
      }),
    )
    // A signed-in shopper with 3 cart lines and 2 favorites: beside the visitor on every pair below.
    const shopper = await signedInShopper(productIds)
    // The entity of a section and of a product, without a session and with the shopper's (issue 14 §3).
    for (const path of [sectionPath, productPath]) {
      const url = `${BASE}/api/entity/?path=${encodeURIComponent(path)}`
      rows.push(await load(`GET /api/entity/ ${path}`, { url, connections: 50 }))
      rows.push(
        await load(`GET /api/entity/ ${path}, shopper with a session`, {
          url,
          headers: { cookie: shopper },
          connections: 50,
        }),
      )
    }
    // Each page twice: a visitor without a session (the page cache), then the shopper
    // (issue 14: at least half the visitor's req/s).
    const pairs: [string, string][] = [
      ['home /', '/'],
      [`catalog section ${sectionPath}`, sectionPath],
      [`product ${productPath}`, productPath],
    ]
    const paired: { page: string; visitor: Row | null; shopper: Row | null }[] = []
    for (const [page, path] of pairs) {
      const visitor = await load(`SSR ${page}`, { url: `${BASE}${path}`, connections: 20 })
      const own = await load(`SSR ${page}, shopper with a session`, {
        url: `${BASE}${path}`,
        headers: { cookie: shopper },
        connections: 20,
      })
      rows.push(visitor, own)
      paired.push({ page, visitor, shopper: own })
    }
    const mixed = ROWS && !ROWS.includes('mixed') ? [] : await mixedRows(BASE, pairs, DURATION)
    const ceiling = rows[0]?.rps ?? 1
    const processes = `${ENGINE === 'pg' ? 'PostgreSQL' : 'SQLite'}, ${PROCESSES === undefined ? '1 server process' : `npm start, WEB_CONCURRENCY=${PROCESSES}`}`
    console.log(
      '\nThroughput (%s; autocannon, %d s after a 2 s warm-up; JSON at 50 connections, HTML at 20)',
      processes,
      DURATION,
    )
    console.table(
      rows
        .filter((r): r is Row => r !== null)
        .map((r) => ({
          route: r.name,
          'req/s': r.rps,
          'p50 ms': r.p50,
          'p99 ms': r.p99,
          'ratio to raw': Math.round((r.rps / ceiling) * 1000) / 1000,
          errors: r.errors + r.non2xx,
        })),
    )

    if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(rows.filter((r) => r !== null)))

    console.log('\nShoppers with a session beside visitors (req/s; target: ratio >= 0.5, shopper p99 <= 100 ms)')
    console.table(
      paired
        .filter((p) => p.visitor && p.shopper)
        .map((p) => ({
          page: p.page,
          'visitor req/s': p.visitor?.rps,
          'shopper req/s': p.shopper?.rps,
          ratio: Math.round(((p.shopper?.rps ?? 0) / Math.max(1, p.visitor?.rps ?? 1)) * 100) / 100,
          'shopper p99 ms': p.shopper?.p99,
        })),
    )

    if (mixed.length) {
      console.log(
        '\nReaders beside anonymous shoppers adding to carts at %d/s (issue 25; targets: ratio >= 0.9, p99 <= 100 ms, paced reads from the cache >= 97 %%)',
        WRITES_PER_SECOND,
      )
      console.table(mixed)
    }

    if (ROWS) return
    const pages = { home: '/', 'catalog section': sectionPath, product: productPath, 'blog post': postPath }
    console.log('\nFirst-load JavaScript (every script the page loads until the network is idle), KB; goal: gzip -9 <= 120 on every page type')
    const js: Record<string, { 'gzip -9': number; 'brotli as served': number }> = {}
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    })
    for (const [name, path] of Object.entries(await pageTypes(BASE))) {
      const r = firstLoadTotals(await firstLoadScripts(browser, BASE + path, OUT))
      js[name] = { 'gzip -9': r.gzip, 'brotli as served': r.brotli }
    }
    await browser.close()
    console.table(js)

    if (process.env.SKIP_LIGHTHOUSE !== '1') {
      console.log(`\nLighthouse (mobile defaults, median of ${LH_RUNS})`)
      const lh: Record<string, unknown> = {}
      for (const [name, path] of Object.entries(pages)) lh[`${name} ${path}`] = await lighthouse(BASE + path)
      // The shopper's page is the shared one with their parts put in (ADR 021): it must hydrate
      // as cleanly (no console error, CLS 0).
      lh[`catalog section, shopper with a session`] = await lighthouse(BASE + sectionPath, shopper)
      console.table(lh)
    }
  } finally {
    console.log(`\nPeak server RSS: ${peakRssMb(server.pid ?? 0)} MB`)
    server.kill('SIGTERM')
    raw.close()
    await sleep(200)
    if (cluster) stopPgCluster(cluster.dir)
    else for (const s of ['', '-wal', '-shm']) rmSync(dbFile + s, { force: true })
  }
}

main().catch((e: unknown) => {
  console.error(e)
  process.exit(1)
})
