import { eq } from 'drizzle-orm'
import { carts, deliveryMethods } from '../../../db/schema'
import { transaction } from '../../../db/engine'
import { cachedByContent } from '../../cache'
import type { Ctx } from '../../context'
import type { Message } from '../../errors'
import { t } from '../../contracts/i18n'
import { localizedText } from '../../contracts/localized'
import {
  cartAmount,
  deliveryPrice,
  freeDeliveryLeft,
  linePrice,
  promoProblem,
  type Cart,
  type CartItem,
  type PromoRule,
} from '../../contracts/cart'
import { ownerOf } from '../owner'
import { customerProblem, promoByCode, signedInCustomer } from './promo'
import {
  cartLineRows,
  cartWithLines,
  findCart,
  onCartOf,
  productLink,
  type CartLineRow,
  type CartRow,
  type Tx,
} from './rows'

/* ---------- the cart as answered ---------- */

export const emptyCart = (message = ''): Cart => ({
  success: true,
  message,
  items: [],
  amount: { quantity: 0, price: { value: 0, discount: 0 }, subtotal: 0, promoDiscount: 0 },
  promocode: null,
  promo: null,
})

export interface CartState {
  cart: Cart
  lines: CartLineRow[]
  promo: PromoRule | null
  /** Why the cart's code was just dropped (it stopped applying), as a message; absent when it was not. */
  promoDropped?: Message
}

/**
 * The cart as answered, re-validating its promo code; a code that stopped applying is
 * removed from the row (the caller must hold a write transaction when `cart.promocode` is set).
 */
export async function cartState(
  ctx: Ctx,
  tx: Tx,
  row: CartRow,
  message = '',
  read?: CartLineRow[],
): Promise<CartState> {
  const lines = read ?? (await cartLineRows(tx, row.id))
  const priced = lines.map((l) => ({ quantity: l.quantity, unitPrice: l.price, oldPrice: l.oldPrice }))
  let promo: PromoRule | null = null
  let promoDropped: Message | undefined
  let droppedText: string | undefined
  if (row.promocode) {
    const found = await promoByCode(tx, row.promocode)
    const subtotal = cartAmount(priced, null).subtotal
    const problem = found
      ? (promoProblem(found, subtotal, Date.now()) ??
        (await customerProblem(tx, found, await signedInCustomer(ctx, tx))))
      : ({ key: 'cart.promoUnknown' } as const)
    if (problem) {
      await tx.update(carts).set({ promocode: null, updatedAt: Date.now() }).where(eq(carts.id, row.id))
      const reason = t(ctx.locale, problem.key, 'params' in problem ? problem.params : undefined)
      message = t(ctx.locale, 'cart.promoDropped', { code: row.promocode, reason })
      promoDropped = problem
      droppedText = reason
    } else {
      promo = found ?? null
    }
  }
  const items: CartItem[] = lines.map((l) => {
    const p = linePrice({ quantity: l.quantity, unitPrice: l.price, oldPrice: l.oldPrice })
    const name = localizedText(l, 'name', ctx.locale)
    return {
      id: l.offerId,
      productId: l.productId,
      volume: l.volume,
      name,
      link: productLink(l.sectionSlug, l.slug),
      image: { ...l.image, alt: l.image.alt || name },
      quantity: l.quantity,
      price: p.line,
      unitPrice: p.unit,
      stock: l.stock,
    }
  })
  const amount = cartAmount(priced, promo)
  const promoState: Cart['promo'] = promo
    ? { code: promo.code, status: 'applied' }
    : droppedText !== undefined && row.promocode
      ? { code: row.promocode, status: 'dropped', reason: droppedText }
      : null
  const courier = await courierMethod(tx)
  const delivery: Cart['delivery'] = courier
    ? {
        price: deliveryPrice(courier, amount.price.value),
        freeFrom: courier.freeFrom,
        left: freeDeliveryLeft(courier, amount.price.value),
      }
    : undefined
  return {
    cart: {
      success: true,
      message,
      items,
      amount,
      promocode: promo ? promo.code : null,
      promo: promoState,
      ...(delivery && { delivery }),
    },
    lines,
    promo,
    ...(promoDropped !== undefined && { promoDropped }),
  }
}

/**
 * Courier delivery, whose price and free-delivery threshold the cart shows: kept per content
 * version (a dictionary every cart answer reads: no round trip of its own on PostgreSQL).
 */
function courierMethod(tx: Tx) {
  return cachedByContent(tx, 'cart.courier', async () => {
    const [row] = await tx
      .select({ price: deliveryMethods.price, freeFrom: deliveryMethods.freeFrom })
      .from(deliveryMethods)
      .where(eq(deliveryMethods.code, 'courier'))
      .limit(1)
    return row ?? null
  })
}

/** The total to pay of a cart as it stands, its promo code counted unchecked (before a change). */
export async function payableBefore(tx: Tx, row: CartRow | undefined): Promise<number | null> {
  if (!row) return null
  const priced = (await cartLineRows(tx, row.id)).map((l) => ({
    quantity: l.quantity,
    unitPrice: l.price,
    oldPrice: l.oldPrice,
  }))
  const promo = row.promocode ? ((await promoByCode(tx, row.promocode)) ?? null) : null
  return cartAmount(priced, promo).price.value
}

/** Marks `cart.delivery.changed` when the change from a total of `before` made courier delivery paid or free. */
export async function markDeliveryChange(tx: Tx, before: number | null, cart: Cart): Promise<Cart> {
  const courier = await courierMethod(tx)
  if (before === null || !courier || !cart.delivery || !cart.items.length) return cart
  const was = deliveryPrice(courier, before)
  const now = cart.delivery.price
  if (was === now || (was > 0 && now > 0)) return cart
  return { ...cart, delivery: { ...cart.delivery, changed: now > 0 ? 'paid' : 'free' } }
}

/** GET /cart-list/: a visitor without a session gets an empty cart and no cookie. */
export async function getCart(ctx: Ctx): Promise<Cart> {
  const owner = ownerOf(ctx)
  if (!owner) return emptyCart()
  // The cart and its lines in one query (issue 30 §2: one round trip on PostgreSQL).
  const found = await cartWithLines(ctx.db, owner)
  if (!found) return emptyCart()
  // Without a promo code nothing may need writing: the rows are read as they stand (no
  // transaction: a session's cart page or badge is the request made most often by shoppers).
  if (!found.row.promocode) return (await cartState(ctx, ctx.db, found.row, '', found.lines)).cart
  // A code may have stopped applying: it is dropped from the row, under a write transaction.
  return await transaction(
    ctx.db,
    async (tx) => {
      const row = await findCart(tx, owner)
      return row ? (await cartState(ctx, tx, row)).cart : emptyCart()
    },
    onCartOf(owner),
  )
}
