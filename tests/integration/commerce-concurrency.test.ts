import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, visitor } from '../helpers/api'
import { transactionRetries } from '../../db/engine-pg'
import { scalar } from '../helpers/db'
import { testDatabaseTarget } from '../helpers/setup-file'
import { offersInStock, setStock, stockOf } from '../helpers/commerce'

/**
 * Real parallelism: several OS processes, each with its own connection to this test file's
 * database, fire their requests at the same moment (in one process better-sqlite3 would
 * serialise them anyway). BEGIN IMMEDIATE + busy_timeout must keep stock and carts exact.
 * The processes start once for the file and serve each race (tests/helpers/commerce-worker.ts).
 */
const WORKERS = 5
const TSX = resolve('node_modules/.bin/tsx')
const WORKER = resolve('tests/helpers/commerce-worker.ts')

/** One worker process: `next(line)` resolves with the next line it prints after being sent `send`. */
interface Worker {
  p: ChildProcessWithoutNullStreams
  next: (send: string) => Promise<string>
}

function startWorker(file: string): Promise<Worker> {
  const p = spawn(TSX, [WORKER, file], {
    env: { ...process.env, LOG_LEVEL: 'silent' },
    stdio: ['pipe', 'pipe', 'inherit'],
  }) as unknown as ChildProcessWithoutNullStreams
  let out = ''
  let waiting: { ok: (line: string) => void; fail: (e: Error) => void } | undefined
  const deliver = () => {
    const at = out.indexOf('\n')
    if (at < 0 || !waiting) return
    const line = out.slice(0, at)
    out = out.slice(at + 1)
    const w = waiting
    waiting = undefined
    w.ok(line)
  }
  p.stdout.on('data', (d: Buffer) => {
    out += d.toString()
    deliver()
  })
  p.on('exit', (code) => waiting?.fail(new Error(`worker exited ${code}`)))
  const next = (send: string) =>
    new Promise<string>((ok, fail) => {
      waiting = { ok, fail }
      if (send) p.stdin.write(send + '\n')
      deliver()
    })
  return next('').then((up) => {
    expect(up).toBe('up')
    return { p, next }
  })
}

// The worker processes, started once for the file's races (each start loads the whole server).
let workers: Worker[] = []
beforeAll(async () => {
  const file = testDatabaseTarget()
  workers = await Promise.all(Array.from({ length: WORKERS }, () => startWorker(file)))
}, 120_000)
afterAll(async () => {
  await Promise.all(
    workers.map(({ p }) => {
      const exited = new Promise((ok) => p.once('exit', ok))
      p.stdin.end()
      return exited
    }),
  )
})

async function race(mode: 'checkout' | 'add', offerId: number, total: number, sid?: string): Promise<number[]> {
  const per = Math.ceil(total / WORKERS)
  const prepared = await Promise.all(workers.map((w) => w.next(JSON.stringify({ mode, offerId, count: per, sid }))))
  expect(prepared).toEqual(workers.map(() => 'ready'))
  const answers = await Promise.all(workers.map((w) => w.next('go')))
  return answers.flatMap((line) => JSON.parse(line) as number[])
}

describe('concurrency', () => {
  it('50 parallel checkouts for the last unit: exactly one succeeds, stock ends at 0', async () => {
    const [a] = await offersInStock(1)
    await setStock(a!.id, 1)
    const orders = await scalar<number>('select count(*) from orders')
    const statuses = await race('checkout', a!.id, 50)
    expect(statuses).toHaveLength(50)
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(49)
    expect(await stockOf(a!.id)).toBe(0)
    expect(await scalar<number>('select min(stock) from product_offers')).toBeGreaterThanOrEqual(0)
    expect(await scalar<number>('select count(*) from orders')).toBe(orders + 1)
    expect(await scalar<number>('select total_stock from products where id = ?', a!.productId)).toBe(
      await scalar<number>('select sum(stock) from product_offers where product_id = ?', a!.productId),
    )
    // The 49 losers keep their carts.
    expect(await scalar<number>('select count(*) from cart_lines where offer_id = ?', a!.id)).toBe(49)
  }, 120_000)

  it('100 parallel adds of one product to one cart: the exact quantity, bounded by stock', async () => {
    const [a] = await offersInStock(1)
    await setStock(a!.id, 60)
    const v = visitor()
    await v.post('/api/cart-promocode/', { promocode: 'WELCOME10' }) // creates the session (422: empty cart)
    const sid = v.cookies.get('sid')
    expect(sid).toBeTruthy()
    const statuses = await race('add', a!.id, 100, sid)
    expect(statuses).toHaveLength(100)
    // Any answer but these two (a 5xx of a transaction given up) is named, not just counted.
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([])
    expect(statuses.filter((s) => s === 200)).toHaveLength(60)
    expect(statuses.filter((s) => s === 409)).toHaveLength(40)
    const cart = (await v.get('/api/cart-list/')).body
    expect(cart.items).toHaveLength(1)
    expect(cart.items[0].quantity).toBe(60)

    await setStock(a!.id, 500)
    const more = await race('add', a!.id, 100, sid)
    expect(more).toHaveLength(100)
    expect(more.filter((s) => s !== 200)).toEqual([])
    expect((await v.get('/api/cart-list/')).body.items[0].quantity).toBe(160)
  }, 120_000)

  it('in one process, parallel adds to one cart and parallel checkouts of the last unit: exact, and no transaction re-run', async () => {
    // On PostgreSQL these ran SERIALIZABLE and were re-run after serialization failures (up to 40
    // times, with backoff): they take turns on the cart's and the buyer's locks instead (ADR 050).
    const [a, b] = await offersInStock(2)
    await setStock(a!.id, 15)
    const before = transactionRetries()
    const v = visitor()
    expect((await v.post('/api/cart-list/', { id: a!.id })).status).toBe(200)
    const adds = await Promise.all(Array.from({ length: 20 }, () => v.post('/api/cart-list/', { id: a!.id })))
    expect(adds.filter((r) => r.status === 200)).toHaveLength(14)
    expect(adds.filter((r) => r.status === 409)).toHaveLength(6)
    expect((await v.get('/api/cart-list/')).body.items[0].quantity).toBe(15)

    await setStock(b!.id, 1)
    const buyers = Array.from({ length: 8 }, (_, i) => new ApiClient({ peer: `10.9.0.${i + 1}` }))
    for (const buyer of buyers) expect((await buyer.post('/api/cart-list/', { id: b!.id })).status).toBe(200)
    const checkouts = await Promise.all(
      buyers.map((buyer, i) =>
        buyer.post('/api/orders-checkout-offline/', {
          fullname: 'Анна Иванова',
          phone: `+7912345${String(i).padStart(4, '0')}`,
          email: 'anna@example.com',
          delivery: 'courier',
          address: 'г. Москва, ул. Тверская, д. 1',
        }),
      ),
    )
    expect(checkouts.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409])
    expect(await stockOf(b!.id)).toBe(0)
    expect(transactionRetries() - before).toBe(0)
  }, 60_000)
})
