import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ORIGIN, visitor, type ApiClient } from '../helpers/api'
import { db, rows, scalar } from '../helpers/db'
import { contacts, offersInStock } from '../helpers/commerce'
import { startFakeYooKassa, type FakeYooKassa } from '../fakes/yookassa'
import { setEnvForTests } from '../../server/env'
import { handleApiRequest } from '../../server/rest/execute'
import { yookassaTuning } from '../../server/providers/payment/yookassa'
import { retryPendingRefunds, syncOpenPayments } from '../../server/services/payments'
import { testPaymentAction, testPaymentPage } from '../../server/rest/test-acquirer-page'

/**
 * The YooKassa acquirer end to end: the shop's REST adapter behind a real HTTP port (so the
 * fake's notifications arrive over HTTP), the fake YooKassa (tests/fakes/yookassa.ts) over real
 * HTTP, the test file's own database.
 */

let fake: FakeYooKassa
let shop: Server
let webhook = ''
const tuning = { ...yookassaTuning }

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
  setEnvForTests({
    PAYMENT_PROVIDER: 'yookassa',
    YOOKASSA_API_URL: fake.url,
    YOOKASSA_SHOP_ID: fake.shopId,
    YOOKASSA_SECRET_KEY: fake.secretKey,
    YOOKASSA_VAT_CODE: '1',
    YOOKASSA_TAX_SYSTEM_CODE: '2',
  })
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

const order = { ...contacts, delivery: 'courier', address: 'г. Москва, ул. Тверская, д. 1' }

async function checkout(v: ApiClient, lines = 1) {
  const offers = offersInStock(3).slice(0, lines)
  for (const o of offers) await v.post('/api/cart-list/', { id: o.id, quantity: 2 })
  const res = await v.post('/api/orders-checkout/', order)
  expect(res.status).toBe(200)
  const id = res.body.order.id as number
  return { res, id, total: scalar<number>('select total from orders where id = ?', id) }
}

const paymentRows = (orderId: number) =>
  rows<{
    id: string
    status: string
    external_id: string | null
    idempotence_key: string | null
    confirmation_url: string
    amount: number
  }>('select * from payments where order_id = ? order by created_at', orderId)
const statusOf = (id: number) => scalar<string>('select status from orders where id = ?', id)
const history = (id: number) =>
  rows<{ status: string; comment: string }>(
    'select status, comment from order_status_history where order_id = ? order by id',
    id,
  )
const creates = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v3/payments')
const receiptSum = (receipt: { items: { quantity: number; amount: { value: string } }[] }) =>
  receipt.items.reduce((s, i) => s + Math.round(Number(i.amount.value) * 100) * i.quantity, 0)

/** The shopper on the fake's page: GET it, press a button, follow the redirect back to the shop. */
async function pressOnPaymentPage(url: string, button: 'pay' | 'cancel') {
  const page = await fetch(url)
  expect(page.status).toBe(200)
  const html = await page.text()
  expect(html).toContain('Оплатить')
  expect(html).toContain('Отменить')
  const res = await fetch(`${url}/${button}`, { method: 'POST', redirect: 'manual' })
  expect(res.status).toBe(303)
  return res.headers.get('location')
}

describe('YooKassa: online checkout', () => {
  it('create → confirmation URL → notification → paid; the request is what YooKassa documents', async () => {
    const v = visitor()
    const { res, id, total } = await checkout(v, 2)
    expect(res.body).toMatchObject({ success: true, order: { id, status: 'awaiting-payment' } })
    const [p] = paymentRows(id)
    expect(p).toMatchObject({ status: 'pending', amount: total })
    expect(p!.external_id).toMatch(/^[0-9a-f-]{36}$/)
    expect(res.body.payment.url).toBe(`${fake.origin}/checkout/${p!.external_id}`)
    expect(p!.confirmation_url).toBe(res.body.payment.url)

    const sent = creates().at(-1)!
    expect(sent.headers.authorization).toBe(
      `Basic ${Buffer.from(`${fake.shopId}:${fake.secretKey}`).toString('base64')}`,
    )
    expect(sent.headers['idempotence-key']).toBe(p!.idempotence_key)
    const body = sent.body as Record<string, any>
    expect(body).toMatchObject({
      amount: { value: `${total}.00`, currency: 'RUB' },
      capture: true,
      confirmation: { type: 'redirect', return_url: `${ORIGIN}/personal/orders/${id}/` },
      metadata: { orderId: String(id), paymentId: p!.id },
      receipt: { customer: { email: contacts.email }, tax_system_code: 2 },
    })
    expect(body.description).toContain(res.body.order.number)
    expect(body.description.length).toBeLessThanOrEqual(128)
    expect(receiptSum(body.receipt)).toBe(total * 100)
    const goods = body.receipt.items.filter((i: any) => i.payment_subject === 'commodity')
    expect(goods.length).toBeGreaterThanOrEqual(2)
    for (const i of body.receipt.items)
      expect(i).toMatchObject({ vat_code: 1, payment_mode: 'full_prepayment', amount: { currency: 'RUB' } })
    const delivery = scalar<number>('select delivery_price from orders where id = ?', id)
    expect(body.receipt.items.some((i: any) => i.payment_subject === 'service')).toBe(delivery > 0)

    const back = await pressOnPaymentPage(res.body.payment.url, 'pay')
    expect(back).toBe(`${ORIGIN}/personal/orders/${id}/`)
    expect(fake.notifications.at(-1)).toMatchObject({ status: 200, body: { event: 'payment.succeeded' } })
    expect(statusOf(id)).toBe('paid')
    expect(paymentRows(id)[0]!.status).toBe('succeeded')
    const detail = (await v.get('/api/order/', { id })).body
    expect(detail).toMatchObject({ status: 'paid', canPay: false, payment: { paid: true } })

    // YooKassa repeats notifications: nothing changes the second time.
    const h = history(id).length
    const again = await visitor().post('/api/payment-notify/yookassa/', fake.notifications.at(-1)!.body)
    expect(again.status).toBe(200)
    expect(again.body).toMatchObject({ success: true, status: 'succeeded' })
    expect(history(id)).toHaveLength(h)
    expect((await v.post('/api/order-pay/', { id })).status).toBe(409)
  })

  it('a promo discount is spread over the receipt lines to the kopeck (YooKassa accepts it)', async () => {
    const v = visitor()
    const offers = offersInStock(5, 700).slice(0, 3)
    for (const o of offers) await v.post('/api/cart-list/', { id: o.id, quantity: 3 })
    expect((await v.post('/api/cart-promocode/', { promocode: 'HAIR500' })).status).toBe(200)
    const res = await v.post('/api/orders-checkout/', { ...order, phone: '+7 (912) 000-11-22' })
    expect(res.status).toBe(200)
    const id = res.body.order.id as number
    expect(scalar<number>('select discount from orders where id = ?', id)).toBe(500)
    const total = scalar<number>('select total from orders where id = ?', id)
    expect(res.body.payment.url).toMatch(new RegExp(`^${fake.origin}/checkout/`))
    const body = creates().at(-1)!.body as { receipt: { items: { quantity: number; amount: { value: string } }[] } }
    expect(receiptSum(body.receipt)).toBe(total * 100)
    expect(body.receipt.items.length).toBeGreaterThanOrEqual(3)
  })

  it('a forged notification for a pending payment changes nothing; unknown ids are 200 and ignored', async () => {
    const v = visitor()
    const { id, total } = await checkout(v)
    const [p] = paymentRows(id)
    const h = history(id).length
    const forged = {
      type: 'notification',
      event: 'payment.succeeded',
      object: {
        id: p!.external_id,
        status: 'succeeded',
        paid: true,
        amount: { value: `${total}.00`, currency: 'RUB' },
      },
    }
    const res = await visitor().post('/api/payment-notify/yookassa/', forged)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ success: true, status: 'pending' })
    expect(statusOf(id)).toBe('awaiting-payment')
    expect(paymentRows(id)[0]!.status).toBe('pending')
    expect(history(id)).toHaveLength(h)

    const unknown = await visitor().post('/api/payment-notify/yookassa/', {
      ...forged,
      object: { id: '2b8e8c1a-000f-5000-8000-000000000000' },
    })
    expect(unknown.status).toBe(200)
    expect(unknown.body).toMatchObject({ success: true, status: 'ignored' })
    // Our own payment id (not YooKassa's) is unknown to the API too.
    expect(
      (await visitor().post('/api/payment-notify/yookassa/', { ...forged, object: { id: p!.id } })).body.status,
    ).toBe('ignored')
    for (const junk of [{}, { object: {} }, { object: { id: ['x'] } }, { object: { id: 'x'.repeat(65) } }])
      expect((await visitor().post('/api/payment-notify/yookassa/', junk)).status).toBe(422)
    expect(statusOf(id)).toBe('awaiting-payment')
  })

  it('the amount YooKassa reports differs from ours: refused, nothing changes', async () => {
    const v = visitor()
    const { id, total } = await checkout(v)
    const ext = paymentRows(id)[0]!.external_id!
    fake.payments.get(ext)!.amount = { value: `${total - 1}.00`, currency: 'RUB' }
    await fake.complete(ext, 'succeeded')
    expect(fake.notifications.at(-1)!.status).toBe(422)
    expect(statusOf(id)).toBe('awaiting-payment')
    expect(paymentRows(id)[0]!.status).toBe('pending')
  })

  it('canceled at YooKassa: declined, the order stays payable and a new payment has a new key', async () => {
    const v = visitor()
    const { res, id } = await checkout(v)
    await pressOnPaymentPage(res.body.payment.url, 'cancel')
    expect(fake.notifications.at(-1)).toMatchObject({ status: 200, body: { event: 'payment.canceled' } })
    expect(statusOf(id)).toBe('awaiting-payment')
    expect(paymentRows(id)[0]!.status).toBe('declined')
    expect(history(id).at(-1)!.comment).toMatch(/отклон/i)
    expect((await v.get('/api/order/', { id })).body.canPay).toBe(true)

    const pay = await v.post('/api/order-pay/', { id })
    expect(pay.status).toBe(200)
    const [first, second] = paymentRows(id)
    expect(second!.idempotence_key).not.toBe(first!.idempotence_key)
    expect(pay.body.payment.url).toBe(second!.confirmation_url)
    await pressOnPaymentPage(pay.body.payment.url, 'pay')
    expect(statusOf(id)).toBe('paid')
  })

  it('pay again while the payment is still open: the same payment page, no second payment', async () => {
    const v = visitor()
    const { res, id } = await checkout(v)
    const before = fake.payments.size
    const pay = await v.post('/api/order-pay/', { id })
    expect(pay.status).toBe(200)
    expect(pay.body.payment.url).toBe(res.body.payment.url)
    expect(fake.payments.size).toBe(before)
    expect(paymentRows(id)).toHaveLength(1)
  })

  it('past its stock hold the order takes no new payment', async () => {
    const v = visitor()
    const { id } = await checkout(v)
    db()
      .$client.prepare('update orders set hold_until = ? where id = ?')
      .run(Date.now() - 1000, id)
    const before = fake.requests.length
    expect((await v.post('/api/order-pay/', { id })).status).toBe(409)
    expect(fake.requests.length).toBe(before)
  })

  it('the notification is lost: pressing "pay" again finds the payment succeeded and the order paid', async () => {
    const v = visitor()
    const { id } = await checkout(v)
    fake.setWebhook(null)
    try {
      await fake.complete(paymentRows(id)[0]!.external_id!, 'succeeded')
    } finally {
      fake.setWebhook(webhook)
    }
    expect(statusOf(id)).toBe('awaiting-payment')
    const pay = await v.post('/api/order-pay/', { id })
    expect(pay.status).toBe(200)
    expect(pay.body.payment.url).toBe(`/personal/orders/${id}/`)
    expect(statusOf(id)).toBe('paid')
  })
})

describe('YooKassa: notifications lost', () => {
  it('the periodic sync re-reads open payments and applies what YooKassa says', async () => {
    const v = visitor()
    const paid = await checkout(v)
    const declined = await checkout(visitor())
    const open = await checkout(visitor())
    fake.setWebhook(null)
    try {
      await fake.complete(paymentRows(paid.id)[0]!.external_id!, 'succeeded')
      await fake.complete(paymentRows(declined.id)[0]!.external_id!, 'canceled')
    } finally {
      fake.setWebhook(webhook)
    }
    // Too young to look at yet.
    expect((await syncOpenPayments(db())).settled).toBe(0)
    const out = await syncOpenPayments(db(), { minAgeMs: 0 })
    expect(out.settled).toBe(2)
    expect(statusOf(paid.id)).toBe('paid')
    expect(paymentRows(declined.id)[0]!.status).toBe('declined')
    expect(statusOf(declined.id)).toBe('awaiting-payment')
    expect(paymentRows(open.id)[0]!.status).toBe('pending')
    expect((await syncOpenPayments(db(), { minAgeMs: 0 })).settled).toBe(0)
  })
})

describe('YooKassa down or failing', () => {
  it('503 then success: retried with the same key, one payment at the acquirer', async () => {
    const v = visitor()
    const before = creates().length
    const payments = fake.payments.size
    fake.failNext(2, 503)
    const { res, id } = await checkout(v)
    const tries = creates().slice(before)
    expect(tries.map((t) => t.status)).toEqual([503, 503, 200])
    expect(new Set(tries.map((t) => t.headers['idempotence-key'])).size).toBe(1)
    expect(tries[0]!.headers['idempotence-key']).toBe(paymentRows(id)[0]!.idempotence_key)
    expect(fake.payments.size).toBe(payments + 1)
    expect(res.body.payment.url).toMatch(new RegExp(`^${fake.origin}/checkout/`))
  })

  it('the answer is lost after YooKassa created the payment (500, timeout, 202): the same key gets the same payment', async () => {
    for (const mode of [500, 'timeout', 202] as const) {
      const v = visitor()
      const before = creates().length
      const payments = fake.payments.size
      fake.failNext(1, mode, { afterProcessing: true })
      const { res, id } = await checkout(v)
      expect(creates().length - before).toBe(2)
      expect(fake.payments.size).toBe(payments + 1)
      expect(res.body.payment.url).toBe(paymentRows(id)[0]!.confirmation_url)
      expect(res.body.payment.url).toMatch(new RegExp(`^${fake.origin}/checkout/`))
    }
  })

  it('down for good: the order is kept, the shopper is told, and paying again later works (same key)', async () => {
    const v = visitor()
    const offers = fake.payments.size
    fake.failNext(50, 503)
    const { res, id } = await checkout(v)
    fake.failNext(0)
    expect(res.body.success).toBe(true)
    expect(res.body.order).toMatchObject({ id, status: 'awaiting-payment' })
    expect(res.body.payment.url).toBe(`/personal/orders/${id}/`)
    expect(res.body.message).toMatch(/не отвечает/)
    expect(fake.payments.size).toBe(offers)
    const [p] = paymentRows(id)
    expect(p).toMatchObject({ status: 'pending', confirmation_url: '', external_id: null })
    expect((await v.get('/api/order/', { id })).body).toMatchObject({ status: 'awaiting-payment', canPay: true })

    // Still down: a clear 409, the order untouched.
    fake.failNext(50, 503)
    const still = await v.post('/api/order-pay/', { id })
    expect(still.status).toBe(409)
    expect(still.body.message).toMatch(/недоступен/)
    expect(statusOf(id)).toBe('awaiting-payment')

    // Back up: the same payment row and key, one payment at YooKassa.
    fake.failNext(0)
    const pay = await v.post('/api/order-pay/', { id })
    expect(pay.status).toBe(200)
    expect(paymentRows(id)).toHaveLength(1)
    const row = paymentRows(id)[0]!
    expect(row.idempotence_key).toBe(p!.idempotence_key)
    expect(pay.body.payment.url).toBe(row.confirmation_url)
    expect(creates().at(-1)!.headers['idempotence-key']).toBe(p!.idempotence_key)
    expect(fake.payments.size).toBe(offers + 1)
    await pressOnPaymentPage(pay.body.payment.url, 'pay')
    expect(statusOf(id)).toBe('paid')
  })

  it('YooKassa unreachable while a notification arrives: 503 (YooKassa repeats it later), nothing changes', async () => {
    const v = visitor()
    const { id } = await checkout(v)
    const ext = paymentRows(id)[0]!.external_id!
    fake.payments.get(ext)!.status = 'succeeded'
    fake.payments.get(ext)!.paid = true
    fake.failNext(5, 503)
    const n = { type: 'notification', event: 'payment.succeeded', object: { id: ext } }
    const down = await visitor().post('/api/payment-notify/yookassa/', n)
    fake.failNext(0)
    expect(down.status).toBe(503)
    expect(down.body.success).toBe(false)
    expect(statusOf(id)).toBe('awaiting-payment')
    const up = await visitor().post('/api/payment-notify/yookassa/', n)
    expect(up.status).toBe(200)
    expect(statusOf(id)).toBe('paid')
  })

  it('a 4xx refusal is final: not retried', async () => {
    const v = visitor()
    setEnvForTests({
      PAYMENT_PROVIDER: 'yookassa',
      YOOKASSA_API_URL: fake.url,
      YOOKASSA_SHOP_ID: fake.shopId,
      YOOKASSA_SECRET_KEY: 'wrong-secret-key-0000000',
    })
    try {
      const before = fake.requests.length
      const { res, id } = await checkout(v)
      expect(fake.requests.slice(before).map((r) => r.status)).toEqual([401])
      expect(res.body.payment.url).toBe(`/personal/orders/${id}/`)
      expect(paymentRows(id)[0]!.status).toBe('declined')
      expect(statusOf(id)).toBe('awaiting-payment')
    } finally {
      setEnvForTests({
        PAYMENT_PROVIDER: 'yookassa',
        YOOKASSA_API_URL: fake.url,
        YOOKASSA_SHOP_ID: fake.shopId,
        YOOKASSA_SECRET_KEY: fake.secretKey,
        YOOKASSA_VAT_CODE: '1',
        YOOKASSA_TAX_SYSTEM_CODE: '2',
      })
    }
  })
})

describe('YooKassa refunds', () => {
  async function paidOrder(v: ApiClient) {
    const { res, id, total } = await checkout(v)
    await pressOnPaymentPage(res.body.payment.url, 'pay')
    expect(statusOf(id)).toBe('paid')
    return { id, total, ext: paymentRows(id)[0]!.external_id! }
  }
  const refundRows = (orderId: number) =>
    rows<{ status: string; external_id: string | null; idempotence_key: string; amount: number; error: string }>(
      'select * from refunds where order_id = ?',
      orderId,
    )

  it('cancelling a paid order refunds it at YooKassa, in the refunds table and in the history', async () => {
    const v = visitor()
    const { id, total, ext } = await paidOrder(v)
    const res = await v.post('/api/order-cancel/', { id, reason: 1 })
    expect(res.status).toBe(200)
    expect(res.body.order.status).toBe('cancelled')
    const [r] = refundRows(id)
    expect(r).toMatchObject({ status: 'succeeded', amount: total, error: '' })
    const atFake = fake.refunds.get(r!.external_id!)!
    expect(atFake).toMatchObject({
      payment_id: ext,
      status: 'succeeded',
      amount: { value: `${total}.00`, currency: 'RUB' },
    })
    const sent = fake.requests.filter((q) => q.path === '/v3/refunds').at(-1)!
    expect(sent.headers['idempotence-key']).toBe(r!.idempotence_key)
    expect(receiptSum((sent.body as any).receipt)).toBe(total * 100)
    const comments = res.body.order.history.map((h: { comment: string }) => h.comment).join('\n')
    expect(comments).toMatch(/Оформлен возврат/)
    expect(comments).toMatch(/Возврат .* выполнен/)
    // The refund.succeeded notification YooKassa sends afterwards changes nothing.
    const h = history(id).length
    const n = await visitor().post('/api/payment-notify/yookassa/', {
      type: 'notification',
      event: 'refund.succeeded',
      object: { id: r!.external_id },
    })
    expect(n.body).toMatchObject({ success: true, status: 'succeeded' })
    expect(history(id)).toHaveLength(h)
  })

  it('YooKassa down during the cancel: the cancel goes through, the refund stays pending and the job retries it', async () => {
    const v = visitor()
    const { id, total } = await paidOrder(v)
    const refundsBefore = fake.refunds.size
    fake.failNext(50, 503)
    const res = await v.post('/api/order-cancel/', { id, reason: 1 })
    fake.failNext(0)
    expect(res.status).toBe(200)
    expect(statusOf(id)).toBe('cancelled')
    const [r] = refundRows(id)
    expect(r).toMatchObject({ status: 'pending', external_id: null })
    expect(r!.error).toMatch(/503/)
    expect(fake.refunds.size).toBe(refundsBefore)

    const out = await retryPendingRefunds(db())
    expect(out.succeeded).toBeGreaterThanOrEqual(1)
    expect(refundRows(id)[0]).toMatchObject({ status: 'succeeded', error: '' })
    expect(fake.refunds.size).toBe(refundsBefore + 1)
    const keys = fake.requests.filter((q) => q.path === '/v3/refunds').map((q) => q.headers['idempotence-key'])
    expect(keys.filter((k) => k === r!.idempotence_key).length).toBeGreaterThan(1)
    expect(history(id).some((h) => /Возврат .* выполнен/.test(h.comment))).toBe(true)
    // Again: nothing left to do, nothing refunded twice.
    await retryPendingRefunds(db())
    expect(fake.refunds.size).toBe(refundsBefore + 1)
    expect(total).toBeGreaterThan(0)
  })

  it('paid at YooKassa after the order was cancelled: recorded and refunded', async () => {
    const v = visitor()
    const { id } = await checkout(v)
    const ext = paymentRows(id)[0]!.external_id!
    expect((await v.post('/api/order-cancel/', { id, reason: 1 })).status).toBe(200)
    expect(paymentRows(id)[0]!.status).toBe('declined')
    await fake.complete(ext, 'succeeded')
    expect(statusOf(id)).toBe('cancelled')
    expect(paymentRows(id)[0]!.status).toBe('succeeded')
    expect(refundRows(id)[0]).toMatchObject({ status: 'succeeded' })
    expect([...fake.refunds.values()].some((r) => r.payment_id === ext)).toBe(true)
  })
})

describe('the test acquirer is off', () => {
  it('its page and its signed notification route are 404 with PAYMENT_PROVIDER=yookassa', async () => {
    const page = testPaymentPage(new Request(`${ORIGIN}/payment/test/pay_x/`), 'pay_x')
    expect(page.status).toBe(404)
    const n = await visitor().post('/api/payment-notify/', {
      paymentId: 'x',
      status: 'succeeded',
      amount: '1',
      signature: 'f',
    })
    expect(n.status).toBe(404)
  })
})

describe('the demo acquirer (PAYMENT_PROVIDER=test)', () => {
  it('has no YooKassa route, and refunds a cancelled paid order locally at once', async () => {
    setEnvForTests({})
    try {
      expect(
        (await visitor().post('/api/payment-notify/yookassa/', { type: 'notification', object: { id: 'x' } })).status,
      ).toBe(404)
      const v = visitor()
      const { res, id, total } = await checkout(v)
      const paymentId = decodeURIComponent(res.body.payment.url.split('/').filter(Boolean).pop())
      const pay = await testPaymentAction(
        new Request(res.body.payment.url, {
          method: 'POST',
          body: new URLSearchParams({ action: 'pay' }),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
        paymentId,
      )
      expect(pay.status).toBe(303)
      expect(statusOf(id)).toBe('paid')
      expect((await v.post('/api/order-cancel/', { id, reason: 1 })).status).toBe(200)
      expect(rows('select status, amount, external_id from refunds where order_id = ?', id)).toEqual([
        { status: 'succeeded', amount: total, external_id: null },
      ])
      expect(history(id).some((h) => /Возврат .* выполнен/.test(h.comment))).toBe(true)
    } finally {
      setEnvForTests({
        PAYMENT_PROVIDER: 'yookassa',
        YOOKASSA_API_URL: fake.url,
        YOOKASSA_SHOP_ID: fake.shopId,
        YOOKASSA_SECRET_KEY: fake.secretKey,
        YOOKASSA_VAT_CODE: '1',
        YOOKASSA_TAX_SYSTEM_CODE: '2',
      })
    }
  })
})
