import { describe, expect, it } from 'vitest'
import { visitor } from '../helpers/api'
import { jsonValue, scalar } from '../helpers/db'
import { contacts, offersInStock } from '../helpers/commerce'
import { addressLine } from '../../server/contracts/address-line'
import { t } from '../../server/contracts/i18n'
import '../../server/contracts/orders'

/**
 * Issue 17 (h5): the cancel dialog's own reason, entrance / floor / intercom with a courier
 * order, the remembered guest.
 */
let phoneSeq = 0
const freshPhone = () => `+7913100${String(++phoneSeq).padStart(4, '0')}`
const courier = { ...contacts, delivery: 'courier', address: 'г. Москва, ул. Тверская, д. 1, кв. 5' }

async function offlineOrder(v: ReturnType<typeof visitor>, extra: Record<string, unknown> = {}) {
  const [a] = await offersInStock(2)
  await v.post('/api/cart-list/', { id: a!.id, quantity: 1 })
  const res = await v.post('/api/orders-checkout-offline/', { ...courier, phone: freshPhone(), ...extra })
  expect(res.status).toBe(200)
  return res.body.order as { id: number }
}

describe('cancel with the customer’s own reason', () => {
  it('"Другая причина" is marked, stores the customer’s text in the history and shows it as the reason', async () => {
    const v = visitor()
    const reasons = (await v.get('/api/order-cancel-reasons/')).body as { id: number; other?: boolean }[]
    const other = reasons.find((r) => r.other)
    expect(other).toBeTruthy()
    expect(reasons.filter((r) => r.other)).toHaveLength(1)
    // The contract's original client sends only {id, reason}: still a cancel (the dialog asks for the words).
    const plain = await offlineOrder(v)
    const bare = await v.post('/api/order-cancel/', { id: plain.id, reason: other!.id })
    expect(bare.status).toBe(200)
    expect(bare.body.order.cancelReason).toBe('Другая причина')
    const o = await offlineOrder(v)
    expect(await scalar('select status from orders where id = ?', o.id)).not.toBe('cancelled')
    const res = await v.post('/api/order-cancel/', { id: o.id, reason: other!.id, comment: 'Заказал не тот оттенок' })
    expect(res.status).toBe(200)
    expect(res.body.order.cancelReason).toBe('Другая причина — Заказал не тот оттенок')
    const last = res.body.order.history.at(-1)
    expect(last).toMatchObject({
      status: 'cancelled',
      comment: 'Отменён покупателем: Другая причина — Заказал не тот оттенок',
    })
    // The same order read again (in English) keeps the customer's words.
    v.cookies.set('locale', 'en')
    const en = await v.get('/api/order/', { id: o.id })
    expect(en.body.cancelReason).toBe('Other reason — Заказал не тот оттенок')
  })

  it('a listed reason needs no text', async () => {
    const v = visitor()
    const o = await offlineOrder(v)
    const res = await v.post('/api/order-cancel/', { id: o.id, reason: 1 })
    expect(res.status).toBe(200)
    expect(res.body.order.cancelReason).toBe('Передумал(а) покупать')
  })
})

describe('entrance, floor, intercom (courier)', () => {
  it('are saved with the order and shown with the address on the order and in the 1C export line', async () => {
    const v = visitor()
    const o = await offlineOrder(v, { entrance: '2', floor: '5', intercom: '25К' })
    const stored = await scalar<unknown>('select address from orders where id = ?', o.id)
    expect(jsonValue(stored)).toMatchObject({ full: courier.address, entrance: '2', floor: '5', intercom: '25К' })
    const order = (await v.get('/api/order/', { id: o.id })).body
    expect(order.address).toMatchObject({ full: courier.address, entrance: '2', floor: '5', intercom: '25К' })
    expect(addressLine(order.address, (k, value) => t('ru', k, { value }))).toBe(
      `${courier.address}, подъезд 2, этаж 5, домофон 25К`,
    )
  })

  it('an order without them keeps the plain address; over-long values are 422', async () => {
    const v = visitor()
    const o = await offlineOrder(v)
    const order = (await v.get('/api/order/', { id: o.id })).body
    expect(order.address).toEqual({ full: courier.address })
    const [a] = await offersInStock(2)
    await v.post('/api/cart-list/', { id: a!.id, quantity: 1 })
    const long = await v.post('/api/orders-checkout-offline/', {
      ...courier,
      phone: freshPhone(),
      floor: 'x'.repeat(21),
    })
    expect(long.status).toBe(422)
    expect(long.body.errors.floor).toBeTruthy()
  })
})

describe('the remembered guest', () => {
  it("a guest's next checkout in the same browser is filled from their last order; another browser's is not", async () => {
    const v = visitor()
    expect((await v.trpc().caller.orders.checkoutOptions()).remembered).toBeNull()
    const phone = freshPhone()
    const [a] = await offersInStock(2)
    await v.post('/api/cart-list/', { id: a!.id, quantity: 1 })
    const res = await v.post('/api/orders-checkout-offline/', {
      ...courier,
      fullname: 'Ольга Смирнова',
      email: 'olga@example.com',
      phone,
      entrance: '3',
      floor: '7',
      intercom: '73',
    })
    expect(res.status).toBe(200)
    const opts = await v.trpc().caller.orders.checkoutOptions()
    expect(opts.remembered).toEqual({
      fullname: 'Ольга Смирнова',
      phone: await scalar<string>('select phone from orders where id = ?', res.body.order.id),
      email: 'olga@example.com',
      address: courier.address,
      entrance: '3',
      floor: '7',
      intercom: '73',
    })
    expect((await visitor().trpc().caller.orders.checkoutOptions()).remembered).toBeNull()
  })
})
