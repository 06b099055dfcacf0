import { documentLine, documentText } from '../../contracts/orders'
import type { ReceiptData, ReceiptItem } from './types'

/**
 * The 54-FZ receipt of an order, in kopecks. An acquirer refuses a receipt whose positions
 * (unit price × quantity) do not add up to the payment exactly, so the order-level discount
 * (promo code) is spread over the goods in proportion to their sums, rounded down to kopecks,
 * and the kopecks left over go to the largest line. A line whose new sum does not divide by
 * its quantity becomes two positions: most units at the lower unit price, the rest one kopeck
 * dearer.
 */

export const DESCRIPTION_MAX = 128

export interface OrderForReceipt {
  lines: {
    name: string
    volume: number
    quantity: number
    /** roubles, after the line's own discount */ price: number
  }[]
  /** Order-level discount (promo), roubles. */
  discount: number
  deliveryPrice: number
  deliveryTitle: string
  email: string
  phone: string
}

/** Kopecks of each line after taking `discount` kopecks off in proportion; the sum is exact. */
export function spreadDiscount(totals: number[], discount: number): number[] {
  const sum = totals.reduce((s, x) => s + x, 0)
  if (discount <= 0 || sum <= 0) return [...totals]
  const d = Math.min(discount, sum)
  const shares = totals.map((x) => Number((BigInt(d) * BigInt(x)) / BigInt(sum)))
  let rest = d - shares.reduce((s, x) => s + x, 0)
  // The remainder (fewer kopecks than there are lines) goes to the largest line, then the next.
  const order = totals.map((x, i) => i).sort((a, b) => totals[b]! - totals[a]! || a - b)
  for (const i of order) {
    if (rest <= 0) break
    const room = totals[i]! - shares[i]!
    const take = Math.min(room, rest)
    shares[i]! += take
    rest -= take
  }
  return totals.map((x, i) => x - shares[i]!)
}

/** One line's sum over its quantity as whole-kopeck unit prices: one position, or two. */
export function splitUnits(total: number, quantity: number): { quantity: number; unitPrice: number }[] {
  if (quantity <= 0) return []
  const unit = Math.floor(total / quantity)
  const extra = total - unit * quantity
  if (extra === 0) return [{ quantity, unitPrice: unit }]
  return [
    { quantity: quantity - extra, unitPrice: unit },
    { quantity: extra, unitPrice: unit + 1 },
  ]
}

const clip = (s: string) => {
  const clean = s.replace(/\s+/g, ' ').trim()
  return clean.length > DESCRIPTION_MAX ? `${clean.slice(0, DESCRIPTION_MAX - 1)}…` : clean
}

/** Digits of a Russian phone as the acquirer wants them: 7XXXXXXXXXX. */
export function receiptPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  if (digits.length === 11 && (digits.startsWith('7') || digits.startsWith('8'))) return `7${digits.slice(1)}`
  if (digits.length === 10) return `7${digits}`
  return digits
}

export function buildReceipt(o: OrderForReceipt): ReceiptData {
  const sums = spreadDiscount(
    o.lines.map((l) => l.price * 100),
    o.discount * 100,
  )
  const items: ReceiptItem[] = []
  o.lines.forEach((l, i) => {
    const description = clip(l.volume ? documentLine(l.name, l.volume) : l.name)
    for (const part of splitUnits(sums[i]!, l.quantity)) {
      if (part.unitPrice > 0)
        items.push({ description, quantity: part.quantity, unitPrice: part.unitPrice, subject: 'commodity' })
    }
  })
  if (o.deliveryPrice > 0)
    items.push({
      description: clip(
        o.deliveryTitle ? documentText('deliveryOf', { title: o.deliveryTitle }) : documentText('delivery'),
      ),
      quantity: 1,
      unitPrice: o.deliveryPrice * 100,
      subject: 'service',
    })
  const email = o.email.trim()
  const customer = email ? { email } : { phone: receiptPhone(o.phone) }
  return { customer, items }
}

export const receiptTotal = (r: ReceiptData) => r.items.reduce((s, i) => s + i.unitPrice * i.quantity, 0)

/** 123456 kopecks → "1234.56" (the acquirer's money string). */
export function money(kopecks: number): string {
  const whole = Math.floor(kopecks / 100)
  return `${whole}.${String(kopecks - whole * 100).padStart(2, '0')}`
}

/** "1234.5" / "1234.56" / "1234" → kopecks; null when not a money string. */
export function parseMoney(value: unknown): number | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(String(value))
  if (!m) return null
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'))
}
