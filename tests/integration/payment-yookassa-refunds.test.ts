import { describe, expect, it } from 'vitest'
import { ORIGIN, visitor, type ApiClient } from '../helpers/api'
import { db, rows } from '../helpers/db'
import {
  fake,
  checkout,
  paymentRows,
  statusOf,
  history,
  receiptSum,
  pressOnPaymentPage,
  useYooKassaEnv,
  useYooKassaShop,
} from '../helpers/yookassa-shop'
import { setEnvForTests } from '../../server/env'
import { retryPendingRefunds } from '../../server/services/payments'
import { testPaymentAction, testPaymentPage } from '../../server/rest/test-acquirer-page'

/** YooKassa end to end (the shop and the fake YooKassa: tests/helpers/yookassa-shop.ts). */
useYooKassaShop()

describe('YooKassa refunds', () => {
  async function paidOrder(v: ApiClient) {
    const { res, id, total } = await checkout(v)
    await pressOnPaymentPage(res.body.payment.url, 'pay')
    expect(await statusOf(id)).toBe('paid')
    return { id, total, ext: (await paymentRows(id))[0]!.external_id! }
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
    const [r] = await refundRows(id)
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
    const h = (await history(id)).length
    const n = await visitor().post('/api/payment-notify/yookassa/', {
      type: 'notification',
      event: 'refund.succeeded',
      object: { id: r!.external_id },
    })
    expect(n.body).toMatchObject({ success: true, status: 'succeeded' })
    expect(await history(id)).toHaveLength(h)
  })

  it('YooKassa down during the cancel: the cancel goes through, the refund stays pending and the job retries it', async () => {
    const v = visitor()
    const { id, total } = await paidOrder(v)
    const refundsBefore = fake.refunds.size
    fake.failNext(50, 503)
    const res = await v.post('/api/order-cancel/', { id, reason: 1 })
    fake.failNext(0)
    expect(res.status).toBe(200)
    expect(await statusOf(id)).toBe('cancelled')
    const [r] = await refundRows(id)
    expect(r).toMatchObject({ status: 'pending', external_id: null })
    expect(r!.error).toMatch(/503/)
    expect(fake.refunds.size).toBe(refundsBefore)

    const out = await retryPendingRefunds(db())
    expect(out.succeeded).toBeGreaterThanOrEqual(1)
    expect((await refundRows(id))[0]).toMatchObject({ status: 'succeeded', error: '' })
    expect(fake.refunds.size).toBe(refundsBefore + 1)
    const keys = fake.requests.filter((q) => q.path === '/v3/refunds').map((q) => q.headers['idempotence-key'])
    expect(keys.filter((k) => k === r!.idempotence_key).length).toBeGreaterThan(1)
    expect((await history(id)).some((h) => /Возврат .* выполнен/.test(h.comment))).toBe(true)
    // Again: nothing left to do, nothing refunded twice.
    await retryPendingRefunds(db())
    expect(fake.refunds.size).toBe(refundsBefore + 1)
    expect(total).toBeGreaterThan(0)
  })

  it('paid at YooKassa after the order was cancelled: recorded and refunded', async () => {
    const v = visitor()
    const { id } = await checkout(v)
    const ext = (await paymentRows(id))[0]!.external_id!
    expect((await v.post('/api/order-cancel/', { id, reason: 1 })).status).toBe(200)
    expect((await paymentRows(id))[0]!.status).toBe('declined')
    await fake.complete(ext, 'succeeded')
    expect(await statusOf(id)).toBe('cancelled')
    expect((await paymentRows(id))[0]!.status).toBe('succeeded')
    expect((await refundRows(id))[0]).toMatchObject({ status: 'succeeded' })
    expect([...fake.refunds.values()].some((r) => r.payment_id === ext)).toBe(true)
  })
})

describe('the test acquirer is off', () => {
  it('its page and its signed notification route are 404 with PAYMENT_PROVIDER=yookassa', async () => {
    const page = await testPaymentPage(new Request(`${ORIGIN}/payment/test/pay_x/`), 'pay_x')
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
      expect(await statusOf(id)).toBe('paid')
      expect((await v.post('/api/order-cancel/', { id, reason: 1 })).status).toBe(200)
      expect(await rows('select status, amount, external_id from refunds where order_id = ?', id)).toEqual([
        { status: 'succeeded', amount: total, external_id: null },
      ])
      expect((await history(id)).some((h) => /Возврат .* выполнен/.test(h.comment))).toBe(true)
    } finally {
      useYooKassaEnv()
    }
  })
})
