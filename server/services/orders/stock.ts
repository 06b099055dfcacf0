import { and, eq, gte, inArray, min, sql, sum } from 'drizzle-orm'
import { productOffers, products } from '../../../db/schema'
import { AppError, conflict } from '../../errors'
import { affectedRows, type Tx } from '../../../db/engine'

/**
 * An order's stock: taken when it is placed (in its IMMEDIATE transaction), and the products'
 * denormalised min_price / total_stock kept in step with their offers. Imports nothing else of
 * the orders service, so order-status (which gives stock back) can use it without a cycle.
 */

export interface StockLine {
  offerId: number
  productId: number
  name: string
  quantity: number
}

/** Takes stock for the lines or throws 409 naming the first line that does not fit. */
export async function takeStock(tx: Tx, lines: StockLine[]) {
  for (const l of lines) {
    // A product hidden since it was put in the cart (gone from a full 1C import) is not for sale.
    const [offer] = await tx
      .select({ stock: productOffers.stock })
      .from(productOffers)
      .innerJoin(products, eq(products.id, productOffers.productId))
      .where(and(eq(productOffers.id, l.offerId), eq(products.hidden, false)))
    const stock = offer?.stock ?? 0
    if (l.quantity > stock) {
      const key = stock <= 0 ? 'order.outOfStock' : 'order.beyondStock'
      throw new AppError(
        409,
        key,
        { name: l.name, stock },
        { id: l.offerId, line: { id: l.offerId, name: l.name, quantity: l.quantity, stock } },
      )
    }
  }
  // In offer order: two orders taking the same offers lock their rows in the same order (no deadlock).
  for (const l of [...lines].sort((x, y) => x.offerId - y.offerId)) {
    const res = await tx
      .update(productOffers)
      .set({ stock: sql`${productOffers.stock} - ${l.quantity}` })
      .where(and(eq(productOffers.id, l.offerId), gte(productOffers.stock, l.quantity)))
    if (affectedRows(res) !== 1) throw conflict('order.beyondStock', { name: l.name, stock: 0 }, { id: l.offerId })
  }
  await refreshProducts(
    tx,
    lines.map((l) => l.productId),
  )
}

/**
 * products.min_price / total_stock are denormalised from the offers: keep them in step, per product.
 */
export async function refreshProducts(tx: Tx, productIds: number[]): Promise<void> {
  const ids = [...new Set(productIds)]
  if (!ids.length) return
  const ofProduct = eq(productOffers.productId, products.id)
  const minPrice = tx
    .select({ v: min(productOffers.price) })
    .from(productOffers)
    .where(ofProduct)
  const totalStock = tx
    .select({ v: sum(productOffers.stock) })
    .from(productOffers)
    .where(ofProduct)
  await tx
    .update(products)
    .set({
      minPrice: sql`coalesce((${minPrice}), 0)`,
      totalStock: sql`coalesce((${totalStock}), 0)`,
    })
    .where(inArray(products.id, ids))
}
