import { createHash } from 'node:crypto'
import type { ApiClient } from './api'
import { eq, sql, sum } from 'drizzle-orm'
import { productOffers, products, sessions, users } from '../../db/schema'
import { expect } from 'vitest'
import { db, rows, scalar } from './db'

export interface OfferRow {
  id: number
  productId: number
  stock: number
  price: number
  oldPrice: number | null
}

/** Offers in stock (at least `min` units), one per product, in id order. */
export async function offersInStock(min = 1, minPrice = 0): Promise<OfferRow[]> {
  return await rows<OfferRow>(
    `select id, product_id as "productId", stock, price, old_price as "oldPrice" from product_offers
     where stock >= ? and price >= ? and id = (select min(o.id) from product_offers o where o.product_id = product_offers.product_id and o.stock >= ?)
     order by id`,
    min,
    minPrice,
    min,
  )
}

export async function stockOf(offerId: number): Promise<number> {
  return await scalar<number>('select stock from product_offers where id = ?', offerId)
}

/** Sets an offer's stock and its product's total_stock (as a stock change does). */
export async function setStock(offerId: number, stock: number): Promise<void> {
  const [offer] = await db()
    .update(productOffers)
    .set({ stock })
    .where(eq(productOffers.id, offerId))
    .returning({ productId: productOffers.productId })
  if (!offer) return
  const totalStock = db()
    .select({ v: sum(productOffers.stock) })
    .from(productOffers)
    .where(eq(productOffers.productId, products.id))
  await db()
    .update(products)
    .set({ totalStock: sql`(${totalStock})` })
    .where(eq(products.id, offer.productId))
}

let userSeq = 0

/** The sessions row id of the visitor's `sid` cookie (the table keeps the token's SHA-256). */
export function sessionIdOf(v: ApiClient): string {
  const token = v.cookies.get('sid')
  if (!token) throw new Error('no session')
  return createHash('sha256').update(token).digest('hex')
}

/**
 * Signs the visitor in by creating a user row and pointing its session at it (the accounts
 * domain's sign-in is not needed for commerce tests).
 */
export async function signIn(
  v: ApiClient,
  extra: { type?: 'individual' | 'legal'; organization?: string; taxId?: string } = {},
): Promise<number> {
  if (!v.cookies.get('sid')) await v.post('/api/user-city/', { id: 1 })
  const sessionId = sessionIdOf(v)
  const now = Date.now()
  userSeq++
  const legal = extra.type === 'legal'
  const [user] = await db()
    .insert(users)
    .values({
      type: extra.type ?? 'individual',
      subtype: legal ? 'organization' : null,
      fullname: 'Анна Иванова',
      phone: `+7900${String(process.pid % 1000).padStart(3, '0')}${String(userSeq).padStart(4, '0')}`,
      email: `anna${process.pid}-${userSeq}@example.com`,
      organization: extra.organization ?? '',
      taxId: extra.taxId ?? '',
      bic: legal ? '044525225' : '',
      bankName: legal ? 'ПАО Сбербанк' : '',
      correspondentAccount: legal ? '30101810400000000225' : '',
      currentAccount: legal ? '40702810938000000001' : '',
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: users.id })
  const userId = user!.id
  await db().update(sessions).set({ userId }).where(eq(sessions.id, sessionId))
  return userId
}

export const contacts = { fullname: 'Анна Иванова', phone: '+7 (912) 345-67-89', email: 'anna@example.com' }

/** The last code the shop texted to `phone` (+7…), from the demo SMS outbox. */
export async function lastSmsCode(v: ApiClient, phone: string): Promise<string> {
  const list = (await v.get('/api/dev/sms-outbox/', { phone })).body.list as { code: string }[]
  if (!list[0]) throw new Error(`no SMS to ${phone}`)
  return list[0].code
}

/**
 * Texts the shop's code to `phone` (+7…) as a shopper asks for it (POST /api/order-phone-code/)
 * and answers it: an order placed with it is confirmed (issue 25, ADR 039).
 */
export async function orderPhoneCode(v: ApiClient, phone: string): Promise<string> {
  const res = await v.post('/api/order-phone-code/', { phone })
  if (res.status !== 200) throw new Error(`order-phone-code: ${res.status} ${JSON.stringify(res.body)}`)
  return await lastSmsCode(v, phone)
}

/** Offers nobody else in the test file touches: each call takes the next ones, with `stock` pieces each. */
export function offerTaker(): (n: number, stock?: number) => Promise<OfferRow[]> {
  let cursor = 0
  return async (n, stock = 50) => {
    const list = (await offersInStock(1)).slice(cursor, cursor + n)
    cursor += n
    for (const o of list) await setStock(o.id, stock)
    return list.map((o) => ({ ...o, stock }))
  }
}

/** An order's status, hold and promo code as stored. */
export const orderRow = async (id: number) =>
  (
    await rows<{ status: string; holdUntil: number | null; createdAt: number; promocode: string | null }>(
      'select status, hold_until as "holdUntil", created_at as "createdAt", promocode from orders where id = ?',
      id,
    )
  )[0]!

/** An order's status history, oldest first. */
export const orderHistory = (id: number) =>
  rows<{ status: string; comment: string }>(
    'select status, comment from order_status_history where order_id = ? order by id',
    id,
  )

/** A product's total_stock is the sum of its offers' stock. */
export const expectTotalStockConsistent = async (productId: number) =>
  expect(await scalar<number>('select total_stock from products where id = ?', productId)).toBe(
    await scalar<number>('select sum(stock) from product_offers where product_id = ?', productId),
  )
