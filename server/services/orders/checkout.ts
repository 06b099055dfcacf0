import { and, eq, isNull, lt, or, sql } from 'drizzle-orm'
import { affectedRows, lockKeys, transaction } from '../../../db/engine'
import type { Ctx } from '../../context'
import { cartLines, carts, deliveryMethods, paymentMethods, promoCodes } from '../../../db/schema'
import { conflict } from '../../errors'
import { t } from '../../contracts/i18n'
import { deliveryPrice as deliveryPriceFor } from '../../contracts/cart'
import { invoiceLink, orderLink, type CheckoutData, type CheckoutResult } from '../../contracts/orders'
import { env } from '../../env'
import { cartState, customerProblem, findCart, productLink, signedInCustomer } from '../cart'
import { ownerOf } from '../owner'
import { startPayment } from '../payments'
import { orderAddress, orderCustomer } from './checkout-address'
import { phoneConfirmed } from './confirm'
import { fieldError, INVOICE_VALID_DAYS, signedInUser } from './shared'
import { checkUnconfirmedLimits, orderLocks, writeOrder, type OrderLineDraft } from './write-order'

/**
 * Checkout from the cart (API §8). An order is created in ONE immediate transaction that re-reads
 * stock, takes it, writes the order with its lines and first status, counts the promo code use
 * and empties the cart; any line beyond stock refuses the whole order with 409.
 * The state machine and its choices: docs/decisions/008-order-lifecycle.md.
 */

function pickMethod<T extends { id: number; code: string }>(list: T[], value: string | undefined): T | undefined {
  if (value === undefined) return undefined
  return list.find((m) => m.code === value || String(m.id) === value)
}

/** Minutes the order holds its stock (order-holds.ts); null = until it is handled. */
function holdMinutes(online: boolean, invoice: boolean, confirmed: boolean): number | null {
  if (online) return env().PAYMENT_HOLD_MINUTES
  const invoiceMinutes = INVOICE_VALID_DAYS * 24 * 60
  if (confirmed) return invoice ? invoiceMinutes : null
  return invoice ? Math.min(env().UNCONFIRMED_HOLD_MINUTES, invoiceMinutes) : env().UNCONFIRMED_HOLD_MINUTES
}

/** Checkout from the cart (online: card or invoice; offline: payment on delivery). */
export async function checkout(ctx: Ctx, input: CheckoutData, mode: 'online' | 'offline'): Promise<CheckoutResult> {
  const method = pickMethod(await ctx.db.select().from(deliveryMethods), input.delivery)
  if (!method) throw fieldError(422, 'order.unknownDelivery', 'delivery')
  const payWith = input.payment ?? (mode === 'offline' ? 'cash' : 'card')
  const pay = pickMethod(await ctx.db.select().from(paymentMethods), payWith)
  if (!pay) throw fieldError(422, 'order.unknownPayment', 'payment')
  const user = await signedInUser(ctx)
  if (pay.legalOnly && user?.type !== 'legal') throw fieldError(422, 'order.invoiceLegalOnly', 'payment')
  // Online checkout takes what is paid before delivery (card, invoice); offline, what is paid on delivery.
  const paidBefore = pay.online || pay.legalOnly
  if (mode === 'online' && !paidBefore) throw fieldError(422, 'order.paymentNotOnline', 'payment')
  if (mode === 'offline' && paidBefore) throw fieldError(422, 'order.paymentNotOffline', 'payment')
  const address = await orderAddress(ctx, input, method, user)
  const customer = orderCustomer(user)
  // Paid before it is handed over (card): nothing to confirm. Otherwise the shop's SMS code for the
  // phone places it confirmed; without it the order is pending (held, capped: write-order.ts).
  const needsConfirmation = !pay.online
  const confirmed = await phoneConfirmed(ctx, input.phone, input.code)

  const owner = ownerOf(ctx)
  const placed = await transaction(
    ctx.db,
    async (tx) => {
      const cart = owner ? await findCart(tx, owner) : undefined
      if (!cart) throw conflict('order.emptyCart')
      // A code's uses and its customers' earlier orders are read below, then this order written:
      // one order at a time per code (PostgreSQL; ADR 050).
      if (cart.promocode) await lockKeys(tx, [`promo:${cart.promocode}`])
      let state = await cartState(ctx, tx, cart)
      if (!state.lines.length) throw conflict('order.emptyCart')
      // A first-order code is a guest's only for a phone proven with the shop's SMS code (issue 25 §6):
      // refused with the way to get it; the code stays in the cart.
      if (state.promo?.firstOrderOnly && ctx.session.userId === null && !confirmed) {
        const needs = { key: 'order.promoNeedsConfirmedPhone', params: { code: state.promo.code } }
        throw conflict(needs.key, needs.params, { errors: { promocode: needs } })
      }
      // The customer is known now (the phone): first-order and per-customer promo rules.
      const account = await signedInCustomer(ctx, tx)
      const customerIssue = state.promo
        ? await customerProblem(tx, state.promo, {
            userId: ctx.session.userId,
            phones: [...new Set([input.phone, ...(account?.phones ?? [])])],
          })
        : null
      if (customerIssue) {
        await tx.update(carts).set({ promocode: null, updatedAt: Date.now() }).where(eq(carts.id, cart.id))
        const reason = t(ctx.locale, customerIssue.key, 'params' in customerIssue ? customerIssue.params : undefined)
        const fresh = await cartState(ctx, tx, { ...cart, promocode: null })
        const promo = { code: cart.promocode ?? '', status: 'dropped' as const, reason }
        state = { ...fresh, cart: { ...fresh.cart, promo }, promoDropped: customerIssue }
      }
      if (cart.promocode && !state.promo) {
        // The code stopped applying since the buyer saw the total: refuse rather than charge more
        // silently. The code leaves the cart (committed); the lines stay; the new total is in `cart`.
        return { refused: { code: cart.promocode, reason: state.promoDropped ?? { key: '' }, cart: state.cart } }
      }
      const lines: OrderLineDraft[] = state.lines.map((l) => ({
        offerId: l.offerId,
        productId: l.productId,
        name: l.name,
        volume: l.volume,
        link: productLink(l.sectionSlug, l.slug),
        image: l.image.src,
        quantity: l.quantity,
        unitPrice: l.price,
        oldPrice: l.oldPrice,
      }))
      if (needsConfirmation)
        await checkUnconfirmedLimits(ctx, tx, input.phone, lines, {
          status: paidBefore ? 'awaiting-payment' : 'new',
          confirmed,
        })
      const order = await writeOrder(ctx, tx, {
        kind: mode,
        status: paidBefore ? 'awaiting-payment' : 'new',
        deliveryCode: method.code,
        paymentCode: pay.code,
        fullname: input.fullname,
        phone: input.phone,
        email: input.email,
        address,
        customer,
        comment: input.comment,
        promocode: state.promo?.code ?? null,
        discount: state.cart.amount.promoDiscount,
        deliveryPrice: deliveryPriceFor(method, state.cart.amount.price.value),
        lines,
        // Card: PAYMENT_HOLD_MINUTES. Unconfirmed (invoice, on delivery): UNCONFIRMED_HOLD_MINUTES (at
        // most the invoice's validity); a confirmed invoice: while it is valid. Cancelled after (order-holds.ts).
        holdMinutes: holdMinutes(pay.online, pay.legalOnly, confirmed),
        confirmation: needsConfirmation ? (confirmed ? 'phone' : 'pending') : null,
      })
      if (state.promo) {
        const used = await tx
          .update(promoCodes)
          .set({ usedCount: sql`${promoCodes.usedCount} + 1` })
          .where(
            and(
              eq(promoCodes.code, state.promo.code),
              or(isNull(promoCodes.usageLimit), lt(promoCodes.usedCount, promoCodes.usageLimit)),
            ),
          )
        if (affectedRows(used) !== 1)
          throw conflict('order.promoDropped', { code: state.promo.code, reason: { key: 'cart.promoExhausted' } })
      }
      await tx.delete(cartLines).where(eq(cartLines.cartId, cart.id))
      await tx.update(carts).set({ promocode: null, updatedAt: Date.now() }).where(eq(carts.id, cart.id))
      return { order }
    },
    orderLocks(ctx, input.phone),
  )
  if (placed.refused) {
    const { code, reason, cart } = placed.refused
    const dropped = { key: 'order.promoDropped', params: { code, reason } }
    throw conflict(dropped.key, dropped.params, { cart, errors: { promocode: dropped } })
  }
  const created = placed.order

  const result: CheckoutResult = {
    success: true,
    message: t(ctx.locale, 'order.created', { number: created.number }),
    order: { id: created.id, number: created.number, status: created.status, link: orderLink(created.id) },
  }
  if (mode === 'online') {
    if (pay.online) {
      // The order is safe in the database; a provider failure leaves it payable via /order-pay/.
      // The answer says so (the order page offers "pay" again); startPayment has logged the cause.
      const url = await startPayment(ctx, created.id).catch(() => {
        result.message = t(ctx.locale, 'order.createdPaymentUnavailable', { number: created.number })
        return orderLink(created.id)
      })
      result.payment = { url }
    } else {
      result.payment = { url: invoiceLink(created.id) }
    }
  }
  return result
}
