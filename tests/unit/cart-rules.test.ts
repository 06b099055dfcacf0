import { describe, expect, it } from 'vitest'
import {
  cartAmount,
  isOfferId,
  linePrice,
  normalizePromoCode,
  promoDiscount,
  customerPromoProblem,
  promoProblem,
  type PromoRule,
} from '../../server/contracts/cart'
import { canCancel, CheckoutInput, orderNumber } from '../../server/contracts/orders'

const promo = (over: Partial<PromoRule> = {}): PromoRule => ({
  code: 'X',
  kind: 'percent',
  value: 10,
  minSum: 0,
  validFrom: null,
  validTo: null,
  usageLimit: null,
  usedCount: 0,
  firstOrderOnly: false,
  perCustomerLimit: null,
  ...over,
})
const NOW = Date.parse('2026-10-01T00:00:00Z')

describe('promo rules', () => {
  it('first order only, uses per customer (earlier orders that were not cancelled)', () => {
    const first = promo({ firstOrderOnly: true, perCustomerLimit: 1 })
    expect(customerPromoProblem(first, { orders: 0, uses: 0 })).toBeNull()
    expect(customerPromoProblem(first, { orders: 1, uses: 0 })).toEqual({ key: 'cart.promoFirstOrder' })
    const vip = promo({ perCustomerLimit: 3 })
    expect(customerPromoProblem(vip, { orders: 9, uses: 2 })).toBeNull()
    expect(customerPromoProblem(vip, { orders: 9, uses: 3 })).toEqual({
      key: 'cart.promoCustomerLimit',
      params: { limit: 3 },
    })
    expect(customerPromoProblem(promo(), { orders: 50, uses: 50 })).toBeNull()
  })

  it('applies inside its dates, under its limit, from its minimum sum', () => {
    expect(promoProblem(promo(), 100, NOW)).toBeNull()
    expect(promoProblem(promo({ validFrom: NOW + 1 }), 100, NOW)).toEqual({ key: 'cart.promoNotStarted' })
    expect(promoProblem(promo({ validTo: NOW - 1 }), 100, NOW)).toEqual({ key: 'cart.promoExpired' })
    expect(promoProblem(promo({ validTo: NOW }), 100, NOW)).toBeNull()
    expect(promoProblem(promo({ usageLimit: 1, usedCount: 1 }), 100, NOW)).toEqual({ key: 'cart.promoExhausted' })
    expect(promoProblem(promo({ usageLimit: 2, usedCount: 1 }), 100, NOW)).toBeNull()
    expect(promoProblem(promo({ minSum: 3000 }), 2999, NOW)).toEqual({ key: 'cart.promoMinSum', params: { min: '3\u00a0000' } })
    expect(promoProblem(promo({ minSum: 3000 }), 3000, NOW)).toBeNull()
    expect(promoProblem(promo(), 0, NOW)).toEqual({ key: 'cart.promoEmpty' })
  })

  it('percent rounds down, fixed is capped by the sum, never negative', () => {
    expect(promoDiscount({ kind: 'percent', value: 10 }, 1999)).toBe(199)
    expect(promoDiscount({ kind: 'percent', value: 15 }, 10_000)).toBe(1500)
    expect(promoDiscount({ kind: 'percent', value: 150 }, 1000)).toBe(1000)
    expect(promoDiscount({ kind: 'fixed', value: 500 }, 3000)).toBe(500)
    expect(promoDiscount({ kind: 'fixed', value: 500 }, 300)).toBe(300)
    expect(promoDiscount({ kind: 'fixed', value: -5 }, 300)).toBe(0)
    expect(promoDiscount({ kind: 'fixed', value: 500 }, 0)).toBe(0)
  })

  it('codes are case-insensitive and trimmed', () => {
    expect(normalizePromoCode('  welcome10 ')).toBe('WELCOME10')
  })
})

describe('cart prices', () => {
  it('line price = unit × quantity; discount against the old price', () => {
    expect(linePrice({ quantity: 3, unitPrice: 900, oldPrice: 1000 })).toEqual({
      unit: { value: 900, discount: 100 },
      line: { value: 2700, discount: 300 },
    })
    expect(linePrice({ quantity: 2, unitPrice: 900, oldPrice: null }).line).toEqual({ value: 1800, discount: 0 })
    expect(linePrice({ quantity: 1, unitPrice: 900, oldPrice: 800 }).line.discount).toBe(0)
  })

  it('amount: units, paid value after the promo, all savings', () => {
    const lines = [
      { quantity: 2, unitPrice: 900, oldPrice: 1000 },
      { quantity: 1, unitPrice: 1500, oldPrice: null },
    ]
    expect(cartAmount(lines, null)).toEqual({
      quantity: 3,
      subtotal: 3300,
      promoDiscount: 0,
      price: { value: 3300, discount: 200 },
    })
    expect(cartAmount(lines, { kind: 'fixed', value: 500 })).toEqual({
      quantity: 3,
      subtotal: 3300,
      promoDiscount: 500,
      price: { value: 2800, discount: 700 },
    })
    expect(cartAmount([], { kind: 'fixed', value: 500 })).toEqual({
      quantity: 0,
      subtotal: 0,
      promoDiscount: 0,
      price: { value: 0, discount: 0 },
    })
  })

  it('offer ids are disjoint from product ids', () => {
    expect(isOfferId(1_000_001)).toBe(true)
    expect(isOfferId(150)).toBe(false)
  })
})

describe('orders rules', () => {
  it('cancellable only before processing', () => {
    expect(['new', 'awaiting-payment', 'paid'].every((s) => canCancel(s as never))).toBe(true)
    expect(['processing', 'shipped', 'done', 'cancelled'].some((s) => canCancel(s as never))).toBe(false)
  })

  it('numbers are human-readable and unique by id', () => {
    expect(orderNumber(123, Date.parse('2026-11-05T10:00:00Z'))).toBe('HC-2611-000123')
  })

  it('checkout schema: address for courier/post, pickup point for pickup', () => {
    const base = { fullname: 'Анна', phone: '+7 (912) 345-67-89', email: 'A@B.ru' }
    expect(CheckoutInput.safeParse({ ...base, delivery: 'courier' }).success).toBe(false)
    expect(CheckoutInput.safeParse({ ...base, delivery: 'courier', addressId: '3' }).success).toBe(true)
    expect(CheckoutInput.safeParse({ ...base, delivery: 'pickup' }).success).toBe(false)
    const ok = CheckoutInput.parse({ ...base, delivery: 'pickup', pickupPoint: '2' })
    expect(ok).toMatchObject({ phone: '+79123456789', email: 'a@b.ru', pickupPoint: 2, address: '', comment: '' })
  })
})
