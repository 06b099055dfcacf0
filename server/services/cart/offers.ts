import { and, asc, eq } from 'drizzle-orm'
import { productOffers, products } from '../../../db/schema'
import type { Ctx } from '../../context'
import { AppError, notFound } from '../../errors'
import { localizedText } from '../../contracts/localized'
import { isOfferId } from '../../contracts/cart'
import type { Tx } from './rows'

/* ---------- ids ---------- */

export interface OfferRef {
  id: number
  productId: number
  stock: number
  name: string
}

function offerSelect(tx: Tx) {
  return tx
    .select({
      id: productOffers.id,
      productId: productOffers.productId,
      stock: productOffers.stock,
      price: productOffers.price,
      name: products.name,
      nameEn: products.nameEn,
    })
    .from(productOffers)
    .innerJoin(products, eq(products.id, productOffers.productId))
}

/** An offer id, or a product id meaning its default offer: the cheapest in stock, else the first. */
export async function resolveOffer(ctx: Ctx, tx: Tx, id: number): Promise<OfferRef> {
  if (isOfferId(id)) {
    const [o] = await offerSelect(tx).where(and(eq(productOffers.id, id), eq(products.hidden, false)))
    if (!o) throw notFound('cart.unknownProduct')
    return { id: o.id, productId: o.productId, stock: o.stock, name: localizedText(o, 'name', ctx.locale) }
  }
  const offers = await offerSelect(tx)
    .where(and(eq(productOffers.productId, id), eq(products.hidden, false)))
    .orderBy(asc(productOffers.sort), asc(productOffers.id))
  const first = offers[0]
  if (!first) throw notFound('cart.unknownProduct')
  const inStock = offers.filter((o) => o.stock > 0).sort((a, b) => a.price - b.price || a.id - b.id)
  const o = inStock[0] ?? first
  return { id: o.id, productId: o.productId, stock: o.stock, name: localizedText(o, 'name', ctx.locale) }
}

export function checkStock(offer: OfferRef, quantity: number) {
  if (offer.stock <= 0) throw new AppError(409, 'cart.outOfStock', { name: offer.name }, { id: offer.id, stock: 0 })
  if (quantity > offer.stock)
    throw new AppError(
      409,
      'cart.beyondStock',
      { name: offer.name, stock: offer.stock },
      { id: offer.id, stock: offer.stock },
    )
}
