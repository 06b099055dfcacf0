import { asc, eq, getTableColumns, sql } from 'drizzle-orm'
import { cartLines, carts, catalogSections, productOffers, products } from '../../../db/schema'
import type { CartItem } from '../../contracts/cart'
import type { Tx } from '../../../db/engine'
import type { Owner } from '../owner'

export type { Tx } from '../../../db/engine'

export type CartRow = typeof carts.$inferSelect

export const IMMEDIATE = { behavior: 'immediate' } as const

/** The advisory-lock key of an owner's cart and orders (db/engine.ts TxOptions.locks, ADR 050). */
export const ownerLock = (owner: Owner) =>
  owner.kind === 'user' ? `user:${owner.userId}` : `session:${owner.sessionId}`

/** A write transaction on the owner's cart: it takes turns with the others on the same cart. */
export const onCartOf = (owner: Owner) => ({ ...IMMEDIATE, locks: [ownerLock(owner)] })

/* ---------- reading the rows ---------- */

export function ownerWhere(owner: Owner) {
  return owner.kind === 'user' ? eq(carts.userId, owner.userId) : eq(carts.sessionId, owner.sessionId)
}

export async function findCart(tx: Tx, owner: Owner): Promise<CartRow | undefined> {
  const [row] = await tx.select().from(carts).where(ownerWhere(owner))
  return row
}

export async function ensureCart(tx: Tx, owner: Owner): Promise<CartRow> {
  const found = await findCart(tx, owner)
  if (found) return found
  const values = owner.kind === 'user' ? { userId: owner.userId } : { sessionId: owner.sessionId }
  const [row] = await tx
    .insert(carts)
    .values({ ...values, updatedAt: Date.now() })
    .returning()
  return row!
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

/** The columns of a cart line as answered (cartLineRows, cartWithLines). */
const lineColumns = () => ({
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

/**
 * The owner's cart and its lines in one query (one round trip on PostgreSQL; issue 30 §2): the
 * cart row left-joined to its lines, each line's offer, product and section (which every line
 * has: foreign keys). Undefined when the owner has no cart.
 */
export async function cartWithLines(tx: Tx, owner: Owner): Promise<{ row: CartRow; lines: CartLineRow[] } | undefined> {
  const found = await tx
    .select({ cart: getTableColumns(carts), line: lineColumns() })
    .from(carts)
    .leftJoin(cartLines, eq(cartLines.cartId, carts.id))
    .leftJoin(productOffers, eq(productOffers.id, cartLines.offerId))
    .leftJoin(products, eq(products.id, productOffers.productId))
    .leftJoin(catalogSections, eq(catalogSections.id, products.sectionId))
    .where(ownerWhere(owner))
    .orderBy(asc(cartLines.addedAt), asc(cartLines.offerId))
  const first = found[0]
  if (!first) return undefined
  // drizzle answers a left-joined object whose columns are all null as null.
  const lines = found.flatMap((r) => (r.line && r.line.offerId !== null ? [r.line as CartLineRow] : []))
  return { row: first.cart, lines }
}

export async function cartLineRows(tx: Tx, cartId: number): Promise<CartLineRow[]> {
  return await tx
    .select(lineColumns())
    .from(cartLines)
    .innerJoin(productOffers, eq(productOffers.id, cartLines.offerId))
    .innerJoin(products, eq(products.id, productOffers.productId))
    .innerJoin(catalogSections, eq(catalogSections.id, products.sectionId))
    .where(eq(cartLines.cartId, cartId))
    .orderBy(asc(cartLines.addedAt), asc(cartLines.offerId))
}

export const productLink = (sectionSlug: string, slug: string) => `/catalog/${sectionSlug}/${slug}/`
