import { and, asc, eq, inArray } from 'drizzle-orm'
import { cartLines, carts, productOffers } from '../../../db/schema'
import { transaction } from '../../../db/engine'
import type { Ctx } from '../../context'
import { AppError, notFound, type Message } from '../../errors'
import { t } from '../../contracts/i18n'
import { cartAmount, isOfferId, normalizePromoCode, promoProblem, type Cart } from '../../contracts/cart'
import { ownerOf, type Owner } from '../owner'
import { checkStock, resolveOffer } from './offers'
import { customerProblem, promoByCode, signedInCustomer } from './promo'
import { cartLineRows, ensureCart, findCart, onCartOf, type CartRow, type Tx } from './rows'
import { cartState, emptyCart, markDeliveryChange, payableBefore } from './state'

/* ---------- mutations ---------- */

async function mutate(
  ctx: Ctx,
  fn: (tx: Tx, owner: Owner) => Promise<{ row: CartRow; message: string }>,
): Promise<Cart> {
  const owner = await ownerOf(ctx, true)
  return await transaction(
    ctx.db,
    async (tx) => {
      const before = await payableBefore(tx, await findCart(tx, owner))
      const { row, message } = await fn(tx, owner)
      await tx.update(carts).set({ updatedAt: Date.now() }).where(eq(carts.id, row.id))
      const [fresh = row] = await tx.select().from(carts).where(eq(carts.id, row.id))
      return await markDeliveryChange(tx, before, (await cartState(ctx, tx, fresh, message)).cart)
    },
    onCartOf(owner),
  )
}

/** POST /cart-list/: adds, or increases an existing line; beyond stock is 409 and changes nothing. */
export function addToCart(ctx: Ctx, input: { id: number; quantity: number }): Promise<Cart> {
  return mutate(ctx, async (tx, owner) => {
    const offer = await resolveOffer(ctx, tx, input.id)
    const row = await ensureCart(tx, owner)
    const [existing] = await tx
      .select({ quantity: cartLines.quantity })
      .from(cartLines)
      .where(and(eq(cartLines.cartId, row.id), eq(cartLines.offerId, offer.id)))
    const quantity = (existing?.quantity ?? 0) + input.quantity
    checkStock(offer, quantity)
    if (existing) {
      await tx
        .update(cartLines)
        .set({ quantity })
        .where(and(eq(cartLines.cartId, row.id), eq(cartLines.offerId, offer.id)))
    } else {
      await tx.insert(cartLines).values({ cartId: row.id, offerId: offer.id, quantity, addedAt: Date.now() })
    }
    return { row, message: t(ctx.locale, 'cart.added') }
  })
}

/** The cart line an id names: an offer's line, or the first line of a product. */
async function lineFor(tx: Tx, cartId: number, id: number): Promise<number | undefined> {
  if (isOfferId(id)) {
    const [line] = await tx
      .select({ offerId: cartLines.offerId })
      .from(cartLines)
      .where(and(eq(cartLines.cartId, cartId), eq(cartLines.offerId, id)))
    return line?.offerId
  }
  const [first] = await tx
    .select({ offerId: cartLines.offerId })
    .from(cartLines)
    .innerJoin(productOffers, eq(productOffers.id, cartLines.offerId))
    .where(and(eq(cartLines.cartId, cartId), eq(productOffers.productId, id)))
    .orderBy(asc(cartLines.addedAt), asc(cartLines.offerId))
    .limit(1)
  return first?.offerId
}

/** PATCH /cart-list/: sets a line's quantity, 1..stock (beyond stock 409). */
export function setCartQuantity(ctx: Ctx, input: { id: number; quantity: number }): Promise<Cart> {
  return mutate(ctx, async (tx, owner) => {
    const row = await findCart(tx, owner)
    const offerId = row ? await lineFor(tx, row.id, input.id) : undefined
    if (!row || offerId === undefined) {
      await resolveOffer(ctx, tx, input.id) // unknown product: 404 with that message
      throw notFound('cart.notInCart')
    }
    checkStock(await resolveOffer(ctx, tx, offerId), input.quantity)
    await tx
      .update(cartLines)
      .set({ quantity: input.quantity })
      .where(and(eq(cartLines.cartId, row.id), eq(cartLines.offerId, offerId)))
    return { row, message: t(ctx.locale, 'cart.updated') }
  })
}

/** DELETE /cart-list/: removes lines (a product id removes all its volumes); unknown ids are ignored. */
export async function removeFromCart(ctx: Ctx, input: { id: number[] }): Promise<Cart> {
  const owner = ownerOf(ctx)
  if (!owner) return emptyCart(t(ctx.locale, 'cart.removed'))
  return await transaction(
    ctx.db,
    async (tx) => {
      const row = await findCart(tx, owner)
      if (!row) return emptyCart(t(ctx.locale, 'cart.removed'))
      const before = await payableBefore(tx, row)
      const offerIds = input.id.filter(isOfferId)
      const productIds = input.id.filter((i) => !isOfferId(i))
      if (offerIds.length)
        await tx.delete(cartLines).where(and(eq(cartLines.cartId, row.id), inArray(cartLines.offerId, offerIds)))
      if (productIds.length) {
        await tx
          .delete(cartLines)
          .where(
            and(
              eq(cartLines.cartId, row.id),
              inArray(
                cartLines.offerId,
                tx
                  .select({ id: productOffers.id })
                  .from(productOffers)
                  .where(inArray(productOffers.productId, productIds)),
              ),
            ),
          )
      }
      await tx.update(carts).set({ updatedAt: Date.now() }).where(eq(carts.id, row.id))
      return await markDeliveryChange(tx, before, (await cartState(ctx, tx, row, t(ctx.locale, 'cart.removed'))).cart)
    },
    onCartOf(owner),
  )
}

/** POST /cart-promocode/: applies a valid code (case-insensitive); otherwise 422 with the reason. */
export function applyPromo(ctx: Ctx, input: { promocode: string }): Promise<Cart> {
  return mutate(ctx, async (tx, owner) => {
    const row = await ensureCart(tx, owner)
    const promo = await promoByCode(tx, input.promocode)
    const fail = (reason: Message) => new AppError(422, reason.key, reason.params, { errors: { promocode: reason } })
    if (!promo) throw fail({ key: 'cart.promoUnknown' })
    const lines = await cartLineRows(tx, row.id)
    const subtotal = cartAmount(
      lines.map((l) => ({ quantity: l.quantity, unitPrice: l.price, oldPrice: l.oldPrice })),
      null,
    ).subtotal
    const problem =
      promoProblem(promo, subtotal, Date.now()) ?? (await customerProblem(tx, promo, await signedInCustomer(ctx, tx)))
    if (problem) throw fail(problem)
    await tx.update(carts).set({ promocode: promo.code }).where(eq(carts.id, row.id))
    return { row: { ...row, promocode: promo.code }, message: t(ctx.locale, 'cart.promoApplied') }
  })
}

/** DELETE /cart-promocode/: removes the applied code (idempotent). */
export function removePromo(ctx: Ctx, input: { promocode?: string }): Promise<Cart> {
  return mutate(ctx, async (tx, owner) => {
    const row = await ensureCart(tx, owner)
    const given = input.promocode ? normalizePromoCode(input.promocode) : null
    if (row.promocode && (given === null || given === '' || given === row.promocode)) {
      await tx.update(carts).set({ promocode: null }).where(eq(carts.id, row.id))
    }
    return { row, message: t(ctx.locale, 'cart.promoRemoved') }
  })
}
