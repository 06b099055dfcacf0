import { asc, eq, sql } from 'drizzle-orm'
import type { DB } from '../../../db/client'
import { cartLines, carts, catalogSections, productOffers, products } from '../../../db/schema'
import type { CartItem } from '../../contracts/cart'
import type { Owner } from '../owner'

/** A synchronous write transaction (better-sqlite3), as handed to `db.transaction`'s callback. */
export type Tx = Parameters<Parameters<DB['transaction']>[0]>[0]
export type CartRow = typeof carts.$inferSelect

export const IMMEDIATE = { behavior: 'immediate' } as const

/* ---------- reading the rows ---------- */

export function ownerWhere(owner: Owner) {
  return owner.kind === 'user' ? eq(carts.userId, owner.userId) : eq(carts.sessionId, owner.sessionId)
}

export function findCart(tx: Tx, owner: Owner): CartRow | undefined {
  return tx.select().from(carts).where(ownerWhere(owner)).get()
}

export function ensureCart(tx: Tx, owner: Owner): CartRow {
  const found = findCart(tx, owner)
  if (found) return found
  const values = owner.kind === 'user' ? { userId: owner.userId } : { sessionId: owner.sessionId }
  return tx
    .insert(carts)
    .values({ ...values, updatedAt: Date.now() })
    .returning()
    .get()
}

export interface CartLineRow {
  offerId: number
  quantity: number
  productId: number
  volume: number
  price: number
  oldPrice: number | null
  stock: number
  name: string
  nameEn: string
  slug: string
  sectionSlug: string
  image: CartItem['image']
}

export function cartLineRows(tx: Tx, cartId: number): CartLineRow[] {
  return tx
    .select({
      offerId: cartLines.offerId,
      quantity: cartLines.quantity,
      productId: productOffers.productId,
      volume: productOffers.volume,
      price: productOffers.price,
      oldPrice: productOffers.oldPrice,
      // A hidden product (gone from a full 1C import) shows as sold out and cannot be ordered.
      stock: sql<number>`case when ${products.hidden} then 0 else ${productOffers.stock} end`,
      name: products.name,
      nameEn: products.nameEn,
      slug: products.slug,
      sectionSlug: catalogSections.slug,
      image: products.image,
    })
    .from(cartLines)
    .innerJoin(productOffers, eq(productOffers.id, cartLines.offerId))
    .innerJoin(products, eq(products.id, productOffers.productId))
    .innerJoin(catalogSections, eq(catalogSections.id, products.sectionId))
    .where(eq(cartLines.cartId, cartId))
    .orderBy(asc(cartLines.addedAt), asc(cartLines.offerId))
    .all()
}

export const productLink = (sectionSlug: string, slug: string) => `/catalog/${sectionSlug}/${slug}/`
