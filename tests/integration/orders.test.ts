import { describe, expect, it } from 'vitest'
import { visitor as makeVisitor } from '../helpers/api'
import { rows, scalar, exec } from '../helpers/db'
import { contacts, offersInStock, orderPhoneCode, setStock, signIn, stockOf } from '../helpers/commerce'

const courier = { ...contacts, delivery: 'courier', address: 'г. Москва, ул. Тверская, д. 1, кв. 5' }
/**
 * A phone no other test used: promo codes count earlier orders per phone (WELCOME10 is for a
 * first order) and a phone may have only 3 unconfirmed orders open (see order-rules tests).
 */
let phoneSeq = 0
const freshPhone = () => `+7912000${String(++phoneSeq).padStart(4, '0')}`

/** Each visitor its own client address (unconfirmed orders are capped per address too) unless a test names one. */
let peerSeq = 0
const visitor = (o: Parameters<typeof makeVisitor>[0] = {}) =>
  makeVisitor({ peer: `10.24.${Math.floor(++peerSeq / 250)}.${peerSeq % 250}`, ...o })

async function totalStockOf(productId: number) {
  return await scalar<number>('select total_stock from products where id = ?', productId)
}

describe('dictionaries (API §8)', () => {
  it('lists delivery, payment methods and cancel reasons', async () => {
    const v = visitor({ locale: 'en' })
    const d = await v.get('/api/order-delivery/')
    expect(d.status).toBe(200)
    expect(d.body.map((x: { code: string }) => x.code)).toEqual(['courier', 'pickup', 'post'])
    expect(d.body[0]).toMatchObject({
      id: expect.any(Number),
      title: 'Courier',
      price: 390,
      description: expect.any(String),
    })
    const p = await v.get('/api/order-payment')
    expect(p.body.map((x: { code: string; online: boolean }) => [x.code, x.online])).toEqual([
      ['card', true],
      ['cash', false],
      ['invoice', false],
    ])
    const r = await v.get('/api/order-cancel-reasons/')
    expect(r.body[0]).toEqual({ id: 1, title: 'Changed my mind' })
    const pts = await v.get('/api/order-pickup-points/')
    expect(pts.body.length).toBeGreaterThan(0)
  })
})

describe('checkout', () => {
  it('empty cart: 409; invalid input: 422 with field errors', async () => {
    const v = visitor({ locale: 'en' })
    const empty = await v.post('/api/orders-checkout-offline/', courier)
    expect(empty.status).toBe(409)
    expect(empty.body).toMatchObject({ success: false, message: 'The cart is empty' })
    const bad = await v.post('/api/orders-checkout/', { fullname: '', phone: '123', email: 'x', delivery: 'courier' })
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toMatchObject({
      fullname: 'Required field',
      phone: 'Enter the full phone number',
      email: 'Invalid E-mail',
      address: 'Required field',
    })
    const pickup = await v.post('/api/orders-checkout/', { ...contacts, delivery: 'pickup' })
    expect(pickup.body.errors).toMatchObject({ pickupPoint: 'Required field' })
    expect((await v.post('/api/orders-checkout/', 'garbage')).status).toBeLessThan(500)
  })

  it('offline: takes stock, writes order, lines, history; empties the cart', async () => {
    const v = visitor()
    const [a, b] = await offersInStock(3)
    if (!a || !b) throw new Error('seed')
    await v.post('/api/cart-list/', { id: a.id, quantity: 2 })
    await v.post('/api/cart-list/', { id: b.id })
    const before = [await stockOf(a.id), await stockOf(b.id)]
    const totalBefore = await totalStockOf(a.productId)
    const res = await v.form('POST', '/api/orders-checkout-offline/', [
      ['fullname', contacts.fullname],
      ['phone', contacts.phone],
      ['email', contacts.email],
      ['delivery', 'courier'],
      ['address', courier.address],
      ['comment', 'Позвоните заранее'],
    ])
    expect(res.status).toBe(200)
    expect(res.body.success).toBe(true)
    expect(res.body.order).toMatchObject({ status: 'new', link: `/personal/orders/${res.body.order.id}/` })
    expect(res.body.order.number).toMatch(/^HC-\d{4}-\d{6}$/)
    expect(res.body.payment).toBeUndefined()
    expect([await stockOf(a.id), await stockOf(b.id)]).toEqual([before[0]! - 2, before[1]! - 1])
    expect(await totalStockOf(a.productId)).toBe(totalBefore - 2)
    expect((await v.get('/api/cart-list/')).body.items).toEqual([])
    const detail = await v.get('/api/order/', { id: res.body.order.id })
    expect(detail.status).toBe(200)
    const sum = a.price * 2 + b.price
    expect(detail.body).toMatchObject({
      number: res.body.order.number,
      status: 'new',
      kind: 'offline',
      delivery: { code: 'courier', price: sum >= 5000 ? 0 : 390 },
      payment: { code: 'cash', online: false },
      address: { full: courier.address },
      comment: 'Позвоните заранее',
      phone: '+79123456789',
      amount: { quantity: 3, items: sum, discount: 0, total: sum + (sum >= 5000 ? 0 : 390) },
      canCancel: true,
      canPay: false,
    })
    expect(detail.body.items).toHaveLength(2)
    expect(detail.body.history).toHaveLength(1)
    expect(detail.body.history[0].status).toBe('new')
  })

  it('online: awaiting payment with a payment URL; counts the promo use', async () => {
    const v = visitor()
    const [a] = await offersInStock(1, 1000)
    if (!a) throw new Error('seed')
    await v.post('/api/cart-list/', { id: a.id })
    await v.post('/api/cart-promocode/', { promocode: 'welcome10' })
    const used = await scalar<number>("select used_count from promo_codes where code = 'WELCOME10'")
    const phone = freshPhone()
    const res = await v.post('/api/orders-checkout/', {
      ...contacts,
      phone,
      delivery: 'pickup',
      pickup_point: 1,
      payment: 'card',
      code: await orderPhoneCode(v, phone),
    })
    expect(res.status).toBe(200)
    expect(res.body.order.status).toBe('awaiting-payment')
    expect(res.body.payment.url).toMatch(/^http:\/\/shop\.test\/payment\/test\/pay_[0-9a-f]+\/$/)
    expect(await scalar<number>("select used_count from promo_codes where code = 'WELCOME10'")).toBe(used + 1)
    const detail = (await v.get('/api/order/', { id: res.body.order.id })).body
    expect(detail.promocode).toBe('WELCOME10')
    expect(detail.amount.discount).toBe(Math.floor(a.price / 10))
    expect(detail.pickupPoint.id).toBe(1)
    expect(detail.canPay).toBe(true)
    expect(detail.delivery.price).toBe(0)
  })

  it('payment method must match the checkout kind; invoice only for legal customers', async () => {
    const v = visitor()
    const [a] = await offersInStock(2)
    await v.post('/api/cart-list/', { id: a!.id })
    expect((await v.post('/api/orders-checkout/', { ...courier, payment: 'cash' })).status).toBe(422)
    expect((await v.post('/api/orders-checkout-offline/', { ...courier, payment: 'card' })).status).toBe(422)
    const inv = await v.post('/api/orders-checkout/', { ...courier, payment: 'invoice' })
    expect(inv.status).toBe(422)
    expect(inv.body.errors.payment).toBeTruthy()
    expect((await v.post('/api/orders-checkout/', { ...courier, delivery: 'teleport' })).status).toBe(422)
    expect((await v.post('/api/orders-checkout/', { ...courier, delivery: 'pickup', pickupPoint: 999 })).status).toBe(
      422,
    )
    expect((await v.get('/api/cart-list/')).body.items).toHaveLength(1)

    await signIn(v, { type: 'legal', organization: 'ООО «Ромашка»', taxId: '7707083893' })
    await v.post('/api/cart-list/', { id: a!.id })
    const ok = await v.post('/api/orders-checkout/', { ...courier, payment: 'invoice' })
    expect(ok.status).toBe(200)
    expect(ok.body.order.status).toBe('awaiting-payment')
    expect(ok.body.payment.url).toBe(`/personal/orders/${ok.body.order.id}/invoice/`)
    const detail = (await v.get('/api/order/', { id: ok.body.order.id })).body
    expect(detail.invoiceLink).toBe(`/personal/orders/${ok.body.order.id}/invoice/`)
    expect(detail.canPay).toBe(false)
    const inv2 = await v.trpc().caller.orders.invoice({ id: ok.body.order.id })
    expect(inv2.customer.organization).toBe('ООО «Ромашка»')
    expect(inv2.totalWords).toMatch(/рубл/)
  })

  it('a line beyond stock refuses the whole order with 409 naming it; nothing changes', async () => {
    const v = visitor({ locale: 'en' })
    const [a, b] = await offersInStock(3)
    await v.post('/api/cart-list/', { id: a!.id, quantity: 1 })
    await v.post('/api/cart-list/', { id: b!.id, quantity: 3 })
    await setStock(b!.id, 2)
    const before = await stockOf(a!.id)
    const orders = await scalar<number>('select count(*) from orders')
    const res = await v.post('/api/orders-checkout-offline/', courier)
    expect(res.status).toBe(409)
    expect(res.body.success).toBe(false)
    expect(res.body.message).toMatch(/Only 2 pcs of ".+" left/)
    expect(res.body.line).toMatchObject({ id: b!.id, quantity: 3, stock: 2 })
    expect(await stockOf(a!.id)).toBe(before)
    expect(await scalar<number>('select count(*) from orders')).toBe(orders)
    expect((await v.get('/api/cart-list/')).body.items).toHaveLength(2)
  })

  it('a promo code used up since it was applied refuses the order (409)', async () => {
    const v = visitor()
    const a = (await offersInStock(1, 5000))[0]
    if (!a) return
    await v.post('/api/cart-list/', { id: a.id })
    expect((await v.post('/api/cart-promocode/', { promocode: 'once1000' })).status).toBe(200)
    const w = visitor()
    await w.post('/api/cart-list/', { id: a.id })
    expect((await w.post('/api/cart-promocode/', { promocode: 'ONCE1000' })).status).toBe(200)
    expect((await v.post('/api/orders-checkout-offline/', { ...courier, phone: freshPhone() })).status).toBe(200)
    const second = await w.post('/api/orders-checkout-offline/', { ...courier, phone: freshPhone() })
    expect(second.status).toBe(409)
    expect(await scalar<number>("select used_count from promo_codes where code = 'ONCE1000'")).toBe(1)
    expect((await w.get('/api/cart-list/')).body.promocode).toBeNull()
  })

  it('saved addresses: own only', async () => {
    const v = visitor()
    const uid = await signIn(v)
    const other = visitor()
    const otherId = await signIn(other)
    const now = Date.now()
    const ins = async (u: number) =>
      Number(
        (
          await rows<{ id: number }>(
            'insert into user_addresses (user_id, "full", city, created_at) values (?, ?, ?, ?) returning id',
            u,
            'г. Казань, ул. Баумана, д. 1',
            'Казань',
            now,
          )
        )[0]?.id,
      )
    const mine = await ins(uid)
    const theirs = await ins(otherId)
    const [a] = await offersInStock(2)
    await v.post('/api/cart-list/', { id: a!.id })
    const { fullname, email } = contacts
    const phone = freshPhone()
    expect(
      (await v.post('/api/orders-checkout-offline/', { fullname, phone, email, delivery: 'post', addressId: theirs }))
        .status,
    ).toBe(404)
    const ok = await v.post('/api/orders-checkout-offline/', {
      fullname,
      phone,
      email,
      delivery: 'post',
      addressId: mine,
    })
    expect(ok.status).toBe(200)
    expect((await v.get('/api/order/', { id: ok.body.order.id })).body.address.full).toBe(
      'г. Казань, ул. Баумана, д. 1',
    )
  })
})

describe('fast buy', () => {
  it('orders one product without touching the cart', async () => {
    const v = visitor()
    const [a, b] = await offersInStock(2)
    await v.post('/api/cart-list/', { id: b!.id })
    const before = await stockOf(a!.id)
    const res = await v.post('/api/orders-fast-buy/', { id: a!.productId, phone: '89123456789' })
    expect(res.status).toBe(200)
    expect(res.body.order.status).toBe('new')
    expect(await stockOf(a!.id)).toBe(before - 1)
    expect((await v.get('/api/cart-list/')).body.items).toHaveLength(1)
    expect((await v.get('/api/order/', { id: res.body.order.id })).body.kind).toBe('fast-buy')
    expect((await v.post('/api/orders-fast-buy/', { id: a!.id, phone: '123' })).status).toBe(422)
    expect((await v.post('/api/orders-fast-buy/', { id: 999_999, phone: contacts.phone })).status).toBe(404)
    expect((await v.post('/api/orders-fast-buy/', { id: a!.id, quantity: 10_000, phone: contacts.phone })).status).toBe(
      422,
    )
    expect(
      (
        await v.post('/api/orders-fast-buy/', {
          id: a!.id,
          quantity: (await stockOf(a!.id)) + 1,
          phone: contacts.phone,
        })
      ).status,
    ).toBe(409)
    const viaTrpc = await v.trpc().caller.orders.fastBuy({ id: a!.id, phone: freshPhone(), fullname: 'Олег' })
    expect(viaTrpc.success).toBe(true)
  })
})

describe('access', () => {
  it('orders-list needs a signed-in user; newest first; guest orders only from their session', async () => {
    const guest = visitor()
    const [a] = await offersInStock(5)
    expect((await guest.get('/api/orders-list/')).status).toBe(401)
    const g = await guest.post('/api/orders-fast-buy/', { id: a!.id, phone: freshPhone() })
    expect((await guest.get('/api/order/', { id: g.body.order.id })).status).toBe(200)
    const stranger = visitor()
    expect((await stranger.get('/api/order/', { id: g.body.order.id })).status).toBe(404)
    expect((await stranger.post('/api/order-cancel/', { id: g.body.order.id, reason: 1 })).status).toBe(404)
    expect((await stranger.get('/api/order/', { id: 'x' })).status).toBe(422)

    const u = visitor()
    await signIn(u)
    const phone = freshPhone()
    const first = await u.post('/api/orders-fast-buy/', { id: a!.id, phone })
    const second = await u.post('/api/orders-fast-buy/', { id: a!.id, quantity: 2, phone })
    const list = await u.get('/api/orders-list/')
    expect(list.status).toBe(200)
    expect(list.body.list.map((o: { id: number }) => o.id)).toEqual([second.body.order.id, first.body.order.id])
    expect(list.body.list[0]).toMatchObject({
      number: second.body.order.number,
      status: 'new',
      itemsCount: 2,
      link: `/personal/orders/${second.body.order.id}/`,
      amount: a!.price * 2,
    })
    expect((await u.get('/api/order/', { id: g.body.order.id })).status).toBe(404)
    const other = visitor()
    await signIn(other)
    expect((await other.get('/api/order/', { id: first.body.order.id })).status).toBe(404)
    expect((await other.get('/api/orders-list/')).body.list).toEqual([])
  })
})

describe('cancel', () => {
  it('cancels with a reason, returns stock and the promo use; then 409', async () => {
    const v = visitor({ locale: 'en' })
    const [a] = await offersInStock(2)
    await v.post('/api/cart-list/', { id: a!.id, quantity: 2 })
    await v.post('/api/cart-promocode/', { promocode: 'WELCOME10' })
    const used = await scalar<number>("select used_count from promo_codes where code = 'WELCOME10'")
    const before = await stockOf(a!.id)
    const phone = freshPhone()
    const o = (
      await v.post('/api/orders-checkout-offline/', { ...courier, phone, code: await orderPhoneCode(v, phone) })
    ).body.order
    expect(await stockOf(a!.id)).toBe(before - 2)
    expect((await v.post('/api/order-cancel/', { id: o.id })).status).toBe(422)
    expect((await v.post('/api/order-cancel/', { id: o.id, reason: 99 })).status).toBe(422)
    const res = await v.post('/api/order-cancel/', { id: o.id, reason: 2 })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      success: true,
      order: { status: 'cancelled', cancelReason: 'Found a better price elsewhere', canCancel: false },
    })
    expect(res.body.order.history.map((h: { status: string }) => h.status)).toEqual(['new', 'cancelled'])
    expect(await stockOf(a!.id)).toBe(before)
    expect(await totalStockOf(a!.productId)).toBe(
      await scalar<number>('select sum(stock) from product_offers where product_id = ?', a!.productId),
    )
    expect(await scalar<number>("select used_count from promo_codes where code = 'WELCOME10'")).toBe(used)
    const again = await v.post('/api/order-cancel/', { id: o.id, reason: 1 })
    expect(again.status).toBe(409)
    expect(await stockOf(a!.id)).toBe(before)
  })

  it('a cancelled order offers no invoice; its invoice still opens for the records, marked void', async () => {
    const v = visitor({ locale: 'en' })
    const [a] = await offersInStock(2)
    await signIn(v, { type: 'legal', organization: 'ООО «Ландыш»', taxId: '7707083893' })
    await v.post('/api/cart-list/', { id: a!.id })
    const o = (await v.post('/api/orders-checkout/', { ...courier, phone: freshPhone(), payment: 'invoice' })).body
      .order
    expect((await v.get('/api/order/', { id: o.id })).body.invoiceLink).toBe(`/personal/orders/${o.id}/invoice/`)
    expect((await v.trpc().caller.orders.invoice({ id: o.id })).void).toBe(false)
    const res = await v.post('/api/order-cancel/', { id: o.id, reason: 1 })
    expect(res.status).toBe(200)
    expect(res.body.order).toMatchObject({ status: 'cancelled', invoiceLink: null })
    expect((await v.get('/api/order/', { id: o.id })).body.invoiceLink).toBeNull()
    const inv = await v.trpc().caller.orders.invoice({ id: o.id })
    expect(inv).toMatchObject({ status: 'cancelled', void: true, number: o.number })
  })

  it('refuses once the order is processing or later', async () => {
    const v = visitor()
    const [a] = await offersInStock(1)
    const o = (await v.post('/api/orders-fast-buy/', { id: a!.id, phone: freshPhone() })).body.order
    for (const status of ['processing', 'shipped', 'done']) {
      await exec('update orders set status = ? where id = ?', status, o.id)
      expect((await v.post('/api/order-cancel/', { id: o.id, reason: 1 })).status).toBe(409)
    }
  })
})
