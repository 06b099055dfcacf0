import { describe, expect, it } from 'vitest'
import { ORIGIN, visitor, type ApiClient } from '../helpers/api'
import { scalar } from '../helpers/db'
import { contacts, offersInStock } from '../helpers/commerce'
import { signNotification } from '../../server/providers/payment/test'
import { testPaymentAction, testPaymentPage } from '../../server/rest/test-acquirer-page'
import { env } from '../../server/env'

const order = { ...contacts, delivery: 'courier', address: 'г. Москва, ул. Тверская, д. 1' }

async function onlineOrder(v: ApiClient) {
  const [a] = await offersInStock(3)
  await v.post('/api/cart-list/', { id: a!.id })
  const res = await v.post('/api/orders-checkout/', order)
  expect(res.status).toBe(200)
  const url: string = res.body.payment.url
  const paymentId = decodeURIComponent(url.split('/').filter(Boolean).pop()!)
  return { id: res.body.order.id as number, url, paymentId }
}

const amountOf = async (paymentId: string) =>
  String(await scalar<number>('select amount from payments where id = ?', paymentId))
const signed = async (paymentId: string, status: string, amount?: string) => {
  const value = amount ?? (await amountOf(paymentId))
  return {
    paymentId,
    status,
    amount: value,
    signature: signNotification(env().PAYMENT_SECRET, { paymentId, status, amount: value }),
  }
}
const statusOf = (id: number) => scalar<string>('select status from orders where id = ?', id)
const historyCount = (id: number) => scalar<number>('select count(*) from order_status_history where order_id = ?', id)

describe('payment notifications', () => {
  it('missing or bad signature: 403 and nothing changes', async () => {
    const v = visitor()
    const o = await onlineOrder(v)
    const n = visitor()
    const amount = await amountOf(o.paymentId)
    for (const body of [
      { paymentId: o.paymentId, status: 'succeeded', amount },
      { paymentId: o.paymentId, status: 'succeeded', amount, signature: 'abc' },
      { paymentId: o.paymentId, status: 'succeeded', amount, signature: 'f'.repeat(64) },
      { ...(await signed(o.paymentId, 'declined')), status: 'succeeded' },
      { ...(await signed(o.paymentId, 'succeeded')), amount: '1' },
      {},
      { paymentId: ['x'], signature: { a: 1 } },
    ]) {
      const res = await n.post('/api/payment-notify/', body)
      expect(res.status).toBe(403)
      expect(res.body.success).toBe(false)
    }
    expect(
      (
        await n.raw('POST', '/api/payment-notify/', {
          body: 'x=%%%',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      ).status,
    ).toBe(403)
    expect(await statusOf(o.id)).toBe('awaiting-payment')
    expect(await scalar<string>('select status from payments where id = ?', o.paymentId)).toBe('pending')
  })

  it('declined keeps the order payable; a new payment succeeds; repeats are idempotent', async () => {
    const v = visitor()
    const o = await onlineOrder(v)
    const n = visitor()
    const declined = await n.post('/api/payment-notify/', await signed(o.paymentId, 'declined'))
    expect(declined.status).toBe(200)
    expect(await statusOf(o.id)).toBe('awaiting-payment')
    const h = await historyCount(o.id)
    expect((await n.post('/api/payment-notify/', await signed(o.paymentId, 'declined'))).status).toBe(200)
    expect((await n.post('/api/payment-notify/', await signed(o.paymentId, 'succeeded'))).status).toBe(200)
    expect(await statusOf(o.id)).toBe('awaiting-payment')
    expect(await historyCount(o.id)).toBe(h)

    const detail = (await v.get('/api/order/', { id: o.id })).body
    expect(detail.canPay).toBe(true)
    expect((await visitor().post('/api/order-pay/', { id: o.id })).status).toBe(404)
    const pay = await v.post('/api/order-pay/', { id: o.id })
    expect(pay.status).toBe(200)
    expect(pay.body).toMatchObject({ success: true, payment: { url: expect.stringMatching(/\/payment\/test\/pay_/) } })
    const second = decodeURIComponent(pay.body.payment.url.split('/').filter(Boolean).pop())
    expect(second).not.toBe(o.paymentId)

    // form-encoded, as an acquirer would post it
    const body = await signed(second, 'succeeded')
    const ok = await n.form('POST', '/api/payment-notify/', Object.entries(body))
    expect(ok.status).toBe(200)
    expect(await statusOf(o.id)).toBe('paid')
    const after = await historyCount(o.id)
    const again = await n.post('/api/payment-notify/', body)
    expect(again.status).toBe(200)
    expect(await statusOf(o.id)).toBe('paid')
    expect(await historyCount(o.id)).toBe(after)
    // The customer hears of it once, by SMS, like of every status change (order-status.ts).
    const number = await scalar<string>('select number from orders where id = ?', o.id)
    const paidSms = () =>
      scalar<number>("select count(*) from sms_outbox where text like '%' || ? || '%оплата получена%'", number)
    await expect.poll(paidSms).toBe(1)
    const paid = (await v.get('/api/order/', { id: o.id })).body
    expect(paid).toMatchObject({ status: 'paid', canPay: false, payment: { paid: true } })
    expect(paid.history.map((x: { status: string }) => x.status)).toContain('paid')
    expect((await v.post('/api/order-pay/', { id: o.id })).status).toBe(409)
  })

  it('unknown payment: 404; order-pay on an offline order: 409', async () => {
    const n = visitor()
    expect((await n.post('/api/payment-notify/', await signed('pay_nope', 'succeeded', '100'))).status).toBe(404)
    const v = visitor()
    const [a] = await offersInStock(2)
    await v.post('/api/cart-list/', { id: a!.id })
    const off = await v.post('/api/orders-checkout-offline/', order)
    expect((await v.post('/api/order-pay/', { id: off.body.order.id })).status).toBe(409)
  })

  it('the test acquirer page: Pay / Decline post back, notify and return to the order', async () => {
    const v = visitor()
    const o = await onlineOrder(v)
    const page = await testPaymentPage(new Request(o.url), o.paymentId)
    expect(page.status).toBe(200)
    const text = await page.text()
    expect(text).toContain('Оплатить')
    expect(text).toContain('Отклонить')
    expect((await testPaymentPage(new Request(`${ORIGIN}/payment/test/x/`), 'pay_unknown')).status).toBe(404)

    const post = (action: string, origin = ORIGIN) =>
      testPaymentAction(
        new Request(o.url, {
          method: 'POST',
          body: new URLSearchParams({ action }),
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
        }),
        o.paymentId,
      )
    expect((await post('pay', 'http://evil.test')).status).toBe(403)
    expect((await post('steal')).status).toBe(400)
    expect(await statusOf(o.id)).toBe('awaiting-payment')
    const res = await post('pay')
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(`/personal/orders/${o.id}/?payment=success`)
    expect(await statusOf(o.id)).toBe('paid')
    expect(await (await testPaymentPage(new Request(o.url), o.paymentId)).text()).toContain('уже проведён')
  })

  it('a payment arriving after a cancel does not revive the order', async () => {
    const v = visitor()
    const o = await onlineOrder(v)
    const body = await signed(o.paymentId, 'succeeded')
    expect((await v.post('/api/order-cancel/', { id: o.id, reason: 1 })).status).toBe(200)
    expect(await scalar<string>('select status from payments where id = ?', o.paymentId)).toBe('declined')
    expect((await visitor().post('/api/payment-notify/', body)).status).toBe(200)
    expect(await statusOf(o.id)).toBe('cancelled')
  })

  it('a paid order can be cancelled (refund noted); processing cannot', async () => {
    const v = visitor()
    const o = await onlineOrder(v)
    await visitor().post('/api/payment-notify/', await signed(o.paymentId, 'succeeded'))
    const res = await v.post('/api/order-cancel/', { id: o.id, reason: 5, comment: 'Передумала' })
    expect(res.status).toBe(200)
    expect(res.body.order.history.some((h: { comment: string }) => /возврат/i.test(h.comment))).toBe(true)
  })
})
