/** Value checks of the fake YooKassa's API (amounts, 54-FZ receipts), its ids and its error. */
import { randomBytes, randomUUID } from 'node:crypto'
import type { Amount, Json } from './types'

const MONEY = /^\d{1,12}\.\d{2}$/
export const kopecks = (v: string) => {
  const [a = '0', b = '00'] = v.split('.')
  return Number(a) * 100 + Number(b)
}
export const money = (k: number) => `${Math.floor(k / 100)}.${String(k % 100).padStart(2, '0')}`
export const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {})
export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** YooKassa-shaped ids: 8-4-4-4-12 hex with the 000f-5000 middle its examples show. */
export const yid = () => {
  const h = randomBytes(10).toString('hex')
  return `${h.slice(0, 8)}-000f-5000-${h.slice(8, 12)}-${h.slice(12, 20)}${randomBytes(2).toString('hex')}`
}

export class ApiFail extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    public readonly description: string,
    public readonly parameter?: string,
  ) {
    super(description)
  }
}

export const bad = (parameter: string, description = `Invalid value of ${parameter}`) =>
  new ApiFail(400, 'invalid_request', description, parameter)

export function checkAmount(v: unknown, parameter: string): Amount {
  const a = obj(v)
  if (typeof a.value !== 'string' || !MONEY.test(a.value) || kopecks(a.value) <= 0)
    throw bad(
      `${parameter}.value`,
      `${parameter}.value must be a positive decimal string with 2 digits after the point`,
    )
  if (a.currency !== 'RUB') throw bad(`${parameter}.currency`)
  return { value: a.value, currency: a.currency }
}

/** A 54-FZ receipt; answers Σ amount × quantity in kopecks. */
export function checkReceipt(v: unknown): number {
  const r = obj(v)
  const customer = obj(r.customer)
  const email = typeof customer.email === 'string' ? customer.email : ''
  const phone = typeof customer.phone === 'string' ? customer.phone : ''
  if (!email && !phone) throw bad('receipt.customer', 'receipt.customer: email or phone is required')
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw bad('receipt.customer.email')
  if (phone && !/^\d{11,15}$/.test(phone)) throw bad('receipt.customer.phone')
  if (
    'tax_system_code' in r &&
    !(Number.isInteger(r.tax_system_code) && Number(r.tax_system_code) >= 1 && Number(r.tax_system_code) <= 6)
  )
    throw bad('receipt.tax_system_code')
  if (!Array.isArray(r.items) || r.items.length === 0 || r.items.length > 100) throw bad('receipt.items')
  let sum = 0
  r.items.forEach((raw: unknown, i) => {
    const it = obj(raw)
    const p = `receipt.items[${i}]`
    if (typeof it.description !== 'string' || !it.description || it.description.length > 128)
      throw bad(`${p}.description`)
    const q = typeof it.quantity === 'string' ? Number(it.quantity) : it.quantity
    if (typeof q !== 'number' || !Number.isFinite(q) || q <= 0) throw bad(`${p}.quantity`)
    const a = checkAmount(it.amount, `${p}.amount`)
    if (!Number.isInteger(it.vat_code) || Number(it.vat_code) < 1 || Number(it.vat_code) > 12)
      throw bad(`${p}.vat_code`)
    if (typeof it.payment_subject !== 'string' || !it.payment_subject) throw bad(`${p}.payment_subject`)
    if (typeof it.payment_mode !== 'string' || !it.payment_mode) throw bad(`${p}.payment_mode`)
    sum += Math.round(kopecks(a.value) * q)
  })
  return sum
}

export const errorBody = (e: ApiFail) => ({
  type: 'error',
  id: randomUUID(),
  code: e.code,
  description: e.description,
  ...(e.parameter ? { parameter: e.parameter } : {}),
})
