import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect } from 'vitest'
import { XMLParser } from 'fast-xml-parser'
import { visitor, type ApiClient } from './api'
import { db, rows, scalar } from './db'
import { contacts, offersInStock } from './commerce'
import { saleQuery } from '../../server/exchange/sale'
import { signNotification } from '../../server/providers/payment/test'
import { env } from '../../server/env'

/** Shared by tests/integration/exchange-sale*.test.ts: placing orders, reading the query document, 1C's status file. */

export const FIXTURE = readFileSync(join(import.meta.dirname, '../fixtures/1c/sale-from-1c.xml'), 'utf8')

let phoneSeq = 100
/** A phone per order: at most 3 unconfirmed orders are open per phone. */
export const nextPhone = () => {
  const n = String(phoneSeq++).padStart(4, '0')
  return `+7 (915) 000-${n.slice(0, 2)}-${n.slice(2)}`
}
export const digits = (phone: string) => '+' + phone.replace(/\D/g, '')

let peerSeq = 0

export interface Placed {
  v: ApiClient
  id: number
  number: string
  phone: string
  offerId: number
  quantity: number
}

/** Places an order through the REST checkout, as a shopper does. */
export async function place(
  opts: {
    payment?: 'card' | 'cash' | 'invoice'
    quantity?: number
    promo?: string
    v?: ApiClient
    minPrice?: number
    offerId?: number
  } = {},
): Promise<Placed> {
  // Each shopper its own client address: unconfirmed orders are capped per address (issue 25).
  const v = opts.v ?? visitor({ peer: `10.27.${Math.floor(++peerSeq / 250)}.${peerSeq % 250}` })
  const quantity = opts.quantity ?? 2
  const offer =
    (await offersInStock(quantity + 5, opts.minPrice ?? 0)).find((o) => o.id === opts.offerId) ??
    (await offersInStock(quantity + 5, opts.minPrice ?? 0))[phoneSeq % 20]!
  await v.post('/api/cart-list/', { id: offer.id, quantity })
  if (opts.promo) await v.post('/api/cart-promocode/', { promocode: opts.promo })
  const phone = nextPhone()
  const payment = opts.payment ?? 'cash'
  const path = payment === 'cash' ? '/api/orders-checkout-offline/' : '/api/orders-checkout/'
  // A guest's first-order code needs the phone confirmed with the shop's SMS code (issue 25 §6).
  let code: string | undefined
  if (opts.promo) {
    expect((await v.post('/api/order-phone-code/', { phone })).status).toBe(200)
    code = ((await v.get('/api/dev/sms-outbox/', { phone: digits(phone) })).body.list as { code: string }[])[0]!.code
  }
  const res = await v.post(path, {
    ...contacts,
    code,
    phone,
    email: `buyer${phoneSeq}@example.com`,
    delivery: 'courier',
    address: 'г. Москва, ул. Тверская, д. 1, кв. 5',
    comment: 'Позвоните за час & не звоните в дверь',
    payment,
  })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return { v, id: res.body.order.id, number: res.body.order.number, phone: digits(phone), offerId: offer.id, quantity }
}

/** The test acquirer reports the card payment as succeeded. */
export async function payOnline(o: Placed) {
  const p = (await rows<{ id: string; amount: number }>('select id, amount from payments where order_id = ?', o.id))[0]!
  const body = { paymentId: p.id, status: 'succeeded', amount: String(p.amount) }
  const res = await visitor().post('/api/payment-notify/', {
    ...body,
    signature: signNotification(env().PAYMENT_SECRET, body),
  })
  expect(res.status).toBe(200)
  expect(await statusOf(o.id)).toBe('paid')
}

export const statusOf = (id: number) => scalar<string>('select status from orders where id = ?', id)
export const smsTo = async (phone: string) =>
  (await rows<{ text: string }>('select text from sms_outbox where phone = ? order by id', phone)).map((r) => r.text)
export const mailTo = (email: string) =>
  rows<{ subject: string; text: string }>('select subject, text from mail_outbox where email = ? order by id', email)

export const parser = new XMLParser({
  ignoreAttributes: false,
  parseTagValue: false,
  isArray: (name) => ['Документ', 'Товар', 'ЗначениеРеквизита', 'Контакт', 'Контрагент'].includes(name),
})

export type Doc = Record<string, any>
export async function queryDocs(): Promise<Doc[]> {
  const xml = await saleQuery(db())
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<КоммерческаяИнформация ВерсияСхемы="2.10"')).toBe(
    true,
  )
  const tree = parser.parse(xml)
  return tree['КоммерческаяИнформация']['Документ'] ?? []
}
export const requisites = (d: Doc) =>
  Object.fromEntries(
    (d['ЗначенияРеквизитов']?.['ЗначениеРеквизита'] ?? []).map((r: Doc) => [r['Наименование'], r['Значение']]),
  )
export const docOf = (docs: Doc[], number: string) => docs.find((d) => d['Номер'] === number)

/** The fixture with its three sample numbers replaced by real ones. */
export function statusFile(numbers: [string, string, string]) {
  return FIXTURE.replaceAll('HC-2605-000101', numbers[0])
    .replaceAll('HC-2605-000102', numbers[1])
    .replaceAll('HC-2605-000103', numbers[2])
}

export async function snapshot() {
  return {
    orders: await rows('select id, status, updated_at, exported_at from orders order by id'),
    history: await scalar<number>('select count(*) from order_status_history'),
    stock: await scalar<number>('select sum(stock) from product_offers'),
    sms: await scalar<number>('select count(*) from sms_outbox'),
    refunds: await scalar<number>('select count(*) from refunds'),
  }
}
