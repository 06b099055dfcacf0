import { afterAll, beforeAll, beforeEach, expect } from 'vitest'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ORIGIN, type ApiClient } from './api'
import { rows, scalar } from './db'
import { contacts, offersInStock } from './commerce'
import { startFakeYooKassa, type FakeYooKassa } from '../fakes/yookassa'
import { setEnvForTests } from '../../server/env'
import { handleApiRequest } from '../../server/rest/execute'
import { yookassaTuning } from '../../server/providers/payment/yookassa'

/**
 * The YooKassa acquirer end to end (tests/integration/payment-yookassa*.test.ts): the shop's REST
 * adapter behind a real HTTP port (so the fake's notifications arrive over HTTP), the fake
 * YooKassa (tests/fakes/yookassa.ts) over real HTTP, the test file's own database.
 * `useYooKassaShop()` at the top of a test file starts both for that file.
 */

export let fake: FakeYooKassa
export let webhook = ''
let shop: Server
const tuning = { ...yookassaTuning }

/** The env of these tests: PAYMENT_PROVIDER=yookassa against the fake (again after a test changed it). */
export function useYooKassaEnv() {
  setEnvForTests({
    PAYMENT_PROVIDER: 'yookassa',
    YOOKASSA_API_URL: fake.url,
    YOOKASSA_SHOP_ID: fake.shopId,
    YOOKASSA_SECRET_KEY: fake.secretKey,
    YOOKASSA_VAT_CODE: '1',
    YOOKASSA_TAX_SYSTEM_CODE: '2',
  })
}

export function useYooKassaShop() {
  beforeAll(async () => {
    shop = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        const headers = new Headers()
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v)
        const body = chunks.length ? Buffer.concat(chunks) : null
        void handleApiRequest(new Request(ORIGIN + (req.url ?? '/'), { method: req.method, headers, body }))
          .then(async (r) => {
            res.writeHead(r.status, Object.fromEntries(r.headers))
            res.end(Buffer.from(await r.arrayBuffer()))
          })
          .catch(() => res.writeHead(500).end())
      })
    })
    await new Promise<void>((r) => shop.listen(0, '127.0.0.1', r))
    const shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`
    webhook = `${shopUrl}/api/payment-notify/yookassa/`
    fake = await startFakeYooKassa({ webhook })
    useYooKassaEnv()
    Object.assign(yookassaTuning, { timeoutMs: 400, attempts: 3, backoffMs: 10, maxDelayMs: 50 })
  })

  afterAll(async () => {
    Object.assign(yookassaTuning, tuning)
    setEnvForTests({})
    await fake.close()
    await new Promise((r) => shop.close(r))
  })

  beforeEach(() => {
    fake.failNext(0)
  })
}

export const order = { ...contacts, delivery: 'courier', address: 'г. Москва, ул. Тверская, д. 1' }

export async function checkout(v: ApiClient, lines = 1) {
  const offers = (await offersInStock(3)).slice(0, lines)
  for (const o of offers) await v.post('/api/cart-list/', { id: o.id, quantity: 2 })
  const res = await v.post('/api/orders-checkout/', order)
  expect(res.status).toBe(200)
  const id = res.body.order.id as number
  return { res, id, total: await scalar<number>('select total from orders where id = ?', id) }
}

export const paymentRows = (orderId: number) =>
  rows<{
    id: string
    status: string
    external_id: string | null
    idempotence_key: string | null
    confirmation_url: string
    amount: number
  }>('select * from payments where order_id = ? order by created_at', orderId)
export const statusOf = (id: number) => scalar<string>('select status from orders where id = ?', id)
export const history = (id: number) =>
  rows<{ status: string; comment: string }>(
    'select status, comment from order_status_history where order_id = ? order by id',
    id,
  )
export const creates = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v3/payments')
export const receiptSum = (receipt: { items: { quantity: number; amount: { value: string } }[] }) =>
  receipt.items.reduce((s, i) => s + Math.round(Number(i.amount.value) * 100) * i.quantity, 0)

/** The shopper on the fake's page: GET it, press a button, follow the redirect back to the shop. */
export async function pressOnPaymentPage(url: string, button: 'pay' | 'cancel') {
  const page = await fetch(url)
  expect(page.status).toBe(200)
  const html = await page.text()
  expect(html).toContain('Оплатить')
  expect(html).toContain('Отменить')
  const res = await fetch(`${url}/${button}`, { method: 'POST', redirect: 'manual' })
  expect(res.status).toBe(303)
  return res.headers.get('location')
}
