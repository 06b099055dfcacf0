import { spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ApiClient, visitor } from '../helpers/api'
import { transactionRetries } from '../../db/engine-pg'
import { scalar } from '../helpers/db'
import { testDatabaseTarget } from '../helpers/setup-file'
import { offersInStock, setStock, stockOf } from '../helpers/commerce'

/**
 * Real parallelism: several OS processes, each with its own connection to this test file's
 * database, fire their requests at the same moment (in one process better-sqlite3 would
 * serialise them anyway). BEGIN IMMEDIATE + busy_timeout must keep stock and carts exact.
 */
const WORKERS = 5
const TSX = resolve('node_modules/.bin/tsx')
const WORKER = resolve('tests/helpers/commerce-worker.ts')

async function race(mode: 'checkout' | 'add', offerId: number, total: number, sid?: string): Promise<number[]> {
  const file = testDatabaseTarget()
  const per = Math.ceil(total / WORKERS)
  const procs = Array.from({ length: WORKERS }, () => {
    const p = spawn(TSX, [WORKER, file, mode, String(offerId), String(per), ...(sid ? [sid] : [])], {
      env: { ...process.env, LOG_LEVEL: 'silent' },
      stdio: ['pipe', 'pipe', 'inherit'],
    })
    let out = ''
    const ready = new Promise<void>((ok, fail) => {
      p.stdout.on('data', (d: Buffer) => {
        out += d.toString()
        if (out.includes('ready\n')) ok()
      })
      p.on('exit', (code) => (code ? fail(new Error(`worker exited ${code}`)) : undefined))
    })
    const done = new Promise<number[]>((ok, fail) => {
      p.on('exit', (code) => {
        if (code) return fail(new Error(`worker exited ${code}`))
        const last = out.trim().split('\n').pop() ?? '[]'
        ok(JSON.parse(last) as number[])
      })
    })
    return { p, ready, done }
  })
  await Promise.all(procs.map((w) => w.ready))
  for (const w of procs) w.p.stdin.write('go\n')
  return (await Promise.all(procs.map((w) => w.done))).flat()
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
    expect(statuses.filter((s) => s === 200)).toHaveLength(60)
    expect(statuses.filter((s) => s === 409)).toHaveLength(40)
    const cart = (await v.get('/api/cart-list/')).body
    expect(cart.items).toHaveLength(1)
    expect(cart.items[0].quantity).toBe(60)

    await setStock(a!.id, 500)
    const more = await race('add', a!.id, 100, sid)
    expect(more.every((s) => s === 200)).toBe(true)
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
