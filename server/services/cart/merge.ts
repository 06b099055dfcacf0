import { and, eq } from 'drizzle-orm'
import { cartLines, carts, productOffers } from '../../../db/schema'
import type { Tx } from './rows'

/**
 * Sign-in: the visitor's cart joins the account's. Quantities of an offer in both carts are
 * added, bounded by stock, but never below what either side had: nothing is lost either way.
 * The account's promo code wins, else the visitor's is kept. An account without a cart takes
 * the visitor's as it is. Call inside the sign-in transaction (the session rotation).
 */
export async function mergeVisitorCart(db: Tx, sessionId: string, userId: number): Promise<void> {
  const now = Date.now()
  const [visitorCart] = await db.select().from(carts).where(eq(carts.sessionId, sessionId))
  if (!visitorCart) return
  const [userCart] = await db.select().from(carts).where(eq(carts.userId, userId))
  if (!userCart) {
    await db.update(carts).set({ userId, sessionId: null, updatedAt: now }).where(eq(carts.id, visitorCart.id))
    return
  }
  const lines = await db
    .select({
      offerId: cartLines.offerId,
      quantity: cartLines.quantity,
      addedAt: cartLines.addedAt,
      stock: productOffers.stock,
    })
    .from(cartLines)
    .innerJoin(productOffers, eq(productOffers.id, cartLines.offerId))
    .where(eq(cartLines.cartId, visitorCart.id))
  for (const line of lines) {
    const sameOffer = and(eq(cartLines.cartId, userCart.id), eq(cartLines.offerId, line.offerId))
    const [existing] = await db.select({ quantity: cartLines.quantity }).from(cartLines).where(sameOffer)
    if (!existing) {
      await db
        .insert(cartLines)
        .values({ cartId: userCart.id, offerId: line.offerId, quantity: line.quantity, addedAt: line.addedAt })
    } else {
      const merged = Math.max(Math.min(existing.quantity + line.quantity, line.stock), existing.quantity, line.quantity)
      await db.update(cartLines).set({ quantity: merged }).where(sameOffer)
    }
  }
  await db
    .update(carts)
    .set({ promocode: userCart.promocode ?? visitorCart.promocode, updatedAt: now })
    .where(eq(carts.id, userCart.id))
  await db.delete(carts).where(eq(carts.id, visitorCart.id))
}
