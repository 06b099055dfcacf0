import { createHash } from 'node:crypto'
import type { ApiClient } from './api'
import { db, rows, scalar } from './db'

export interface OfferRow {
  id: number
  productId: number
  stock: number
  price: number
  oldPrice: number | null
}

/** Offers in stock (at least `min` units), one per product, in id order. */
export function offersInStock(min = 1, minPrice = 0): OfferRow[] {
  return rows<OfferRow>(
    `select id, product_id as productId, stock, price, old_price as oldPrice from product_offers
     where stock >= ? and price >= ? and id = (select min(o.id) from product_offers o where o.product_id = product_offers.product_id and o.stock >= ?)
     order by id`,
    min,
    minPrice,
    min,
  )
}

export function stockOf(offerId: number): number {
  return scalar<number>('select stock from product_offers where id = ?', offerId)
}

export function setStock(offerId: number, stock: number) {
  db().$client.prepare('update product_offers set stock = ? where id = ?').run(stock, offerId)
  db()
    .$client.prepare(
      `update products set total_stock = (select sum(stock) from product_offers o where o.product_id = products.id) where id = (select product_id from product_offers where id = ?)`,
    )
    .run(offerId)
}

let userSeq = 0

/**
 * Signs the visitor in by creating a user row and pointing its session at it (the accounts
 * domain's sign-in is not needed for commerce tests).
 */
export async function signIn(
  v: ApiClient,
  extra: { type?: 'individual' | 'legal'; organization?: string; taxId?: string } = {},
): Promise<number> {
  if (!v.cookies.get('sid')) await v.post('/api/user-city/', { id: 1 })
  const token = v.cookies.get('sid')
  if (!token) throw new Error('no session')
  const now = Date.now()
  userSeq++
  const info = db()
    .$client.prepare(
      `insert into users (type, subtype, fullname, phone, email, organization, tax_id, bic, bank_name, correspondent_account, current_account, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      extra.type ?? 'individual',
      extra.type === 'legal' ? 'organization' : null,
      'Анна Иванова',
      `+7900${String(process.pid % 1000).padStart(3, '0')}${String(userSeq).padStart(4, '0')}`,
      `anna${process.pid}-${userSeq}@example.com`,
      extra.organization ?? '',
      extra.taxId ?? '',
      extra.type === 'legal' ? '044525225' : '',
      extra.type === 'legal' ? 'ПАО Сбербанк' : '',
      extra.type === 'legal' ? '30101810400000000225' : '',
      extra.type === 'legal' ? '40702810938000000001' : '',
      now,
      now,
    )
  const userId = Number(info.lastInsertRowid)
  db()
    .$client.prepare('update sessions set user_id = ? where id = ?')
    .run(userId, createHash('sha256').update(token).digest('hex'))
  return userId
}

export const contacts = { fullname: 'Анна Иванова', phone: '+7 (912) 345-67-89', email: 'anna@example.com' }
