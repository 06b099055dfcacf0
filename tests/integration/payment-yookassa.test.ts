import { describe, expect, it } from 'vitest'
import { ORIGIN, visitor } from '../helpers/api'
import { scalar, exec } from '../helpers/db'
import { contacts, offersInStock } from '../helpers/commerce'
import {
  fake,
  webhook,
  order,
  checkout,
  paymentRows,
  statusOf,
  history,
  creates,
  receiptSum,
  pressOnPaymentPage,
  useYooKassaShop,
} from '../helpers/yookassa-shop'

/** YooKassa end to end (the shop and the fake YooKassa: tests/helpers/yookassa-shop.ts). */
useYooKassaShop()

describe('YooKassa: online checkout', () => {
  it('create → confirmation URL → notification → paid; the request is what YooKassa documents', async () => {
    const v = visitor()
    const { res, id, total } = await checkout(v, 2)
    expect(res.body).toMatchObject({ success: true, order: { id, status: 'awaiting-payment' } })
    const [p] = await paymentRows(id)
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
    const delivery = await scalar<number>('select delivery_price from orders where id = ?', id)
    expect(body.receipt.items.some((i: any) => i.payment_subject === 'service')).toBe(delivery > 0)

    const back = await pressOnPaymentPage(res.body.payment.url, 'pay')
    expect(back).toBe(`${ORIGIN}/personal/orders/${id}/`)
    expect(fake.notifications.at(-1)).toMatchObject({ status: 200, body: { event: 'payment.succeeded' } })
    expect(await statusOf(id)).toBe('paid')
    expect((await paymentRows(id))[0]!.status).toBe('succeeded')
    const detail = (await v.get('/api/order/', { id })).body
    expect(detail).toMatchObject({ status: 'paid', canPay: false, payment: { paid: true } })

    // YooKassa repeats notifications: nothing changes the second time.
    const h = (await history(id)).length
    const again = await visitor().post('/api/payment-notify/yookassa/', fake.notifications.at(-1)!.body)
    expect(again.status).toBe(200)
    expect(again.body).toMatchObject({ success: true, status: 'succeeded' })
    expect(await history(id)).toHaveLength(h)
    expect((await v.post('/api/order-pay/', { id })).status).toBe(409)
  })

  it('a promo discount is spread over the receipt lines to the kopeck (YooKassa accepts it)', async () => {
    const v = visitor()
    const offers = (await offersInStock(5, 700)).slice(0, 3)
    for (const o of offers) await v.post('/api/cart-list/', { id: o.id, quantity: 3 })
    expect((await v.post('/api/cart-promocode/', { promocode: 'HAIR500' })).status).toBe(200)
    const res = await v.post('/api/orders-checkout/', { ...order, phone: '+7 (912) 000-11-22' })
    expect(res.status).toBe(200)
    const id = res.body.order.id as number
    expect(await scalar<number>('select discount from orders where id = ?', id)).toBe(500)
    const total = await scalar<number>('select total from orders where id = ?', id)
    expect(res.body.payment.url).toMatch(new RegExp(`^${fake.origin}/checkout/`))
    const body = creates().at(-1)!.body as { receipt: { items: { quantity: number; amount: { value: string } }[] } }
    expect(receiptSum(body.receipt)).toBe(total * 100)
    expect(body.receipt.items.length).toBeGreaterThanOrEqual(3)
  })

  it('a forged notification for a pending payment changes nothing; unknown ids are 200 and ignored', async () => {
    const v = visitor()
    const { id, total } = await checkout(v)
    const [p] = await paymentRows(id)
    const h = (await history(id)).length
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
    expect(await statusOf(id)).toBe('awaiting-payment')
    expect((await paymentRows(id))[0]!.status).toBe('pending')
    expect(await history(id)).toHaveLength(h)

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
    expect(await statusOf(id)).toBe('awaiting-payment')
  })

  it('the amount YooKassa reports differs from ours: refused, nothing changes', async () => {
    const v = visitor()
    const { id, total } = await checkout(v)
    const ext = (await paymentRows(id))[0]!.external_id!
    fake.payments.get(ext)!.amount = { value: `${total - 1}.00`, currency: 'RUB' }
    await fake.complete(ext, 'succeeded')
    expect(fake.notifications.at(-1)!.status).toBe(422)
    expect(await statusOf(id)).toBe('awaiting-payment')
    expect((await paymentRows(id))[0]!.status).toBe('pending')
  })

  it('canceled at YooKassa: declined, the order stays payable and a new payment has a new key', async () => {
    const v = visitor()
    const { res, id } = await checkout(v)
    await pressOnPaymentPage(res.body.payment.url, 'cancel')
    expect(fake.notifications.at(-1)).toMatchObject({ status: 200, body: { event: 'payment.canceled' } })
    expect(await statusOf(id)).toBe('awaiting-payment')
    expect((await paymentRows(id))[0]!.status).toBe('declined')
    expect((await history(id)).at(-1)!.comment).toMatch(/отклон/i)
    expect((await v.get('/api/order/', { id })).body.canPay).toBe(true)

    const pay = await v.post('/api/order-pay/', { id })
    expect(pay.status).toBe(200)
    const [first, second] = await paymentRows(id)
    expect(second!.idempotence_key).not.toBe(first!.idempotence_key)
    expect(pay.body.payment.url).toBe(second!.confirmation_url)
    await pressOnPaymentPage(pay.body.payment.url, 'pay')
    expect(await statusOf(id)).toBe('paid')
  })

  it('pay again while the payment is still open: the same payment page, no second payment', async () => {
    const v = visitor()
    const { res, id } = await checkout(v)
    const before = fake.payments.size
    const pay = await v.post('/api/order-pay/', { id })
    expect(pay.status).toBe(200)
    expect(pay.body.payment.url).toBe(res.body.payment.url)
    expect(fake.payments.size).toBe(before)
    expect(await paymentRows(id)).toHaveLength(1)
  })

  it('past its stock hold the order takes no new payment', async () => {
    const v = visitor()
    const { id } = await checkout(v)
    await exec('update orders set hold_until = ? where id = ?', Date.now() - 1000, id)
    const before = fake.requests.length
    expect((await v.post('/api/order-pay/', { id })).status).toBe(409)
    expect(fake.requests.length).toBe(before)
  })

  it('the notification is lost: pressing "pay" again finds the payment succeeded and the order paid', async () => {
    const v = visitor()
    const { id } = await checkout(v)
    fake.setWebhook(null)
    try {
      await fake.complete((await paymentRows(id))[0]!.external_id!, 'succeeded')
    } finally {
      fake.setWebhook(webhook)
    }
    expect(await statusOf(id)).toBe('awaiting-payment')
    const pay = await v.post('/api/order-pay/', { id })
    expect(pay.status).toBe(200)
    expect(pay.body.payment.url).toBe(`/personal/orders/${id}/`)
    expect(await statusOf(id)).toBe('paid')
  })
})
