import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { request } from 'node:http'
import { connect, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../helpers/net'
import { rows, scalar } from '../helpers/db'
import { offersInStock, setStock, stockOf } from '../helpers/commerce'
import { testDatabaseTarget } from '../helpers/setup-file'

/**
 * `npm start` with WEB_CONCURRENCY=2 (ADR 018): two server processes share the port, and what one
 * writes every other read sees at once, whichever process answers. Runs when BUILD_DIR names a
 * build: `BUILD_DIR=.output npx vitest run tests/integration/cluster.test.ts`.
 */
const build = process.env.BUILD_DIR
let port = 0

interface Answer {
  status: number
  body: string
  headers: Record<string, string | string[] | undefined>
}

/** One request on a connection of its own (`Connection: close`): the primary hands each new one to the next worker. */
function fresh(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body)
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        headers: {
          connection: 'close',
          ...(data ? { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}` } : {}),
          ...headers,
        },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (c: string) => (text += c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, headers: res.headers }))
      },
    )
    req.on('error', reject)
    req.end(data)
  })
}

const workersOf = (pid: number) =>
  spawnSync('ps', ['--ppid', String(pid), '-o', 'pid='], { encoding: 'utf8' })
    .stdout.split('\n')
    .map((s) => Number(s.trim()))
    .filter((n) => n > 0)

/** The processes holding the server side of established connections to the port (`ss -tnp`). */
function connectionOwners(): Set<number> {
  const out = spawnSync('ss', ['-tnpH', 'state', 'established', `( sport = :${port} )`], { encoding: 'utf8' }).stdout
  return new Set([...out.matchAll(/pid=(\d+)/g)].map((m) => Number(m[1])))
}

describe.skipIf(!build || !existsSync(`${build}/server/index.mjs`))('npm start with WEB_CONCURRENCY=2', () => {
  let primary: ChildProcess
  let workers: number[] = []

  beforeAll(async () => {
    const target = testDatabaseTarget() // the PostgreSQL URL, or the checkpointed SQLite file
    port = await freePort()
    primary = spawn(process.execPath, ['scripts/start.mjs'], {
      env: {
        ...process.env,
        BUILD_DIR: build,
        WEB_CONCURRENCY: '2',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: /^postgres/.test(target) ? target : `file:${target}`,
        LOG_LEVEL: 'warn',
        // Each racing buyer comes from an address of its own.
        TRUSTED_PROXIES: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    primary.stdout?.on('data', (d: Buffer) => (out += d.toString()))
    for (let i = 0; i < 300 && !out.includes('Serving with 2 server process'); i++) {
      await new Promise((r) => setTimeout(r, 200))
    }
    workers = workersOf(primary.pid ?? 0)
    if (workers.length !== 2) throw new Error(`expected 2 server processes, found ${workers.length}:\n${out}`)
  }, 90_000)

  afterAll(async () => {
    if (!primary || primary.exitCode !== null) return
    const exited = new Promise((r) => primary.once('exit', r))
    primary.kill('SIGTERM')
    await exited
  }, 30_000)

  it('runs two server processes, and new connections go to both', async () => {
    const sockets: Socket[] = await Promise.all(
      Array.from(
        { length: 6 },
        () =>
          new Promise<Socket>((resolve, reject) => {
            const s = connect(port, '127.0.0.1', () => resolve(s))
            s.on('error', reject)
          }),
      ),
    )
    let owners = new Set<number>()
    for (let i = 0; i < 50 && owners.size < 2; i++) {
      await new Promise((r) => setTimeout(r, 100))
      owners = connectionOwners()
    }
    for (const s of sockets) s.destroy()
    expect([...owners].sort()).toEqual([...workers].sort())
  })

  it('a write through one request is seen by every later read, whichever process answers', async () => {
    const [offer] = await offersInStock(5)
    const { path, sku } = await productOf(offer!.id)
    const stockIn = (text: string) => Number(new RegExp(`sku"?:"${sku}"[\\s\\S]{0,200}?stock"?:(\\d+)`).exec(text)?.[1])
    // Both processes render the visitor page and keep it (server/page-cache.ts).
    for (let i = 0; i < 6; i++) {
      const page = await fresh('GET', path)
      expect(page.status).toBe(200)
      expect(stockIn(page.body)).toBe(offer!.stock)
    }
    // On PostgreSQL any commit of any process (a periodic job at boot, a session write) drops every
    // process's cached pages when its NOTIFY arrives (ADR 023): a page may be rendered once more
    // before it is kept again.
    await expect
      .poll(async () => (await fresh('GET', path)).headers['x-page-cache'], { timeout: 5_000, interval: 50 })
      .toBe('hit')

    const bought = await fresh('POST', '/api/orders-fast-buy/', { id: offer!.id, quantity: 2, phone: phone() })
    expect(bought.status).toBe(200)
    if (process.env.DB_ENGINE === 'pg') {
      // PostgreSQL: another process's caches learn of the commit when its NOTIFY arrives (db/pg-signal.ts),
      // milliseconds after the commit; SQLite's data_version shows it to the very next request.
      await expect
        .poll(async () => stockIn((await fresh('GET', path)).body), { timeout: 2_000, interval: 10 })
        .toBe(offer!.stock - 2)
      await expect
        .poll(async () => stockIn((await fresh('GET', path)).body), { timeout: 2_000, interval: 10 })
        .toBe(offer!.stock - 2)
    }
    const reads = []
    for (let i = 0; i < 20; i++) {
      const [page, api] = await Promise.all([
        fresh('GET', path),
        fresh('GET', `/api/entity/?path=${encodeURIComponent(path)}`),
      ])
      reads.push([stockIn(page.body), stockIn(api.body)])
    }
    expect(reads).toEqual(Array.from({ length: 20 }, () => [offer!.stock - 2, offer!.stock - 2]))
  })

  it('anonymous shoppers adding to carts in both processes leave the cached pages; a stock change from another process shows sold out at once', async () => {
    const [offer] = await offersInStock(3)
    const { path, sku } = await productOf(offer!.id)
    const stockIn = (text: string) => Number(new RegExp(`sku"?:"${sku}"[\\s\\S]{0,200}?stock"?:(\\d+)`).exec(text)?.[1])
    await keptEverywhere(path)
    // Issue 25: every cart add dropped every cached page of every process.
    for (let i = 0; i < 6; i++) {
      const add = await fresh('POST', '/api/cart-list/', { id: offer!.id }, { 'x-forwarded-for': `203.0.113.${i + 1}` })
      expect(add.status).toBe(200)
      const page = await fresh('GET', path)
      expect(page.headers['x-page-cache'], `read after cart add ${i + 1}`).toBe('hit')
    }
    // Sold out, written by another process (this test's connection: like a seed or `npm run db:sql`).
    await setStock(offer!.id, 0)
    if (process.env.DB_ENGINE === 'pg') {
      await expect.poll(async () => stockIn((await fresh('GET', path)).body), { timeout: 2_000, interval: 10 }).toBe(0)
      await expect.poll(async () => stockIn((await fresh('GET', path)).body), { timeout: 2_000, interval: 10 }).toBe(0)
    }
    const reads = await Promise.all(Array.from({ length: 6 }, () => fresh('GET', path)))
    expect(reads.map((r) => stockIn(r.body))).toEqual([0, 0, 0, 0, 0, 0])
    await setStock(offer!.id, offer!.stock)
  })

  it('a visitor from an ad gets the page everyone gets, without the ad’s parameters in it', async () => {
    await keptEverywhere('/')
    const ad = await fresh('GET', '/?utm_source=yandex&utm_campaign=zz9sale&yclid=8812345&r=0.5')
    expect(ad.status).toBe(200)
    expect(ad.headers['x-page-cache']).toBe('hit')
    expect(ad.body).not.toMatch(/zz9sale|8812345|utm_/)
  })

  it('30 one-click orders for the last unit, spread over both processes: exactly one succeeds', async () => {
    const [offer] = await offersInStock(1)
    await setStock(offer!.id, 1)
    const orders = await scalar<number>('select count(*) from orders')
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        fresh(
          'POST',
          '/api/orders-fast-buy/',
          { id: offer!.id, phone: phone() },
          { 'x-forwarded-for': `198.51.100.${i + 1}` },
        ).then((r) => r.status),
      ),
    )
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(29)
    expect(await stockOf(offer!.id)).toBe(0)
    expect(await scalar<number>('select count(*) from orders')).toBe(orders + 1)
  }, 60_000)
})

/** Waits until both processes keep the page (new connections go to either: six hits at once). */
async function keptEverywhere(path: string) {
  const hits = async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => fresh('GET', path)))
    return answers.every((a) => a.headers['x-page-cache'] === 'hit')
  }
  await expect.poll(hits, { timeout: 10_000, interval: 50 }).toBe(true)
}

let phoneSeq = 0
const phone = () => `+7912300${String(++phoneSeq).padStart(4, '0')}`

/** The product page of an offer, and the offer's SKU (how its stock is found in a page or an answer). */
async function productOf(offerId: number): Promise<{ path: string; sku: string }> {
  const [row] = await rows<{ section: string; product: string; sku: string }>(
    `select s.slug as section, p.slug as product, o.sku as sku from product_offers o
       join products p on p.id = o.product_id join catalog_sections s on s.id = p.section_id where o.id = ?`,
    offerId,
  )
  return { path: `/catalog/${row!.section}/${row!.product}/`, sku: row!.sku }
}
