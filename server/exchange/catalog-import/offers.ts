import { and, count, eq, exists, gt, inArray, max, min, sql, sum } from 'drizzle-orm'
import { alias, QueryBuilder } from 'drizzle-orm/sqlite-core'
import type { DB } from '../../../db/client'
import { productOffers, products } from '../../../db/schema'
import { productIdByExt } from './lookups'
import type { Applied } from './products'
import { OFFER_ID_BASE, type FileKind, type OfferRec } from './types'

/** Writing offers (offers.xml) and their prices and stock (also prices.xml, rests.xml), by external id. */

export function offerWriter(db: DB, kind: FileKind) {
  const find = (ext: string) =>
    db
      .select({ id: productOffers.id, productId: productOffers.productId })
      .from(productOffers)
      .where(eq(productOffers.externalId, ext))
      .get()
  const skuTaken = (sku: string) =>
    db
      .select({ id: productOffers.id, ext: productOffers.externalId })
      .from(productOffers)
      .where(eq(productOffers.sku, sku))
      .get()
  const nextId = () => {
    const m =
      db
        .select({ m: max(productOffers.id) })
        .from(productOffers)
        .get()?.m ?? 0
    return Math.max(m, OFFER_ID_BASE) + 1
  }
  const skuFor = (rec: OfferRec) => {
    const base = rec.article.trim()
    if (base) {
      const taken = skuTaken(base)
      if (!taken || taken.ext === rec.id) return base
    }
    let sku = `1C-${rec.id.replace(/[^0-9A-Za-z#-]/g, '').slice(0, 60)}`
    for (let i = 2; skuTaken(sku) && skuTaken(sku)!.ext !== rec.id; i++) sku = `1C-${rec.id.slice(0, 50)}-${i}`
    return sku
  }
  type OfferSet = Partial<typeof productOffers.$inferInsert>
  const update = (id: number, set: OfferSet) => {
    if (Object.keys(set).length) db.update(productOffers).set(set).where(eq(productOffers.id, id)).run()
  }

  return (rec: OfferRec): Applied => {
    const existing = find(rec.id)
    if (kind === 'prices' || kind === 'rests') {
      if (!existing) return { productId: null } // checked at parse; removed since: nothing to update
      const set: OfferSet = {}
      if (kind === 'prices' && rec.price !== null) set.price = rec.price
      if (kind === 'prices' && rec.oldPrice !== undefined) set.oldPrice = rec.oldPrice
      if (kind === 'rests' && rec.stock !== null) set.stock = rec.stock
      update(existing.id, set)
      return { productId: existing.productId }
    }
    const product = productIdByExt(db, rec.product)
    if (!product) return { productId: null }
    if (existing) {
      const set: OfferSet = { productId: product.id, sku: skuFor(rec) }
      if (rec.volume !== null) set.volume = rec.volume
      if (rec.price !== null) set.price = rec.price
      if (rec.oldPrice !== undefined) set.oldPrice = rec.oldPrice
      if (rec.stock !== null) set.stock = rec.stock
      update(existing.id, set)
    } else {
      const sort =
        db.select({ n: count() }).from(productOffers).where(eq(productOffers.productId, product.id)).get()?.n ?? 0
      db.insert(productOffers)
        .values({
          id: nextId(),
          productId: product.id,
          sku: skuFor(rec),
          volume: rec.volume ?? 0,
          price: rec.price ?? 0,
          oldPrice: rec.oldPrice ?? null,
          stock: rec.stock ?? 0,
          sort,
          externalId: rec.id,
        })
        .run()
    }
    return { productId: product.id }
  }
}

const qb = new QueryBuilder()
const o = alias(productOffers, 'o')

/** products.min_price / total_stock from their offers (as the seed computes them), for some products. */
export function refreshAggregates(db: DB, ids: number[]) {
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
    db.update(products)
      .set({ minPrice: sql`coalesce((${minPrice}), 0)`, totalStock: sql`coalesce((${totalStock}), 0)` })
      .where(inArray(products.id, chunk))
      .run()
  }
}

/** Of these hidden products, un-hides those with a priced offer; returns them. */
export function showPriced(db: DB, ids: number[]): number[] {
  const out: number[] = []
  const pricedOffer = qb
    .select({ x: sql`1` })
    .from(o)
    .where(and(eq(o.productId, products.id), gt(o.price, 0)))
  for (const id of ids) {
    const hit = db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, id), eq(products.hidden, true), exists(pricedOffer)))
      .get()
    if (hit) {
      db.update(products).set({ hidden: false }).where(eq(products.id, id)).run()
      out.push(id)
    }
  }
  return out
}
