import { describe, expect, it } from 'vitest'
import { visitor } from '../helpers/api'
import { recordStatements, rows, scalar } from '../helpers/db'

interface OfferRow {
  id: number
  productId: number
  stock: number
  price: number
  oldPrice: number | null
}

/** A product with one offer in stock of at least `min` units, priced at least `minPrice`. */
async function offerWith(min: number, minPrice = 0, exclude: number[] = []): Promise<OfferRow> {
  const found = (
    await rows<OfferRow>(
      `select id, product_id as "productId", stock, price, old_price as "oldPrice" from product_offers
     where stock >= ? and price >= ? and product_id not in (select product_id from product_offers where stock = 0)
     and (select count(*) from product_offers o2 where o2.product_id = product_offers.product_id) = 1
     order by id`,
      min,
      minPrice,
    )
  ).filter((r) => !exclude.includes(r.id))
  if (!found[0]) throw new Error('no offer')
  return found[0]
}

describe('cart (API §4)', () => {
  it('GET for a new visitor is an empty cart and sets no cookie', async () => {
    const v = visitor()
    const res = await v.get('/api/cart-list/')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      items: [],
      amount: { quantity: 0, price: { value: 0, discount: 0 } },
      promocode: null,
    })
    expect(v.cookies.size).toBe(0)
    expect((await v.get('/api/cart-list')).status).toBe(200)
  })

  it('adds by product id (default offer) and by offer id, answering the whole cart', async () => {
    const v = visitor()
    const o = await offerWith(5)
    const res = await v.post('/api/cart-list/', { id: o.productId })
    expect(res.status).toBe(200)
    expect(res.body.success).toBe(true)
    expect(res.body.items).toHaveLength(1)
    const item = res.body.items[0]
    expect(item).toMatchObject({ id: o.id, productId: o.productId, quantity: 1, stock: o.stock })
    expect(item.link).toMatch(/^\/catalog\/[\w-]+\/[\w-]+\/$/)
    expect(item.image.src).toBeTruthy()
    const again = await v.post('/api/cart-list/', { id: o.id, quantity: 2 })
    expect(again.body.items[0].quantity).toBe(3)
    expect(again.body.items[0].price.value).toBe(o.price * 3)
    expect(again.body.items[0].price.discount).toBe(o.oldPrice ? (o.oldPrice - o.price) * 3 : 0)
    expect(again.body.amount).toMatchObject({ quantity: 3, price: { value: o.price * 3 } })
  })

  it('form-encoded bodies and snake_case work; bad input is 422, unknown id 404, never 5xx', async () => {
    const v = visitor()
    const o = await offerWith(3)
    expect(
      (
        await v.form('POST', '/api/cart-list/', [
          ['id', String(o.id)],
          ['quantity', '2'],
        ])
      ).body.items[0].quantity,
    ).toBe(2)
    expect((await v.post('/api/cart-list/', { id: 'abc' })).status).toBe(422)
    expect((await v.post('/api/cart-list/', { id: o.id, quantity: 0 })).status).toBe(422)
    expect((await v.post('/api/cart-list/', { id: o.id, quantity: -3 })).status).toBe(422)
    expect((await v.post('/api/cart-list/', { id: o.id, quantity: 1.5 })).status).toBe(422)
    expect((await v.post('/api/cart-list/', {})).status).toBe(422)
    const unknown = await v.post('/api/cart-list/', { id: 999_999 })
    expect(unknown.status).toBe(404)
    expect(unknown.body.success).toBe(false)
    expect((await v.post('/api/cart-list/', { id: 9_999_999 })).status).toBe(404)
    expect(
      (await v.raw('POST', '/api/cart-list/', { body: '{bad', headers: { 'content-type': 'application/json' } }))
        .status,
    ).toBeLessThan(500)
  })

  it('refuses beyond stock with 409 and changes nothing', async () => {
    const v = visitor()
    const o = await offerWith(2)
    await v.post('/api/cart-list/', { id: o.id, quantity: o.stock })
    const res = await v.post('/api/cart-list/', { id: o.id })
    expect(res.status).toBe(409)
    expect(res.body.success).toBe(false)
    expect(res.body.message).toMatch(String(o.stock))
    expect((await v.get('/api/cart-list/')).body.items[0].quantity).toBe(o.stock)
    const soldOut = await scalar<number>('select id from product_offers where stock = 0 limit 1')
    expect((await v.post('/api/cart-list/', { id: soldOut })).status).toBe(409)
  })

  it('PATCH sets 1..stock; outside: 422/409; a line not in the cart: 404', async () => {
    const v = visitor()
    const o = await offerWith(4)
    await v.post('/api/cart-list/', { id: o.id })
    const res = await v.patch('/api/cart-list/', { id: o.id, quantity: 3 })
    expect(res.status).toBe(200)
    expect(res.body.items[0].quantity).toBe(3)
    expect((await v.patch('/api/cart-list/', { id: o.productId, quantity: 2 })).body.items[0].quantity).toBe(2)
    expect((await v.patch('/api/cart-list/', { id: o.id, quantity: 0 })).status).toBe(422)
    expect((await v.patch('/api/cart-list/', { id: o.id, quantity: o.stock + 1 })).status).toBe(409)
    const other = await offerWith(1, 0, [o.id])
    expect((await v.patch('/api/cart-list/', { id: other.id, quantity: 1 })).status).toBe(404)
    expect((await v.get('/api/cart-list/')).body.items[0].quantity).toBe(2)
  })

  it('DELETE removes one or many, ignores unknown ids', async () => {
    const v = visitor()
    const a = await offerWith(2)
    const b = await offerWith(2, 0, [a.id])
    await v.post('/api/cart-list/', { id: a.id })
    await v.post('/api/cart-list/', { id: b.id })
    let res = await v.delete('/api/cart-list/', { id: 123_456_789 })
    expect(res.status).toBe(200)
    expect(res.body.items).toHaveLength(2)
    res = await v.delete('/api/cart-list/', { id: a.productId })
    expect(res.body.items.map((i: { id: number }) => i.id)).toEqual([b.id])
    await v.post('/api/cart-list/', { id: a.id })
    res = await v.form('DELETE', '/api/cart-list/', [
      ['id[0]', String(a.id)],
      ['id[1]', String(b.id)],
    ])
    expect(res.body.items).toEqual([])
  })

  it('promo codes: case-insensitive, reasons for refusal, removal', async () => {
    const v = visitor()
    expect((await v.post('/api/cart-promocode/', { promocode: 'welcome10' })).status).toBe(422)
    const o = await offerWith(1, 1000)
    await v.post('/api/cart-list/', { id: o.id })
    const unknown = await v.post('/api/cart-promocode/', { promocode: 'NOPE' })
    expect(unknown.status).toBe(422)
    expect(unknown.body).toMatchObject({ success: false })
    expect(unknown.body.errors.promocode).toBeTruthy()
    const expired = await v.post('/api/cart-promocode/', { promocode: 'SUMMER20' }, { 'accept-language': 'en' })
    expect(expired.status).toBe(422)
    expect(expired.body.message).toBe('This promo code has expired')
    const res = await v.post('/api/cart-promocode/', { promocode: ' welcome10 ' })
    expect(res.status).toBe(200)
    expect(res.body.promocode).toBe('WELCOME10')
    const sub = o.price
    const off = Math.floor(sub / 10)
    expect(res.body.amount).toMatchObject({ subtotal: sub, promoDiscount: off, price: { value: sub - off } })
    expect(res.body.amount.price.discount).toBe((o.oldPrice ? o.oldPrice - o.price : 0) + off)
    const removed = await v.delete('/api/cart-promocode/', { promocode: 'WELCOME10' })
    expect(removed.body.promocode).toBeNull()
    expect(removed.body.amount.price.value).toBe(sub)
  })

  it('re-checks the promo on every change and drops it with a message', async () => {
    const v = visitor({ locale: 'en' })
    const o = (
      await rows<OfferRow>(
        'select id, stock, price from product_offers where price < 3000 and price * stock >= 3000 and price >= 500 order by id',
      )
    )[0]
    if (!o) throw new Error('no offer')
    const q = Math.ceil(3000 / o.price)
    await v.post('/api/cart-list/', { id: o.id, quantity: q })
    const applied = await v.post('/api/cart-promocode/', { promocode: 'hair500' })
    expect(applied.status).toBe(200)
    expect(applied.body.amount.promoDiscount).toBe(500)
    const below = await v.patch('/api/cart-list/', { id: o.id, quantity: 1 })
    expect(below.status).toBe(200)
    expect(below.body.promocode).toBeNull()
    expect(below.body.message).toMatch(/HAIR500.*no longer applies.*3\u00a0000 ₽/)
    expect(await scalar('select count(*) from carts where promocode is not null')).toBe(0)
  })

  it('tRPC cart procedures share the service', async () => {
    const v = visitor()
    const o = await offerWith(2)
    const { caller } = v.trpc()
    const cart = await caller.cart.add({ id: o.id })
    expect(cart.items[0]?.id).toBe(o.id)
    const again = await v.trpc().caller.cart.get()
    expect(again.items).toHaveLength(1)
    await expect(v.trpc().caller.cart.update({ id: o.id, quantity: 10_000 })).rejects.toThrow()
  })
})

describe("a session's cart: round trips", () => {
  it('GET /cart-list/ asks the database twice: the session, then the cart with its lines (issue 30 §2)', async () => {
    // On PostgreSQL each query is a round trip: the cart, its lines and the courier price were three.
    const a = await offerWith(3)
    const v = visitor()
    expect((await v.post('/api/cart-list/', { id: a.id, quantity: 2 })).status).toBe(200)
    await v.get('/api/cart-list/') // the dictionaries a cart shows are read once, then kept
    const statements = recordStatements()
    try {
      const res = await v.get('/api/cart-list/')
      expect(res.status).toBe(200)
      expect(res.body.items.map((i: { id: number; quantity: number }) => [i.id, i.quantity])).toEqual([[a.id, 2]])
      expect(res.body.delivery).toBeDefined()
      expect(statements.texts()).toHaveLength(2)
      expect(statements.texts()[0]).toMatch(/from "sessions"/)
    } finally {
      statements.restore()
    }
    // An empty cart too (its row stays): one query for it.
    expect((await v.delete('/api/cart-list/', { id: [a.id] })).status).toBe(200)
    const again = recordStatements()
    try {
      const res = await v.get('/api/cart-list/')
      expect(res.body.items).toEqual([])
      expect(again.texts()).toHaveLength(2)
    } finally {
      again.restore()
    }
  })
})
