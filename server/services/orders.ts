import { randomBytes } from 'node:crypto'
import { pickupPointById, pickupPointsOfCity } from './pickup-points'
import { historyCommentText } from './order-history-text'
import { localizedText } from '../contracts/localized'
import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm'
import type { Ctx } from '../context'
import {
  cancelReasons,
  cartLines,
  carts,
  catalogSections,
  deliveryMethods,
  orderLines,
  orderStatusHistory,
  orders,
  paymentMethods,
  payments,
  pickupPoints,
  productOffers,
  products,
  promoCodes,
  userAddresses,
  users,
  type OrderAddress,
  type OrderCustomer,
} from '../../db/schema'
import { AppError, conflict, notFound, unauthorized } from '../errors'
import { t } from '../contracts/i18n'
import { deliveryPrice as deliveryPriceFor, linePrice, MAX_UNPAID_LINE_QUANTITY } from '../contracts/cart'
import {
  canCancel,
  invoiceLink,
  OTHER_CANCEL_REASON,
  orderLink,
  orderNumber,
  PICKUP,
  type CheckoutData,
  type CheckoutResult,
  type DeliveryMethod,
  type OrderDetail,
  type OrderListItem,
  type OrderStatus,
  type PaymentMethod,
  type PickupPoint,
} from '../contracts/orders'
import { cartState, customerProblem, findCart, productLink, resolveOffer, signedInCustomer, type Tx } from './cart'
import { ownerOf } from './owner'
import { userCity } from './site'
import { processRefunds, queueRefunds, startPayment } from './payments'
import { releaseOrder } from './order-status'
import { stockMayHaveReturned } from './stock-alerts'
import { roublesInWords } from '../contracts/money-words'
import { shopRequisites } from '../../seed/data/pages'
import { env } from '../env'

/**
 * Orders and payment (API §8). An order is created in ONE immediate transaction that re-reads
 * stock, takes it, writes the order with its lines and first status, counts the promo code use
 * and empties the cart; any line beyond stock refuses the whole order with 409.
 * The state machine and its choices: docs/decisions/008-order-lifecycle.md.
 */

const IMMEDIATE = { behavior: 'immediate' } as const
const en = (ctx: Ctx) => ctx.locale === 'en'

/* ---------- dictionaries ---------- */

export function deliveryList(ctx: Ctx): DeliveryMethod[] {
  return ctx.db
    .select()
    .from(deliveryMethods)
    .orderBy(asc(deliveryMethods.sort), asc(deliveryMethods.id))
    .all()
    .map((d) => ({
      id: d.id,
      code: d.code,
      title: en(ctx) ? d.titleEn : d.title,
      price: d.price,
      description: en(ctx) ? d.descriptionEn : d.description,
      freeFrom: d.freeFrom,
      needsAddress: d.needsAddress,
    }))
}

export function paymentList(ctx: Ctx): PaymentMethod[] {
  return ctx.db
    .select()
    .from(paymentMethods)
    .orderBy(asc(paymentMethods.sort), asc(paymentMethods.id))
    .all()
    .map((p) => ({
      id: p.id,
      code: p.code,
      title: en(ctx) ? p.titleEn : p.title,
      online: p.online,
      legalOnly: p.legalOnly,
    }))
}

export function cancelReasonList(ctx: Ctx) {
  return ctx.db
    .select()
    .from(cancelReasons)
    .orderBy(asc(cancelReasons.id))
    .all()
    .map((r) => ({
      id: r.id,
      title: en(ctx) ? r.titleEn : r.title,
      ...(r.id === OTHER_CANCEL_REASON && { other: true }),
    }))
}

/** Pickup points of the session's city. */
export function pickupPointList(ctx: Ctx): PickupPoint[] {
  return pickupPointsOfCity(ctx, userCity(ctx).id)
}

/** A cancel reason's title (as stored in a history comment) in the caller's language. */
function cancelReasonEn(ctx: Ctx, title: string): string {
  const row = ctx.db.select().from(cancelReasons).where(eq(cancelReasons.title, title)).get()
  return row ? localizedText(row, 'title', ctx.locale) : title
}

function signedInUser(ctx: Ctx) {
  const userId = ctx.session.userId
  if (userId === null) return null
  return (
    ctx.db
      .select({
        id: users.id,
        type: users.type,
        subtype: users.subtype,
        fullname: users.fullname,
        phone: users.phone,
        email: users.email,
        organization: users.organization,
        taxId: users.taxId,
        bic: users.bic,
        bankName: users.bankName,
        correspondentAccount: users.correspondentAccount,
        currentAccount: users.currentAccount,
      })
      .from(users)
      .where(eq(users.id, userId))
      .get() ?? null
  )
}

/** Everything the checkout form needs in one call. */
/**
 * A guest who ordered before from this browser (this session): their name, phone, e-mail and
 * courier address from the last order, to fill the checkout in (issue 17). Null otherwise.
 */
function rememberedGuest(ctx: Ctx) {
  const sessionId = ctx.session.id
  if (!sessionId) return null
  const last = ctx.db
    .select({ fullname: orders.fullname, phone: orders.phone, email: orders.email, address: orders.address })
    .from(orders)
    .where(and(eq(orders.sessionId, sessionId), sql`${orders.userId} is null`))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .get()
  if (!last) return null
  const a = last.address && !last.address.pickupPointId ? last.address : null
  return {
    fullname: last.fullname,
    phone: last.phone,
    email: last.email,
    address: a?.full ?? '',
    entrance: a?.entrance ?? '',
    floor: a?.floor ?? '',
    intercom: a?.intercom ?? '',
  }
}

export function checkoutOptions(ctx: Ctx) {
  const user = signedInUser(ctx)
  const addresses = user
    ? ctx.db
        .select({ id: userAddresses.id, full: userAddresses.full })
        .from(userAddresses)
        .where(eq(userAddresses.userId, user.id))
        .orderBy(asc(userAddresses.id))
        .all()
    : []
  const legal = user?.type === 'legal'
  return {
    remembered: user ? null : rememberedGuest(ctx),
    user: user
      ? {
          fullname: user.fullname,
          phone: user.phone ?? '',
          email: user.email ?? '',
          type: user.type,
          organization: user.organization,
        }
      : null,
    addresses,
    city: userCity(ctx),
    pickupPoints: pickupPointList(ctx),
    delivery: deliveryList(ctx),
    payment: paymentList(ctx).filter((p) => !p.legalOnly || legal),
  }
}

/* ---------- creating orders ---------- */

/** Entrance, floor and intercom of an address, only those given. */
function extrasOf(a: { entrance?: string | null; floor?: string | null; intercom?: string | null }) {
  const out: Pick<OrderAddress, 'entrance' | 'floor' | 'intercom'> = {}
  for (const k of ['entrance', 'floor', 'intercom'] as const) {
    const v = a[k]?.trim()
    if (v) out[k] = v
  }
  return out
}

interface OrderLineDraft {
  offerId: number
  productId: number
  name: string
  volume: number
  link: string
  image: string
  quantity: number
  unitPrice: number
  oldPrice: number | null
}

function statusComment(ctx: Ctx, key: string, params?: Record<string, string | number>) {
  // History comments are stored in Russian (the shop's language) — they are records, not UI.
  void ctx
  return t('ru', key, params)
}

/** Takes stock for the lines or throws 409 naming the first line that does not fit. */
function takeStock(ctx: Ctx, tx: Tx, lines: OrderLineDraft[]) {
  for (const l of lines) {
    // A product hidden since it was put in the cart (gone from a full 1C import) is not for sale.
    const offer = tx
      .select({ stock: productOffers.stock })
      .from(productOffers)
      .innerJoin(products, eq(products.id, productOffers.productId))
      .where(and(eq(productOffers.id, l.offerId), eq(products.hidden, false)))
      .get()
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
  for (const l of lines) {
    const res = tx
      .update(productOffers)
      .set({ stock: sql`${productOffers.stock} - ${l.quantity}` })
      .where(and(eq(productOffers.id, l.offerId), sql`${productOffers.stock} >= ${l.quantity}`))
      .run()
    if (res.changes !== 1) throw conflict('order.beyondStock', { name: l.name, stock: 0 }, { id: l.offerId })
  }
  refreshProducts(
    tx,
    lines.map((l) => l.productId),
  )
}

/** products.min_price / total_stock are denormalised from the offers: keep them in step, per product. */
export function refreshProducts(tx: Tx, productIds: number[]) {
  const ids = [...new Set(productIds)]
  if (!ids.length) return
  tx.run(sql`update products set
    min_price = coalesce((select min(price) from product_offers o where o.product_id = products.id), 0),
    total_stock = coalesce((select sum(stock) from product_offers o where o.product_id = products.id), 0)
    where id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`)
}

interface OrderDraft {
  kind: 'online' | 'offline' | 'fast-buy'
  status: OrderStatus
  deliveryCode: string
  paymentCode: string
  fullname: string
  phone: string
  email: string
  address: OrderAddress | null
  customer: OrderCustomer | null
  comment: string
  promocode: string | null
  discount: number
  deliveryPrice: number
  lines: OrderLineDraft[]
  /** Minutes the unpaid order holds its stock (order-holds.ts); null = no hold. */
  holdMinutes?: number | null
}

function writeOrder(ctx: Ctx, tx: Tx, d: OrderDraft) {
  takeStock(ctx, tx, d.lines)
  const now = Date.now()
  const itemsTotal = d.lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0)
  const row = tx
    .insert(orders)
    .values({
      number: `tmp-${randomBytes(8).toString('hex')}`,
      userId: ctx.session.userId,
      sessionId: ctx.session.ensure().id,
      status: d.status,
      kind: d.kind,
      deliveryCode: d.deliveryCode,
      paymentCode: d.paymentCode,
      fullname: d.fullname,
      phone: d.phone,
      email: d.email,
      address: d.address,
      customer: d.customer,
      comment: d.comment,
      promocode: d.promocode,
      itemsTotal,
      discount: d.discount,
      deliveryPrice: d.deliveryPrice,
      total: itemsTotal - d.discount + d.deliveryPrice,
      holdUntil: d.holdMinutes ? now + d.holdMinutes * 60_000 : null,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: orders.id })
    .get()
  const number = orderNumber(row.id, now)
  tx.update(orders).set({ number }).where(eq(orders.id, row.id)).run()
  for (const l of d.lines) {
    const p = linePrice({ quantity: l.quantity, unitPrice: l.unitPrice, oldPrice: l.oldPrice })
    tx.insert(orderLines)
      .values({
        orderId: row.id,
        offerId: l.offerId,
        productId: l.productId,
        name: l.name,
        volume: l.volume,
        link: l.link,
        image: l.image,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        price: p.line.value,
        discount: p.line.discount,
      })
      .run()
  }
  tx.insert(orderStatusHistory)
    .values({ orderId: row.id, status: d.status, comment: statusComment(ctx, 'order.historyCreated'), createdAt: now })
    .run()
  return { id: row.id, number, status: d.status, total: itemsTotal - d.discount + d.deliveryPrice }
}

function pickMethod<T extends { id: number; code: string }>(list: T[], value: string | undefined): T | undefined {
  if (value === undefined) return undefined
  return list.find((m) => m.code === value || String(m.id) === value)
}

const fieldError = (status: 404 | 409 | 422, key: string, field: string) =>
  new AppError(status, key, {}, { errors: { [field]: key } })

/** Open orders nobody has confirmed yet (status `new`: one-click, pay on delivery) per caller and per phone. */
export const OPEN_UNCONFIRMED_MAX = 3

/**
 * One-click and pay-on-delivery orders take stock with nothing paid, until a manager confirms
 * them: at most MAX_UNPAID_LINE_QUANTITY of one item per line (409 naming the line), and at most
 * OPEN_UNCONFIRMED_MAX such orders open per session or account and per phone (429). Call inside
 * the order's IMMEDIATE transaction, so that parallel requests count each other.
 */
function checkUnconfirmedLimits(
  ctx: Ctx,
  tx: Tx,
  phone: string,
  lines: { offerId: number; name: string; quantity: number }[],
) {
  const max = MAX_UNPAID_LINE_QUANTITY
  for (const l of lines) {
    if (l.quantity > max) {
      const message = t(ctx.locale, 'order.lineCap', { name: l.name, max })
      throw conflict(
        'order.lineCap',
        { name: l.name, max },
        {
          id: l.offerId,
          line: { id: l.offerId, name: l.name, quantity: l.quantity, max },
          errors: { quantity: message },
        },
      )
    }
  }
  const open = (who: SQL | undefined) =>
    tx
      .select({ n: sql<number>`count(*)` })
      .from(orders)
      .where(and(eq(orders.status, 'new'), who))
      .get()?.n ?? 0
  const sessionId = ctx.session.ensure().id
  const userId = ctx.session.userId
  const mine =
    userId !== null ? or(eq(orders.sessionId, sessionId), eq(orders.userId, userId)) : eq(orders.sessionId, sessionId)
  if (open(mine) >= OPEN_UNCONFIRMED_MAX) throw new AppError(429, 'order.tooManyOpen', { max: OPEN_UNCONFIRMED_MAX })
  if (open(eq(orders.phone, phone)) >= OPEN_UNCONFIRMED_MAX) {
    const message = t(ctx.locale, 'order.tooManyOpenPhone', { max: OPEN_UNCONFIRMED_MAX })
    throw new AppError(429, 'order.tooManyOpenPhone', { max: OPEN_UNCONFIRMED_MAX }, { errors: { phone: message } })
  }
}

/** Checkout from the cart (online: card or invoice; offline: payment on delivery). */
export async function checkout(ctx: Ctx, input: CheckoutData, mode: 'online' | 'offline'): Promise<CheckoutResult> {
  const delivery = ctx.db.select().from(deliveryMethods).all()
  const paymentsAll = ctx.db.select().from(paymentMethods).all()
  const method = pickMethod(delivery, input.delivery)
  if (!method) throw fieldError(422, 'order.unknownDelivery', 'delivery')
  const pay = pickMethod(paymentsAll, input.payment ?? (mode === 'offline' ? 'cash' : 'card'))
  if (!pay) throw fieldError(422, 'order.unknownPayment', 'payment')
  const user = signedInUser(ctx)
  if (pay.legalOnly && user?.type !== 'legal') throw fieldError(422, 'order.invoiceLegalOnly', 'payment')
  // Online checkout takes what is paid before delivery (card, invoice); offline, what is paid on delivery.
  const paidBefore = pay.online || pay.legalOnly
  if (mode === 'online' && !paidBefore) throw fieldError(422, 'order.paymentNotOnline', 'payment')
  if (mode === 'offline' && paidBefore) throw fieldError(422, 'order.paymentNotOffline', 'payment')

  let address: OrderAddress | null = null
  if (method.code === PICKUP || !method.needsAddress) {
    if (method.code === PICKUP) {
      const point = ctx.db
        .select()
        .from(pickupPoints)
        .where(eq(pickupPoints.id, input.pickupPoint ?? 0))
        .get()
      if (!point) throw fieldError(422, 'order.unknownPickupPoint', 'pickupPoint')
      address = { full: `${point.title}, ${point.address}`, pickupPointId: point.id }
    }
  } else if (input.addressId) {
    const saved = user
      ? ctx.db
          .select()
          .from(userAddresses)
          .where(and(eq(userAddresses.id, input.addressId), eq(userAddresses.userId, user.id)))
          .get()
      : undefined
    if (!saved) throw fieldError(404, 'order.unknownAddress', 'addressId')
    address = {
      full: saved.full,
      postal: saved.postal,
      city: saved.city,
      street: saved.street,
      house: saved.house,
      flat: saved.flat,
      ...extrasOf(saved),
    }
  } else if (input.address) {
    address = { full: input.address, ...extrasOf(input) }
  } else {
    throw new AppError(422, 'api.validation', {}, { errors: { address: 'errors.required' } })
  }

  const customer: OrderCustomer | null =
    user?.type === 'legal'
      ? {
          type: 'legal',
          subtype: user.subtype,
          organization: user.organization,
          taxId: user.taxId,
          bic: user.bic,
          bankName: user.bankName,
          correspondentAccount: user.correspondentAccount,
          currentAccount: user.currentAccount,
        }
      : null

  const owner = ownerOf(ctx)
  const placed = ctx.db.transaction((tx) => {
    const cart = owner ? findCart(tx, owner) : undefined
    if (!cart) throw conflict('order.emptyCart')
    let state = cartState(ctx, tx, cart)
    if (!state.lines.length) throw conflict('order.emptyCart')
    // The customer is known now (the phone): first-order and per-customer promo rules.
    const account = signedInCustomer(ctx, tx)
    const customerIssue = state.promo
      ? customerProblem(tx, state.promo, {
          userId: ctx.session.userId,
          phones: [...new Set([input.phone, ...(account?.phones ?? [])])],
        })
      : null
    if (customerIssue) {
      tx.update(carts).set({ promocode: null, updatedAt: Date.now() }).where(eq(carts.id, cart.id)).run()
      const reason = t(ctx.locale, customerIssue.key, 'params' in customerIssue ? customerIssue.params : undefined)
      const fresh = cartState(ctx, tx, { ...cart, promocode: null })
      const promo = { code: cart.promocode ?? '', status: 'dropped' as const, reason }
      state = { ...fresh, cart: { ...fresh.cart, promo }, promoDropped: reason }
    }
    if (cart.promocode && !state.promo) {
      // The code stopped applying since the buyer saw the total: refuse rather than charge more
      // silently. The code leaves the cart (committed); the lines stay; the new total is in `cart`.
      return { refused: { code: cart.promocode, reason: state.promoDropped ?? '', cart: state.cart } }
    }
    const discount = state.cart.amount.promoDiscount
    const payable = state.cart.amount.price.value
    const deliveryPrice = deliveryPriceFor(method, payable)
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
    if (!paidBefore) checkUnconfirmedLimits(ctx, tx, input.phone, lines)
    const order = writeOrder(ctx, tx, {
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
      discount,
      deliveryPrice,
      lines,
      // Card: PAYMENT_HOLD_MINUTES; invoice: while the invoice is valid. Cancelled after (order-holds.ts).
      holdMinutes: paidBefore ? (pay.online ? env().PAYMENT_HOLD_MINUTES : INVOICE_VALID_DAYS * 24 * 60) : null,
    })
    if (state.promo) {
      const used = tx
        .update(promoCodes)
        .set({ usedCount: sql`${promoCodes.usedCount} + 1` })
        .where(
          and(
            eq(promoCodes.code, state.promo.code),
            sql`(${promoCodes.usageLimit} is null or ${promoCodes.usedCount} < ${promoCodes.usageLimit})`,
          ),
        )
        .run()
      if (used.changes !== 1)
        throw conflict('order.promoDropped', { code: state.promo.code, reason: t(ctx.locale, 'cart.promoExhausted') })
    }
    tx.delete(cartLines).where(eq(cartLines.cartId, cart.id)).run()
    tx.update(carts).set({ promocode: null, updatedAt: Date.now() }).where(eq(carts.id, cart.id)).run()
    return { order }
  }, IMMEDIATE)
  if (placed.refused) {
    const { code, reason, cart } = placed.refused
    const message = t(ctx.locale, 'order.promoDropped', { code, reason })
    throw conflict('order.promoDropped', { code, reason }, { cart, errors: { promocode: message } })
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

/** One product, one click: no cart involved; the manager calls back to agree delivery and payment. */
export function fastBuy(
  ctx: Ctx,
  input: { id: number; quantity: number; fullname: string; phone: string },
): CheckoutResult {
  const user = signedInUser(ctx)
  const created = ctx.db.transaction((tx) => {
    const offer = resolveOffer(ctx, tx, input.id)
    const row = tx
      .select({
        volume: productOffers.volume,
        price: productOffers.price,
        oldPrice: productOffers.oldPrice,
        name: products.name,
        slug: products.slug,
        image: products.image,
        sectionSlug: catalogSections.slug,
      })
      .from(productOffers)
      .innerJoin(products, eq(products.id, productOffers.productId))
      .innerJoin(catalogSections, eq(catalogSections.id, products.sectionId))
      .where(eq(productOffers.id, offer.id))
      .get()
    if (!row) throw notFound('cart.unknownProduct')
    checkUnconfirmedLimits(ctx, tx, input.phone, [{ offerId: offer.id, name: row.name, quantity: input.quantity }])
    return writeOrder(ctx, tx, {
      kind: 'fast-buy',
      status: 'new',
      deliveryCode: '',
      paymentCode: '',
      fullname: input.fullname || user?.fullname || '',
      phone: input.phone,
      email: user?.email ?? '',
      address: null,
      customer: null,
      comment: '',
      promocode: null,
      discount: 0,
      deliveryPrice: 0,
      lines: [
        {
          offerId: offer.id,
          productId: offer.productId,
          name: row.name,
          volume: row.volume,
          link: productLink(row.sectionSlug, row.slug),
          image: row.image.src,
          quantity: input.quantity,
          unitPrice: row.price,
          oldPrice: row.oldPrice,
        },
      ],
    })
  }, IMMEDIATE)
  return {
    success: true,
    message: t(ctx.locale, 'order.fastBuyCreated', { number: created.number }),
    order: { id: created.id, number: created.number, status: created.status, link: orderLink(created.id) },
  }
}

/* ---------- reading ---------- */

type OrderRow = typeof orders.$inferSelect

/** The caller's order: a user's by account, a guest's by the session that placed it; else 404. */
function ownOrder(ctx: Ctx, id: number, tx: Tx | Ctx['db'] = ctx.db): OrderRow {
  const userId = ctx.session.userId
  const sessionId = ctx.session.id
  const row = (tx as Tx).select().from(orders).where(eq(orders.id, id)).get()
  if (!row) throw notFound()
  const mine =
    row.userId !== null ? row.userId === userId : sessionId !== null && row.sessionId === sessionId && userId === null
  if (!mine) throw notFound()
  return row
}

/** Whether the caller may open this order's page (entity resolver). */
export function canSeeOrder(ctx: Ctx, id: number): boolean {
  try {
    ownOrder(ctx, id)
    return true
  } catch {
    return false
  }
}

/** The human number of an order (the page title); call after an access check. */
export function orderNumberOf(ctx: Ctx, id: number): string {
  return ctx.db.select({ number: orders.number }).from(orders).where(eq(orders.id, id)).get()?.number ?? ''
}

const statusLabel = (ctx: Ctx, s: OrderStatus) => t(ctx.locale, `order.status.${s}`)

export function listOrders(ctx: Ctx): { list: OrderListItem[] } {
  const userId = ctx.session.userId
  if (userId === null) throw unauthorized()
  const list = ctx.db
    .select({
      id: orders.id,
      number: orders.number,
      createdAt: orders.createdAt,
      status: orders.status,
      amount: orders.total,
      itemsCount: sql<number>`(select coalesce(sum(quantity), 0) from order_lines l where l.order_id = ${orders.id})`,
    })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .all()
  return {
    list: list.map((o) => ({
      ...o,
      itemsCount: Number(o.itemsCount),
      statusLabel: statusLabel(ctx, o.status),
      link: orderLink(o.id),
    })),
  }
}

export function getOrder(ctx: Ctx, id: number): OrderDetail {
  const o = ownOrder(ctx, id)
  const lines = ctx.db.select().from(orderLines).where(eq(orderLines.orderId, o.id)).orderBy(asc(orderLines.id)).all()
  const history = ctx.db
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, o.id))
    .orderBy(asc(orderStatusHistory.id))
    .all()
  const delivery = ctx.db.select().from(deliveryMethods).where(eq(deliveryMethods.code, o.deliveryCode)).get()
  const pay = ctx.db.select().from(paymentMethods).where(eq(paymentMethods.code, o.paymentCode)).get()
  const point = o.address?.pickupPointId ? pickupPointById(ctx, o.address.pickupPointId) : null
  const reason = o.cancelReasonId
    ? ctx.db.select().from(cancelReasons).where(eq(cancelReasons.id, o.cancelReasonId)).get()
    : undefined
  const isEn = en(ctx)
  const online = pay?.online ?? false
  const paid =
    ctx.db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.orderId, o.id), eq(payments.status, 'succeeded')))
      .get() !== undefined
  return {
    id: o.id,
    number: o.number,
    kind: o.kind,
    status: o.status,
    statusLabel: statusLabel(ctx, o.status),
    createdAt: o.createdAt,
    link: orderLink(o.id),
    fullname: o.fullname,
    phone: o.phone,
    email: o.email,
    comment: o.comment,
    items: lines.map((l) => {
      const unitDiscount = l.quantity > 0 ? Math.round(l.discount / l.quantity) : 0
      return {
        id: l.offerId,
        productId: l.productId,
        name: l.name,
        volume: l.volume,
        link: l.link,
        image: { src: l.image, width: 600, height: 600, alt: l.name },
        quantity: l.quantity,
        price: { value: l.price, discount: l.discount },
        unitPrice: { value: l.unitPrice, discount: unitDiscount },
      }
    }),
    delivery: {
      code: o.deliveryCode,
      title: delivery ? (isEn ? delivery.titleEn : delivery.title) : '',
      price: o.deliveryPrice,
    },
    payment: { code: o.paymentCode, title: pay ? (isEn ? pay.titleEn : pay.title) : '', online, paid },
    address:
      o.address && !o.address.pickupPointId
        ? { full: o.address.full, postal: o.address.postal, city: o.address.city, ...extrasOf(o.address) }
        : null,
    pickupPoint: point,
    promocode: o.promocode,
    amount: {
      quantity: lines.reduce((s, l) => s + l.quantity, 0),
      items: o.itemsTotal,
      discount: o.discount,
      delivery: o.deliveryPrice,
      total: o.total,
    },
    history: history.map((h) => ({
      status: h.status,
      label: statusLabel(ctx, h.status),
      // stored in Russian: read back to its message key for an English page (issue 17)
      comment: historyCommentText(ctx.locale, h.comment, (name, value) =>
        name === 'reason' ? cancelReasonEn(ctx, value) : value,
      ),
      createdAt: h.createdAt,
    })),
    cancelReason: reason ? cancelReasonText(ctx, reason, history) : null,
    canCancel: canCancel(o.status),
    // Past its hold the order is about to be cancelled (order-holds.ts): no new payment for it.
    canPay: online && o.status === 'awaiting-payment' && (o.holdUntil === null || o.holdUntil > Date.now()),
    holdUntil: o.status === 'awaiting-payment' ? o.holdUntil : null,
    // A cancelled order's invoice is void: not offered (its page still opens, marked, for the records).
    invoiceLink: pay?.legalOnly && o.status !== 'cancelled' ? invoiceLink(o.id) : null,
  }
}

/* ---------- cancel ---------- */

/** The reason as shown, with the customer's own words when they wrote them (kept in the history comment). */
function cancelReasonText(
  ctx: Ctx,
  reason: { title: string; titleEn: string },
  history: { status: string; comment: string }[],
): string {
  const title = en(ctx) ? reason.titleEn : reason.title
  const prefix = statusComment(ctx, 'order.historyCancelledOwn', { reason: reason.title, text: '' })
  const own = history.findLast((h) => h.status === 'cancelled' && h.comment.startsWith(prefix))
  return own ? `${title} — ${own.comment.slice(prefix.length)}` : title
}

export async function cancelOrder(
  ctx: Ctx,
  input: { id: number; reason: number; comment?: string },
): Promise<{ success: true; message: string; order: OrderDetail }> {
  const own = (input.comment ?? '').trim()
  const reason = ctx.db.select().from(cancelReasons).where(eq(cancelReasons.id, input.reason)).get()
  const refundIds = ctx.db.transaction((tx) => {
    const o = ownOrder(ctx, input.id, tx)
    if (!canCancel(o.status)) throw conflict('order.cannotCancel')
    if (!reason) throw new AppError(422, 'order.unknownReason', {}, { errors: { reason: 'order.unknownReason' } })
    // The dialog asks for the customer's words with "Другая причина"; the API keeps the contract's
    // `{id, reason}` working without them (api-contract.md), so they are optional here.
    // Stock and the promo use back, pending payments declined: the same as a cancel from 1C.
    releaseOrder(tx, o)
    const now = Date.now()
    tx.update(orders)
      .set({ status: 'cancelled', cancelReasonId: reason.id, holdUntil: null, updatedAt: now })
      .where(eq(orders.id, o.id))
      .run()
    tx.insert(orderStatusHistory)
      .values({
        orderId: o.id,
        status: 'cancelled',
        comment: own
          ? statusComment(ctx, 'order.historyCancelledOwn', { reason: reason.title, text: own })
          : statusComment(ctx, 'order.historyCancelled', { reason: reason.title }),
        createdAt: now,
      })
      .run()
    // Paid: a refund row per payment (with its idempotence key) and a history line, in this
    // transaction; the acquirer is asked after the commit and a failure never blocks the cancel.
    return queueRefunds(tx, o.id, 'cancelled')
  }, IMMEDIATE)
  // The goods are back on sale: "Сообщить о поступлении" alerts go out.
  stockMayHaveReturned(ctx.db)
  await processRefunds(ctx.db, refundIds)
  const order = getOrder(ctx, input.id)
  return { success: true, message: t(ctx.locale, 'order.cancelled', { number: order.number }), order }
}

/* ---------- payment (server/services/payments.ts) ---------- */

export { handlePaymentNotification, retryPendingRefunds, testPaymentInfo } from './payments'

export async function payOrder(
  ctx: Ctx,
  input: { id: number },
): Promise<{ success: true; message: string; payment: { url: string } }> {
  const o = ownOrder(ctx, input.id)
  const pay = ctx.db.select().from(paymentMethods).where(eq(paymentMethods.code, o.paymentCode)).get()
  // Past its hold the order is about to be cancelled (order-holds.ts): no new payment for it.
  const held = o.holdUntil === null || o.holdUntil > Date.now()
  if (!pay?.online || o.status !== 'awaiting-payment' || !held) throw conflict('order.cannotPay')
  // The acquirer refused or is down (logged by startPayment): the order stays payable.
  const url = await startPayment(ctx, o.id).catch((e: unknown) => {
    if (e instanceof AppError) throw e
    throw conflict('order.paymentFailed')
  })
  return { success: true, message: t(ctx.locale, 'order.paymentCreated'), payment: { url } }
}

/* ---------- invoice ---------- */

/**
 * The invoice (счёт на оплату) of an order paid by invoice. The shop is on the simplified tax
 * system, so the VAT line reads "Без налога (НДС)"; change VAT_NOTE when that changes.
 */
const VAT_NOTE = 'Без налога (НДС)'
const INVOICE_VALID_DAYS = 5

export function invoiceData(ctx: Ctx, id: number) {
  const o = ownOrder(ctx, id)
  const pay = ctx.db
    .select({ legalOnly: paymentMethods.legalOnly })
    .from(paymentMethods)
    .where(eq(paymentMethods.code, o.paymentCode))
    .get()
  if (!pay?.legalOnly) throw notFound()
  const lines = ctx.db
    .select({
      name: orderLines.name,
      volume: orderLines.volume,
      quantity: orderLines.quantity,
      unitPrice: orderLines.unitPrice,
      price: orderLines.price,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, o.id))
    .orderBy(asc(orderLines.id))
    .all()
  const rows = lines.map((l) => ({
    name: `${l.name}, ${l.volume} мл`,
    quantity: l.quantity,
    unit: 'шт.',
    price: l.unitPrice,
    sum: l.price,
  }))
  if (o.discount > 0)
    rows.push({
      name: `Скидка по промокоду ${o.promocode ?? ''}`.trim(),
      quantity: 1,
      unit: 'усл.',
      price: -o.discount,
      sum: -o.discount,
    })
  if (o.deliveryPrice > 0)
    rows.push({ name: 'Доставка', quantity: 1, unit: 'усл.', price: o.deliveryPrice, sum: o.deliveryPrice })
  return {
    number: o.number,
    createdAt: o.createdAt,
    validUntil: o.createdAt + INVOICE_VALID_DAYS * 24 * 3600 * 1000,
    orderLink: orderLink(o.id),
    status: o.status,
    /** The order was cancelled: the invoice is void and says so on screen and in print. */
    void: o.status === 'cancelled',
    seller: shopRequisites,
    customer: {
      organization: o.customer?.organization || o.fullname,
      taxId: o.customer?.taxId ?? '',
      bic: o.customer?.bic ?? '',
      bankName: o.customer?.bankName ?? '',
      correspondentAccount: o.customer?.correspondentAccount ?? '',
      currentAccount: o.customer?.currentAccount ?? '',
      address: o.address?.full ?? '',
      phone: o.phone,
      email: o.email,
    },
    rows,
    total: o.total,
    vatNote: VAT_NOTE,
    totalWords: roublesInWords(o.total),
  }
}
export type InvoiceData = ReturnType<typeof invoiceData>
