import { eq } from 'drizzle-orm'
import { carts, deliveryMethods } from '../../../db/schema'
import type { Ctx } from '../../context'
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
  findCart,
  IMMEDIATE,
  ownerWhere,
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
  /** Why the cart's code was just dropped (it stopped applying); absent when it was not. */
  promoDropped?: string
}

/**
 * The cart as answered, re-validating its promo code; a code that stopped applying is
 * removed from the row (the caller must hold a write transaction when `cart.promocode` is set).
 */
export function cartState(ctx: Ctx, tx: Tx, row: CartRow, message = ''): CartState {
  const lines = cartLineRows(tx, row.id)
  const priced = lines.map((l) => ({ quantity: l.quantity, unitPrice: l.price, oldPrice: l.oldPrice }))
  let promo: PromoRule | null = null
  let promoDropped: string | undefined
  if (row.promocode) {
    const found = promoByCode(tx, row.promocode)
    const subtotal = cartAmount(priced, null).subtotal
    const problem = found
      ? (promoProblem(found, subtotal, Date.now()) ?? customerProblem(tx, found, signedInCustomer(ctx, tx)))
      : ({ key: 'cart.promoUnknown' } as const)
    if (problem) {
      tx.update(carts).set({ promocode: null, updatedAt: Date.now() }).where(eq(carts.id, row.id)).run()
      const reason = t(ctx.locale, problem.key, 'params' in problem ? problem.params : undefined)
      message = t(ctx.locale, 'cart.promoDropped', { code: row.promocode, reason })
      promoDropped = reason
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
    : promoDropped !== undefined && row.promocode
      ? { code: row.promocode, status: 'dropped', reason: promoDropped }
      : null
  const courier = courierMethod(tx)
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

/** Courier delivery, whose price and free-delivery threshold the cart shows. */
function courierMethod(tx: Tx) {
  return tx
    .select({ price: deliveryMethods.price, freeFrom: deliveryMethods.freeFrom })
    .from(deliveryMethods)
    .where(eq(deliveryMethods.code, 'courier'))
    .get()
}

/** The total to pay of a cart as it stands, its promo code counted unchecked (before a change). */
export function payableBefore(tx: Tx, row: CartRow | undefined): number | null {
  if (!row) return null
  const priced = cartLineRows(tx, row.id).map((l) => ({
    quantity: l.quantity,
    unitPrice: l.price,
    oldPrice: l.oldPrice,
  }))
  const promo = row.promocode ? (promoByCode(tx, row.promocode) ?? null) : null
  return cartAmount(priced, promo).price.value
}

/** Marks `cart.delivery.changed` when the change from a total of `before` made courier delivery paid or free. */
export function markDeliveryChange(tx: Tx, before: number | null, cart: Cart): Cart {
  const courier = courierMethod(tx)
  if (before === null || !courier || !cart.delivery || !cart.items.length) return cart
  const was = deliveryPrice(courier, before)
  const now = cart.delivery.price
  if (was === now || (was > 0 && now > 0)) return cart
  return { ...cart, delivery: { ...cart.delivery, changed: now > 0 ? 'paid' : 'free' } }
}

/** GET /cart-list/: a visitor without a session gets an empty cart and no cookie. */
export function getCart(ctx: Ctx): Cart {
  const owner = ownerOf(ctx)
  if (!owner) return emptyCart()
  const peek = ctx.db.select({ id: carts.id, promocode: carts.promocode }).from(carts).where(ownerWhere(owner)).get()
  if (!peek) return emptyCart()
  // Only a cart with a promo code may need a write (dropping the code).
  return ctx.db.transaction(
    (tx) => {
      const row = findCart(tx, owner)
      return row ? cartState(ctx, tx, row).cart : emptyCart()
    },
    peek.promocode ? IMMEDIATE : { behavior: 'deferred' },
  )
}
