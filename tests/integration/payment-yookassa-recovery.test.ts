import { describe, expect, it } from 'vitest'
import { visitor } from '../helpers/api'
import { db } from '../helpers/db'
import {
  fake,
  webhook,
  checkout,
  paymentRows,
  statusOf,
  creates,
  pressOnPaymentPage,
  useYooKassaEnv,
  useYooKassaShop,
} from '../helpers/yookassa-shop'
import { setEnvForTests } from '../../server/env'
import { syncOpenPayments } from '../../server/services/payments'

/** YooKassa end to end (the shop and the fake YooKassa: tests/helpers/yookassa-shop.ts). */
useYooKassaShop()

describe('YooKassa: notifications lost', () => {
  it('the periodic sync re-reads open payments and applies what YooKassa says', async () => {
    const v = visitor()
    const paid = await checkout(v)
    const declined = await checkout(visitor())
    const open = await checkout(visitor())
    fake.setWebhook(null)
    try {
      await fake.complete((await paymentRows(paid.id))[0]!.external_id!, 'succeeded')
      await fake.complete((await paymentRows(declined.id))[0]!.external_id!, 'canceled')
    } finally {
      fake.setWebhook(webhook)
    }
    // Too young to look at yet.
    expect((await syncOpenPayments(db())).settled).toBe(0)
    const out = await syncOpenPayments(db(), { minAgeMs: 0 })
    expect(out.settled).toBe(2)
    expect(await statusOf(paid.id)).toBe('paid')
    expect((await paymentRows(declined.id))[0]!.status).toBe('declined')
    expect(await statusOf(declined.id)).toBe('awaiting-payment')
    expect((await paymentRows(open.id))[0]!.status).toBe('pending')
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
    expect(tries[0]!.headers['idempotence-key']).toBe((await paymentRows(id))[0]!.idempotence_key)
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
      expect(res.body.payment.url).toBe((await paymentRows(id))[0]!.confirmation_url)
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
    const [p] = await paymentRows(id)
    expect(p).toMatchObject({ status: 'pending', confirmation_url: '', external_id: null })
    expect((await v.get('/api/order/', { id })).body).toMatchObject({ status: 'awaiting-payment', canPay: true })

    // Still down: a clear 409, the order untouched.
    fake.failNext(50, 503)
    const still = await v.post('/api/order-pay/', { id })
    expect(still.status).toBe(409)
    expect(still.body.message).toMatch(/недоступен/)
    expect(await statusOf(id)).toBe('awaiting-payment')

    // Back up: the same payment row and key, one payment at YooKassa.
    fake.failNext(0)
    const pay = await v.post('/api/order-pay/', { id })
    expect(pay.status).toBe(200)
    expect(await paymentRows(id)).toHaveLength(1)
    const row = (await paymentRows(id))[0]!
    expect(row.idempotence_key).toBe(p!.idempotence_key)
    expect(pay.body.payment.url).toBe(row.confirmation_url)
    expect(creates().at(-1)!.headers['idempotence-key']).toBe(p!.idempotence_key)
    expect(fake.payments.size).toBe(offers + 1)
    await pressOnPaymentPage(pay.body.payment.url, 'pay')
    expect(await statusOf(id)).toBe('paid')
  })

  it('YooKassa unreachable while a notification arrives: 503 (YooKassa repeats it later), nothing changes', async () => {
    const v = visitor()
    const { id } = await checkout(v)
    const ext = (await paymentRows(id))[0]!.external_id!
    fake.payments.get(ext)!.status = 'succeeded'
    fake.payments.get(ext)!.paid = true
    fake.failNext(5, 503)
    const n = { type: 'notification', event: 'payment.succeeded', object: { id: ext } }
    const down = await visitor().post('/api/payment-notify/yookassa/', n)
    fake.failNext(0)
    expect(down.status).toBe(503)
    expect(down.body.success).toBe(false)
    expect(await statusOf(id)).toBe('awaiting-payment')
    const up = await visitor().post('/api/payment-notify/yookassa/', n)
    expect(up.status).toBe(200)
    expect(await statusOf(id)).toBe('paid')
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
      expect((await paymentRows(id))[0]!.status).toBe('declined')
      expect(await statusOf(id)).toBe('awaiting-payment')
    } finally {
      useYooKassaEnv()
    }
  })
})
