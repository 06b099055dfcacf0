import { and, count, eq, exists, gt, inArray, max, min, sql, sum } from 'drizzle-orm'
import { alias, QueryBuilder } from 'drizzle-orm/sqlite-core'
import type { DB } from '../../../db/client'
import { productOffers, products } from '../../../db/schema'
import { productIdByExt } from './lookups'
import type { Applied } from './products'
import { OFFER_ID_BASE, type FileKind, type OfferRec } from './types'

/** Writing offers (offers.xml) and their prices and stock (also prices.xml, rests.xml), by external id. */

export function offerWriter(db: DB, kind: FileKind) {
  const find = async (ext: string) => {
    const [row] = await db
      .select({ id: productOffers.id, productId: productOffers.productId })
      .from(productOffers)
      .where(eq(productOffers.externalId, ext))
    return row
  }
  const skuTaken = async (sku: string) => {
    const [row] = await db
      .select({ id: productOffers.id, ext: productOffers.externalId })
      .from(productOffers)
      .where(eq(productOffers.sku, sku))
    return row
  }
  const nextId = async () => {
    const [row] = await db.select({ m: max(productOffers.id) }).from(productOffers)
    return Math.max(row?.m ?? 0, OFFER_ID_BASE) + 1
  }
  const skuFor = async (rec: OfferRec) => {
    const base = rec.article.trim()
    if (base) {
      const taken = await skuTaken(base)
      if (!taken || taken.ext === rec.id) return base
    }
    let sku = `1C-${rec.id.replace(/[^0-9A-Za-z#-]/g, '').slice(0, 60)}`
    for (let i = 2; ; i++) {
      const taken = await skuTaken(sku)
      if (!taken || taken.ext === rec.id) return sku
      sku = `1C-${rec.id.slice(0, 50)}-${i}`
    }
  }
  type OfferSet = Partial<typeof productOffers.$inferInsert>
  const update = async (id: number, set: OfferSet) => {
    if (Object.keys(set).length) await db.update(productOffers).set(set).where(eq(productOffers.id, id))
  }

  return async (rec: OfferRec): Promise<Applied> => {
    const existing = await find(rec.id)
    if (kind === 'prices' || kind === 'rests') {
      if (!existing) return { productId: null } // checked at parse; removed since: nothing to update
      const set: OfferSet = {}
      if (kind === 'prices' && rec.price !== null) set.price = rec.price
      if (kind === 'prices' && rec.oldPrice !== undefined) set.oldPrice = rec.oldPrice
      if (kind === 'rests' && rec.stock !== null) set.stock = rec.stock
      await update(existing.id, set)
      return { productId: existing.productId }
    }
    const product = await productIdByExt(db, rec.product)
    if (!product) return { productId: null }
    if (existing) {
      const set: OfferSet = { productId: product.id, sku: await skuFor(rec) }
      if (rec.volume !== null) set.volume = rec.volume
      if (rec.price !== null) set.price = rec.price
      if (rec.oldPrice !== undefined) set.oldPrice = rec.oldPrice
      if (rec.stock !== null) set.stock = rec.stock
      await update(existing.id, set)
    } else {
      const [counted] = await db
        .select({ n: count() })
        .from(productOffers)
        .where(eq(productOffers.productId, product.id))
      await db.insert(productOffers).values({
        id: await nextId(),
        productId: product.id,
        sku: await skuFor(rec),
        volume: rec.volume ?? 0,
        price: rec.price ?? 0,
        oldPrice: rec.oldPrice ?? null,
        stock: rec.stock ?? 0,
        sort: counted?.n ?? 0,
        externalId: rec.id,
      })
    }
    return { productId: product.id }
  }
}

const qb = new QueryBuilder()
const o = alias(productOffers, 'o')

/** products.min_price / total_stock from their offers (as the seed computes them), for some products. */
export async function refreshAggregates(db: DB, ids: number[]): Promise<void> {
  const ofProduct = eq(o.productId, products.id)
  const minPrice = qb
    .select({ v: min(o.price) })
    .from(o)
    .where(ofProduct)
  const totalStock = qb
    .select({ v: sum(o.stock) })
    .from(o)
    .where(ofProduct)
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500)
    await db
      .update(products)
      .set({ minPrice: sql`coalesce((${minPrice}), 0)`, totalStock: sql`coalesce((${totalStock}), 0)` })
      .where(inArray(products.id, chunk))
  }
}

/** Of these hidden products, un-hides those with a priced offer; returns them. */
export async function showPriced(db: DB, ids: number[]): Promise<number[]> {
  const out: number[] = []
  const pricedOffer = qb
    .select({ x: sql`1` })
    .from(o)
    .where(and(eq(o.productId, products.id), gt(o.price, 0)))
  for (const id of ids) {
    const [hit] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, id), eq(products.hidden, true), exists(pricedOffer)))
    if (hit) {
      await db.update(products).set({ hidden: false }).where(eq(products.id, id))
      out.push(id)
    }
  }
  return out
}
