import { and, asc, eq, inArray, or, sql } from 'drizzle-orm'
import type { Ctx } from '../context'
import type { DB } from '../../db/client'
import {
  cartLines,
  carts,
  catalogSections,
  deliveryMethods,
  orders,
  productOffers,
  products,
  promoCodes,
  users,
} from '../../db/schema'
import { AppError, notFound } from '../errors'
import { t } from '../contracts/i18n'
import {
  cartAmount,
  customerPromoProblem,
  deliveryPrice,
  freeDeliveryLeft,
  isOfferId,
  linePrice,
  normalizePromoCode,
  promoProblem,
  type Cart,
  type CartItem,
  type PromoHistory,
  type PromoProblem,
  type PromoRule,
} from '../contracts/cart'
import { ownerOf, type Owner } from './owner'

/**
 * The cart (API §4). Lines are keyed by offer (volume option); a call may name a product,
 * which means its default offer. Every mutation runs in one IMMEDIATE transaction (read,
 * check stock, write) and answers the whole cart; the promo code is re-checked each time
 * and dropped, with a message, once it stops applying.
 */

export type Tx = Parameters<Parameters<DB['transaction']>[0]>[0]
type CartRow = typeof carts.$inferSelect

const IMMEDIATE = { behavior: 'immediate' } as const

/* ---------- reading ---------- */

function ownerWhere(owner: Owner) {
  return owner.kind === 'user' ? eq(carts.userId, owner.userId) : eq(carts.sessionId, owner.sessionId)
}

export function findCart(tx: Tx, owner: Owner): CartRow | undefined {
  return tx.select().from(carts).where(ownerWhere(owner)).get()
}

function ensureCart(tx: Tx, owner: Owner): CartRow {
  const found = findCart(tx, owner)
  if (found) return found
  const values = owner.kind === 'user' ? { userId: owner.userId } : { sessionId: owner.sessionId }
  return tx
    .insert(carts)
    .values({ ...values, updatedAt: Date.now() })
    .returning()
    .get()
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

export function cartLineRows(tx: Tx, cartId: number): CartLineRow[] {
  return tx
    .select({
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
    .from(cartLines)
    .innerJoin(productOffers, eq(productOffers.id, cartLines.offerId))
    .innerJoin(products, eq(products.id, productOffers.productId))
    .innerJoin(catalogSections, eq(catalogSections.id, products.sectionId))
    .where(eq(cartLines.cartId, cartId))
    .orderBy(asc(cartLines.addedAt), asc(cartLines.offerId))
    .all()
}

export const productLink = (sectionSlug: string, slug: string) => `/catalog/${sectionSlug}/${slug}/`

export function promoByCode(tx: Tx, code: string): PromoRule | undefined {
  return tx
    .select({
      code: promoCodes.code,
      kind: promoCodes.kind,
      value: promoCodes.value,
      minSum: promoCodes.minSum,
      validFrom: promoCodes.validFrom,
      validTo: promoCodes.validTo,
      usageLimit: promoCodes.usageLimit,
      usedCount: promoCodes.usedCount,
      firstOrderOnly: promoCodes.firstOrderOnly,
      perCustomerLimit: promoCodes.perCustomerLimit,
    })
    .from(promoCodes)
    .where(eq(promoCodes.code, normalizePromoCode(code)))
    .get()
}

/** Who uses a promo code: the account, and the phones that stand for the customer (normalised). */
export interface PromoCustomer {
  userId: number | null
  phones: string[]
}

/** The signed-in customer (account and its phone); null for a guest, whose phone is known only at checkout. */
export function signedInCustomer(ctx: Ctx, tx: Tx): PromoCustomer | null {
  const userId = ctx.session.userId
  if (userId === null) return null
  const phone = tx.select({ phone: users.phone }).from(users).where(eq(users.id, userId)).get()?.phone
  return { userId, phones: phone ? [phone] : [] }
}

/**
 * The customer's earlier orders that were not cancelled: by the account, by any of the phones, or
 * by the account registered with one of those phones.
 */
export function promoHistory(tx: Tx, code: string, customer: PromoCustomer): PromoHistory {
  const byPhone = customer.phones.length
    ? [
        inArray(orders.phone, customer.phones),
        inArray(orders.userId, tx.select({ id: users.id }).from(users).where(inArray(users.phone, customer.phones))),
      ]
    : []
  const who = [...(customer.userId !== null ? [eq(orders.userId, customer.userId)] : []), ...byPhone]
  if (!who.length) return { orders: 0, uses: 0 }
  const row = tx
    .select({
      orders: sql<number>`count(*)`,
      uses: sql<number>`coalesce(sum(${orders.promocode} = ${code}), 0)`,
    })
    .from(orders)
    .where(and(sql`${orders.status} <> 'cancelled'`, or(...who)))
    .get()
  return { orders: Number(row?.orders ?? 0), uses: Number(row?.uses ?? 0) }
}

/** Why the code does not apply to this customer (first order only, uses per customer); null when it does. */
export function customerProblem(tx: Tx, promo: PromoRule, customer: PromoCustomer | null): PromoProblem | null {
  if (!customer || (!promo.firstOrderOnly && promo.perCustomerLimit === null)) return null
  return customerPromoProblem(promo, promoHistory(tx, promo.code, customer))
}

const emptyCart = (message = ''): Cart => ({
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
  const en = ctx.locale === 'en'
  const items: CartItem[] = lines.map((l) => {
    const p = linePrice({ quantity: l.quantity, unitPrice: l.price, oldPrice: l.oldPrice })
    return {
      id: l.offerId,
      productId: l.productId,
      volume: l.volume,
      name: en ? l.nameEn : l.name,
      link: productLink(l.sectionSlug, l.slug),
      image: { ...l.image, alt: l.image.alt || (en ? l.nameEn : l.name) },
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
function payableBefore(tx: Tx, row: CartRow | undefined): number | null {
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
function markDeliveryChange(tx: Tx, before: number | null, cart: Cart): Cart {
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

/* ---------- ids ---------- */

interface OfferRef {
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
export function resolveOffer(ctx: Ctx, tx: Tx, id: number): OfferRef {
  const en = ctx.locale === 'en'
  if (isOfferId(id)) {
    const o = offerSelect(tx)
      .where(and(eq(productOffers.id, id), eq(products.hidden, false)))
      .get()
    if (!o) throw notFound('cart.unknownProduct')
    return { id: o.id, productId: o.productId, stock: o.stock, name: en ? o.nameEn : o.name }
  }
  const offers = offerSelect(tx)
    .where(and(eq(productOffers.productId, id), eq(products.hidden, false)))
    .orderBy(asc(productOffers.sort), asc(productOffers.id))
    .all()
  const first = offers[0]
  if (!first) throw notFound('cart.unknownProduct')
  const inStock = offers.filter((o) => o.stock > 0).sort((a, b) => a.price - b.price || a.id - b.id)
  const o = inStock[0] ?? first
  return { id: o.id, productId: o.productId, stock: o.stock, name: en ? o.nameEn : o.name }
}

function checkStock(offer: OfferRef, quantity: number) {
  if (offer.stock <= 0) throw new AppError(409, 'cart.outOfStock', { name: offer.name }, { id: offer.id, stock: 0 })
  if (quantity > offer.stock)
    throw new AppError(
      409,
      'cart.beyondStock',
      { name: offer.name, stock: offer.stock },
      { id: offer.id, stock: offer.stock },
    )
}

/* ---------- mutations ---------- */

function mutate(ctx: Ctx, fn: (tx: Tx, owner: Owner) => { row: CartRow; message: string }): Cart {
  const owner = ownerOf(ctx, true)
  return ctx.db.transaction((tx) => {
    const before = payableBefore(tx, findCart(tx, owner))
    const { row, message } = fn(tx, owner)
    tx.update(carts).set({ updatedAt: Date.now() }).where(eq(carts.id, row.id)).run()
    const fresh = tx.select().from(carts).where(eq(carts.id, row.id)).get() ?? row
    return markDeliveryChange(tx, before, cartState(ctx, tx, fresh, message).cart)
  }, IMMEDIATE)
}

/** POST /cart-list/: adds, or increases an existing line; beyond stock is 409 and changes nothing. */
export function addToCart(ctx: Ctx, input: { id: number; quantity: number }): Cart {
  return mutate(ctx, (tx, owner) => {
    const offer = resolveOffer(ctx, tx, input.id)
    const row = ensureCart(tx, owner)
    const existing = tx
      .select({ quantity: cartLines.quantity })
      .from(cartLines)
      .where(and(eq(cartLines.cartId, row.id), eq(cartLines.offerId, offer.id)))
      .get()
    const quantity = (existing?.quantity ?? 0) + input.quantity
    checkStock(offer, quantity)
    if (existing) {
      tx.update(cartLines)
        .set({ quantity })
        .where(and(eq(cartLines.cartId, row.id), eq(cartLines.offerId, offer.id)))
        .run()
    } else {
      tx.insert(cartLines).values({ cartId: row.id, offerId: offer.id, quantity, addedAt: Date.now() }).run()
    }
    return { row, message: t(ctx.locale, 'cart.added') }
  })
}

/** The cart line an id names: an offer's line, or the first line of a product. */
function lineFor(tx: Tx, cartId: number, id: number): number | undefined {
  if (isOfferId(id)) {
    return tx
      .select({ offerId: cartLines.offerId })
      .from(cartLines)
      .where(and(eq(cartLines.cartId, cartId), eq(cartLines.offerId, id)))
      .get()?.offerId
  }
  return tx
    .select({ offerId: cartLines.offerId })
    .from(cartLines)
    .innerJoin(productOffers, eq(productOffers.id, cartLines.offerId))
    .where(and(eq(cartLines.cartId, cartId), eq(productOffers.productId, id)))
    .orderBy(asc(cartLines.addedAt), asc(cartLines.offerId))
    .get()?.offerId
}

/** PATCH /cart-list/: sets a line's quantity, 1..stock (beyond stock 409). */
export function setCartQuantity(ctx: Ctx, input: { id: number; quantity: number }): Cart {
  return mutate(ctx, (tx, owner) => {
    const row = findCart(tx, owner)
    const offerId = row ? lineFor(tx, row.id, input.id) : undefined
    if (!row || offerId === undefined) {
      resolveOffer(ctx, tx, input.id) // unknown product: 404 with that message
      throw notFound('cart.notInCart')
    }
    checkStock(resolveOffer(ctx, tx, offerId), input.quantity)
    tx.update(cartLines)
      .set({ quantity: input.quantity })
      .where(and(eq(cartLines.cartId, row.id), eq(cartLines.offerId, offerId)))
      .run()
    return { row, message: t(ctx.locale, 'cart.updated') }
  })
}

/** DELETE /cart-list/: removes lines (a product id removes all its volumes); unknown ids are ignored. */
export function removeFromCart(ctx: Ctx, input: { id: number[] }): Cart {
  const owner = ownerOf(ctx)
  if (!owner) return emptyCart(t(ctx.locale, 'cart.removed'))
  return ctx.db.transaction((tx) => {
    const row = findCart(tx, owner)
    if (!row) return emptyCart(t(ctx.locale, 'cart.removed'))
    const before = payableBefore(tx, row)
    const offerIds = input.id.filter(isOfferId)
    const productIds = input.id.filter((i) => !isOfferId(i))
    if (offerIds.length)
      tx.delete(cartLines)
        .where(and(eq(cartLines.cartId, row.id), inArray(cartLines.offerId, offerIds)))
        .run()
    if (productIds.length) {
      tx.delete(cartLines)
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
        .run()
    }
    tx.update(carts).set({ updatedAt: Date.now() }).where(eq(carts.id, row.id)).run()
    return markDeliveryChange(tx, before, cartState(ctx, tx, row, t(ctx.locale, 'cart.removed')).cart)
  }, IMMEDIATE)
}

/** POST /cart-promocode/: applies a valid code (case-insensitive); otherwise 422 with the reason. */
export function applyPromo(ctx: Ctx, input: { promocode: string }): Cart {
  return mutate(ctx, (tx, owner) => {
    const row = ensureCart(tx, owner)
    const promo = promoByCode(tx, input.promocode)
    const fail = (key: string, params?: Record<string, string | number>) => {
      const message = t(ctx.locale, key, params)
      return new AppError(422, key, params, { errors: { promocode: message } })
    }
    if (!promo) throw fail('cart.promoUnknown')
    const lines = cartLineRows(tx, row.id)
    const subtotal = cartAmount(
      lines.map((l) => ({ quantity: l.quantity, unitPrice: l.price, oldPrice: l.oldPrice })),
      null,
    ).subtotal
    const problem = promoProblem(promo, subtotal, Date.now()) ?? customerProblem(tx, promo, signedInCustomer(ctx, tx))
    if (problem) throw fail(problem.key, 'params' in problem ? problem.params : undefined)
    tx.update(carts).set({ promocode: promo.code }).where(eq(carts.id, row.id)).run()
    return { row: { ...row, promocode: promo.code }, message: t(ctx.locale, 'cart.promoApplied') }
  })
}

/** DELETE /cart-promocode/: removes the applied code (idempotent). */
export function removePromo(ctx: Ctx, input: { promocode?: string }): Cart {
  return mutate(ctx, (tx, owner) => {
    const row = ensureCart(tx, owner)
    const given = input.promocode ? normalizePromoCode(input.promocode) : null
    if (row.promocode && (given === null || given === '' || given === row.promocode)) {
      tx.update(carts).set({ promocode: null }).where(eq(carts.id, row.id)).run()
    }
    return { row, message: t(ctx.locale, 'cart.promoRemoved') }
  })
}

/* ---------- for other domains ---------- */

/** A promo code in force, for the promotions page (/promo/): its rules, which the page words. */
export interface PublicPromo {
  code: string
  kind: 'percent' | 'fixed'
  value: number
  minSum: number
  validFrom: number | null
  validTo: number | null
  firstOrderOnly: boolean
  perCustomerLimit: number | null
}

/** Codes in force now (started, not expired, not used up); single-use certificates are not offers. */
export function currentPromos(ctx: Ctx): PublicPromo[] {
  const now = Date.now()
  return ctx.db
    .select()
    .from(promoCodes)
    .orderBy(asc(promoCodes.minSum), asc(promoCodes.code))
    .all()
    .filter(
      (p) =>
        (p.validFrom === null || p.validFrom <= now) &&
        (p.validTo === null || p.validTo >= now) &&
        (p.usageLimit === null || (p.usageLimit > 1 && p.usedCount < p.usageLimit)),
    )
    .map((p) => ({
      code: p.code,
      kind: p.kind,
      value: p.value,
      minSum: p.minSum,
      validFrom: p.validFrom,
      validTo: p.validTo,
      firstOrderOnly: p.firstOrderOnly,
      perCustomerLimit: p.perCustomerLimit,
    }))
}

/**
 * Sign-in: the visitor's cart joins the account's. Quantities of the same offer are
 * summed (capped by stock), the account's promo code wins. Call inside the sign-in transaction.
 */
export function mergeSessionCart(tx: Tx, sessionId: string, userId: number) {
  const guest = findCart(tx, { kind: 'session', sessionId })
  if (!guest) return
  const mine = findCart(tx, { kind: 'user', userId })
  if (!mine) {
    tx.update(carts).set({ userId, sessionId: null, updatedAt: Date.now() }).where(eq(carts.id, guest.id)).run()
    return
  }
  tx.run(sql`insert into cart_lines (cart_id, offer_id, quantity, added_at)
    select ${mine.id}, g.offer_id, g.quantity, g.added_at from cart_lines g where g.cart_id = ${guest.id}
    on conflict (cart_id, offer_id) do update set quantity = min(
      cart_lines.quantity + excluded.quantity,
      max(cart_lines.quantity, (select stock from product_offers o where o.id = cart_lines.offer_id)))`)
  if (!mine.promocode && guest.promocode)
    tx.update(carts).set({ promocode: guest.promocode }).where(eq(carts.id, mine.id)).run()
  tx.delete(carts).where(eq(carts.id, guest.id)).run()
}
