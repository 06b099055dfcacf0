import { describe, expect, it } from 'vitest'
import { visitor } from '../helpers/api'
import { rows, scalar } from '../helpers/db'
import { deliveryPrice, freeDeliveryLeft } from '../../server/contracts/cart'

/**
 * Issue 17: what a cart answer says changed without the shopper asking — the promo code's state
 * as a structured field (`promo`), and courier delivery turning paid or free (`delivery.changed`) —
 * and why a quantity beyond stock is refused.
 */

interface OfferRow {
  id: number
  stock: number
  price: number
}

/** An offer and a quantity whose total lies in [from, to). */
async function lineWorth(
  from: number,
  to: number,
): Promise<{ id: number; quantity: number; total: number; stock: number }> {
  for (const o of await rows<OfferRow>(
    'select id, stock, price from product_offers where stock > 0 and price > 0 order by id',
  )) {
    const quantity = Math.ceil(from / o.price)
    if (quantity <= o.stock && o.price * quantity < to)
      return { id: o.id, quantity, total: o.price * quantity, stock: o.stock }
  }
  throw new Error('no offer')
}

const courier = async () =>
  (
    await rows<{ price: number; freeFrom: number | null }>(
      `select price, free_from as "freeFrom" from delivery_methods where code = 'courier'`,
    )
  )[0]!

describe('cart answer: promo state and delivery changes (issue 17)', () => {
  it('the one free-delivery rule', () => {
    const m = { price: 390, freeFrom: 5000 }
    expect(deliveryPrice(m, 5000)).toBe(0)
    expect(deliveryPrice(m, 4999)).toBe(390)
    expect(freeDeliveryLeft(m, 4600)).toBe(400)
    expect(freeDeliveryLeft(m, 5200)).toBe(0)
    expect(deliveryPrice({ price: 200, freeFrom: null }, 1e6)).toBe(200)
  })

  it('promo: applied, then dropped with its reason when a lower quantity misses the minimum, then gone', async () => {
    const v = visitor({ locale: 'en' })
    const o = (
      await rows<OfferRow>(
        'select id, stock, price from product_offers where price < 3000 and price * stock >= 3000 order by id',
      )
    )[0]!
    const line = { id: o.id, quantity: Math.ceil(3000 / o.price) }
    await v.post('/api/cart-list/', { id: line.id, quantity: line.quantity })
    expect((await v.get('/api/cart-list/')).body.promo).toBeNull()
    const applied = await v.post('/api/cart-promocode/', { promocode: 'hair500' })
    expect(applied.body.promo).toEqual({ code: 'HAIR500', status: 'applied' })
    const lower = Math.floor(2999 / o.price) || 1
    const below = await v.patch('/api/cart-list/', { id: line.id, quantity: lower })
    expect(below.status).toBe(200)
    expect(below.body.promocode).toBeNull()
    expect(below.body.promo).toEqual({
      code: 'HAIR500',
      status: 'dropped',
      reason: 'The promo code applies to orders from 3\u00a0000 ₽',
    })
    // Said once, when it happened: the next answer has no code and no stale "dropped".
    expect((await v.get('/api/cart-list/')).body.promo).toBeNull()
    // A refused code leaves the cart's promo state as it was.
    const unknown = await v.post('/api/cart-promocode/', { promocode: 'NOPE' })
    expect(unknown.status).toBe(422)
    expect(unknown.body.message).toBe('Promo code not found')
  })

  it('delivery: a promo code that takes the total under the threshold makes it paid, removing it free again', async () => {
    const c = await courier()
    expect(c.freeFrom).not.toBeNull()
    const free = c.freeFrom!
    const v = visitor()
    const line = await lineWorth(free, free + 500)
    const added = await v.post('/api/cart-list/', { id: line.id, quantity: line.quantity })
    expect(added.body.delivery).toEqual({ price: 0, freeFrom: free, left: 0 })
    const applied = await v.post('/api/cart-promocode/', { promocode: 'HAIR500' })
    expect(applied.status).toBe(200)
    const payable = line.total - 500
    expect(applied.body.amount.price.value).toBe(payable)
    expect(applied.body.delivery).toEqual({ price: c.price, freeFrom: free, left: free - payable, changed: 'paid' })
    // Not said again by the next answer that changes nothing about delivery.
    expect((await v.get('/api/cart-list/')).body.delivery.changed).toBeUndefined()
    const removed = await v.delete('/api/cart-promocode/', { promocode: 'HAIR500' })
    expect(removed.body.delivery).toEqual({ price: 0, freeFrom: free, left: 0, changed: 'free' })
  })

  it('removing a line that takes the total under the threshold says delivery became paid', async () => {
    const free = (await courier()).freeFrom!
    const v = visitor()
    const a = await lineWorth(free, free + 2000)
    const b = (
      await rows<OfferRow>('select id, stock, price from product_offers where stock > 0 and id <> ? order by id', a.id)
    )[0]!
    await v.post('/api/cart-list/', { id: a.id, quantity: a.quantity })
    await v.post('/api/cart-list/', { id: b.id, quantity: 1 })
    const gone = await v.delete('/api/cart-list/', { id: a.id })
    expect(gone.body.items).toHaveLength(1)
    expect(gone.body.delivery.changed).toBe(b.price >= free ? undefined : 'paid')
  })

  it('a quantity beyond stock is refused naming the stock, and the line keeps its quantity', async () => {
    const v = visitor()
    const line = await lineWorth(1, 1e9)
    await v.post('/api/cart-list/', { id: line.id, quantity: 1 })
    const res = await v.patch('/api/cart-list/', { id: line.id, quantity: line.stock + 12 })
    expect(res.status).toBe(409)
    expect(res.body.message).toContain(`В наличии только ${line.stock} шт.`)
    expect(res.body.stock).toBe(line.stock)
    expect(await scalar('select quantity from cart_lines where offer_id = ?', line.id)).toBe(1)
  })
})

describe('/promo/ (issue 17)', () => {
  it('lists the codes in force with their rules, in both languages, linked from the footer', async () => {
    const ru = await visitor().get('/api/entity/', { path: '/promo/' })
    expect(ru.status).toBe(200)
    expect(ru.body).toMatchObject({ type: 'promo', meta: { title: 'Акции и промокоды' } })
    const codes = ru.body.data.promos.map((p: { code: string }) => p.code)
    expect(codes).toEqual(expect.arrayContaining(['WELCOME10', 'HAIR500', 'VIP15']))
    // Expired (SUMMER20) and single-use certificates (ONCE1000) are not offers.
    expect(codes).not.toContain('SUMMER20')
    expect(codes).not.toContain('ONCE1000')
    expect(ru.body.data.promos.find((p: { code: string }) => p.code === 'HAIR500')).toMatchObject({
      kind: 'fixed',
      value: 500,
      minSum: 3000,
    })
    const en = await visitor({ locale: 'en' }).get('/api/entity/', { path: '/promo/' })
    expect(en.body.meta.title).toBe('Offers and promo codes')
    // Linked from the footer menu.
    expect(await scalar("select count(*) from nav_items where menu = 'footer' and link = '/promo/'")).toBe(1)
  })
})
