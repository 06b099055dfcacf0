import { describe, expect, it } from 'vitest'
import {
  buildReceipt,
  money,
  parseMoney,
  receiptPhone,
  receiptTotal,
  splitUnits,
  spreadDiscount,
  type OrderForReceipt,
} from '../../server/providers/payment/receipt'

const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0)

describe('spreadDiscount (kopecks)', () => {
  it('takes exactly the discount off, in proportion, remainder on the largest line', () => {
    // 100 kopecks over three equal lines: 33 each, the odd kopeck on the first largest.
    expect(spreadDiscount([1000, 1000, 1000], 100)).toEqual([966, 967, 967])
    expect(spreadDiscount([30000, 10000], 1000)).toEqual([29250, 9750])
    expect(spreadDiscount([99900, 100, 100], 10001)).toEqual([89917, 91, 91])
  })

  it('always sums to total − discount and never goes below zero', () => {
    let seed = 7
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return seed % n
    }
    for (let k = 0; k < 500; k++) {
      const totals = Array.from({ length: 1 + rnd(6) }, () => 100 * (1 + rnd(50000)))
      const discount = rnd(sum(totals) + 1)
      const out = spreadDiscount(totals, discount)
      expect(sum(out)).toBe(sum(totals) - discount)
      for (const [i, x] of out.entries()) {
        expect(x).toBeGreaterThanOrEqual(0)
        expect(x).toBeLessThanOrEqual(totals[i]!)
      }
    }
  })

  it('no discount: unchanged; a discount above the total is capped', () => {
    expect(spreadDiscount([500, 700], 0)).toEqual([500, 700])
    expect(spreadDiscount([500, 700], 5000)).toEqual([0, 0])
  })
})

describe('splitUnits', () => {
  it('one position when the sum divides by the quantity, else two one kopeck apart', () => {
    expect(splitUnits(3000, 3)).toEqual([{ quantity: 3, unitPrice: 1000 }])
    expect(splitUnits(1000, 3)).toEqual([
      { quantity: 2, unitPrice: 333 },
      { quantity: 1, unitPrice: 334 },
    ])
    for (const [total, q] of [
      [100001, 7],
      [5, 3],
      [29250, 4],
    ] as const)
      expect(sum(splitUnits(total, q).map((p) => p.unitPrice * p.quantity))).toBe(total)
  })
})

describe('buildReceipt', () => {
  const order: OrderForReceipt = {
    lines: [
      { name: 'Шампунь', volume: 250, quantity: 3, price: 3 * 1290 },
      { name: 'Маска', volume: 0, quantity: 1, price: 990 },
    ],
    discount: 487,
    deliveryPrice: 300,
    deliveryTitle: 'Курьер',
    email: 'anna@example.com',
    phone: '+7 (912) 345-67-89',
  }

  it('positions add up to the order total to the kopeck; delivery is a service line', () => {
    const r = buildReceipt(order)
    const total = (3 * 1290 + 990 - 487 + 300) * 100
    expect(receiptTotal(r)).toBe(total)
    expect(r.customer).toEqual({ email: 'anna@example.com' })
    expect(r.items.at(-1)).toEqual({
      description: 'Доставка: Курьер',
      quantity: 1,
      unitPrice: 30000,
      subject: 'service',
    })
    expect(r.items.filter((i) => i.subject === 'commodity').every((i) => Number.isInteger(i.unitPrice))).toBe(true)
    expect(r.items[0]!.description).toBe('Шампунь, 250 мл')
  })

  it('free delivery: no delivery line; no e-mail: the phone as 7XXXXXXXXXX; long names clipped to 128', () => {
    const r = buildReceipt({
      ...order,
      deliveryPrice: 0,
      email: '',
      lines: [{ name: 'Я'.repeat(300), volume: 50, quantity: 1, price: 100 }],
      discount: 0,
    })
    expect(r.items).toHaveLength(1)
    expect(r.items[0]!.description.length).toBe(128)
    expect(r.customer).toEqual({ phone: '79123456789' })
  })

  it('phones and money strings', () => {
    expect(receiptPhone('8 912 345 67 89')).toBe('79123456789')
    expect(receiptPhone('9123456789')).toBe('79123456789')
    expect(money(123456)).toBe('1234.56')
    expect(money(5)).toBe('0.05')
    expect(money(100)).toBe('1.00')
    expect(parseMoney('1234.56')).toBe(123456)
    expect(parseMoney('2.5')).toBe(250)
    expect(parseMoney('10')).toBe(1000)
    for (const bad of ['', '1,00', '-1.00', '1.234', 'abc', null, {}]) expect(parseMoney(bad)).toBeNull()
  })
})
