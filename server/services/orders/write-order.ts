import { randomBytes } from 'node:crypto'
import { and, count, eq, inArray, or, sum, type SQL } from 'drizzle-orm'
import type { Ctx } from '../../context'
import { orderLines, orderStatusHistory, orders, type OrderAddress, type OrderCustomer } from '../../../db/schema'
import { AppError, conflict } from '../../errors'
import { linePrice, MAX_UNPAID_LINE_QUANTITY } from '../../contracts/cart'
import { orderNumber, type OrderStatus } from '../../contracts/orders'
import type { Tx } from '../../../db/engine'
import { statusComment } from './shared'
import { takeStock } from './stock'

/**
 * Writing an order (API §8), shared by the checkout and the one-click order: inside the caller's
 * IMMEDIATE transaction it takes the stock, writes the order with its lines and first status.
 */

export interface OrderLineDraft {
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

export interface OrderDraft {
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
  /** Orders paid only after they are handed over: `pending` until confirmed (phone by SMS, or 1C); null = not asked. */
  confirmation: 'pending' | 'phone' | null
}

/** The order's session, ensured before the transaction (checkout: the cart's; fastBuy ensures it). */
function ensuredSessionId(ctx: Ctx): string {
  const id = ctx.session.id
  if (id === null) throw new Error('The session must be ensured before the order transaction')
  return id
}

export async function writeOrder(ctx: Ctx, tx: Tx, d: OrderDraft) {
  await takeStock(tx, d.lines)
  const now = Date.now()
  const itemsTotal = d.lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0)
  const [row] = await tx
    .insert(orders)
    .values({
      number: `tmp-${randomBytes(8).toString('hex')}`,
      userId: ctx.session.userId,
      sessionId: ensuredSessionId(ctx),
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
      confirmation: d.confirmation,
      clientKey: ctx.clientIp,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: orders.id })
  const id = row!.id
  const number = orderNumber(id, now)
  await tx.update(orders).set({ number }).where(eq(orders.id, id))
  for (const l of d.lines) {
    const p = linePrice({ quantity: l.quantity, unitPrice: l.unitPrice, oldPrice: l.oldPrice })
    await tx.insert(orderLines).values({
      orderId: id,
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
  }
  await tx
    .insert(orderStatusHistory)
    .values({ orderId: id, status: d.status, comment: statusComment('order.historyCreated'), createdAt: now })
  return { id, number, status: d.status, total: itemsTotal - d.discount + d.deliveryPrice }
}

/**
 * The options of an order's transaction: immediate, and on PostgreSQL the advisory locks of what
 * it counts before it writes (ADR 050): the caller's session and account (its cart, its open
 * orders), the phone and the client address (the caps below). Stock and a promo code's total uses
 * are bounded in their own conditional updates; a code's per-customer rules lock the code
 * (`lockKeys` in the checkout, once the cart named it).
 */
export function orderLocks(ctx: Ctx, phone: string) {
  const { id, userId } = ctx.session
  const locks = [`phone:${phone}`, `ip:${ctx.clientIp}`]
  if (id !== null) locks.push(`session:${id}`)
  if (userId !== null) locks.push(`user:${userId}`)
  return { behavior: 'immediate', locks } as const
}

/** Open unconfirmed orders per session or account, per phone and per client address. */
export const OPEN_UNCONFIRMED_MAX = 3
/** Pieces of one product in the open unconfirmed orders of one client address. */
export const ADDRESS_UNITS_MAX = 10

/**
 * An order nobody has confirmed yet (issue 25): nothing paid, placed so (one-click, on delivery,
 * invoice), the phone not confirmed by SMS and not taken by 1C, and still open.
 */
export const openUnconfirmed = and(
  eq(orders.confirmation, 'pending'),
  inArray(orders.status, ['new', 'awaiting-payment']),
)

/**
 * Orders paid only after they are handed over take stock with nothing paid. Inside the order's
 * IMMEDIATE transaction (so that parallel requests count each other):
 * - one-click and pay on delivery (`new`): at most MAX_UNPAID_LINE_QUANTITY of one item per line (409 naming the line);
 * - unless the phone was confirmed with the shop's SMS code: at most OPEN_UNCONFIRMED_MAX open
 *   unconfirmed orders per session or account, per phone and per client address (IPv4, or an
 *   IPv6 /64: `ctx.clientIp`), and at most ADDRESS_UNITS_MAX pieces of one product in those of
 *   one address, whatever the cookies and phones (429 saying to confirm by SMS or to call).
 */
export async function checkUnconfirmedLimits(
  ctx: Ctx,
  tx: Tx,
  phone: string,
  lines: { offerId: number; productId: number; name: string; quantity: number }[],
  order: { status: 'new' | 'awaiting-payment'; confirmed: boolean },
) {
  const max = MAX_UNPAID_LINE_QUANTITY
  for (const l of order.status === 'new' ? lines : []) {
    if (l.quantity > max) {
      const params = { name: l.name, max }
      throw conflict('order.lineCap', params, {
        id: l.offerId,
        line: { id: l.offerId, name: l.name, quantity: l.quantity, max },
        errors: { quantity: { key: 'order.lineCap', params } },
      })
    }
  }
  if (order.confirmed) return
  const open = async (who: SQL | undefined) => {
    const [row] = await tx.select({ n: count() }).from(orders).where(and(openUnconfirmed, who))
    return row?.n ?? 0
  }
  const sessionId = ensuredSessionId(ctx)
  const userId = ctx.session.userId
  const mine =
    userId !== null ? or(eq(orders.sessionId, sessionId), eq(orders.userId, userId)) : eq(orders.sessionId, sessionId)
  if ((await open(mine)) >= OPEN_UNCONFIRMED_MAX)
    throw new AppError(429, 'order.tooManyOpen', { max: OPEN_UNCONFIRMED_MAX })
  if ((await open(eq(orders.phone, phone))) >= OPEN_UNCONFIRMED_MAX) {
    const tooMany = { key: 'order.tooManyOpenPhone', params: { max: OPEN_UNCONFIRMED_MAX } }
    throw new AppError(429, tooMany.key, tooMany.params, { errors: { phone: tooMany } })
  }
  // One address, whatever its cookies and phones.
  const fromHere = eq(orders.clientKey, ctx.clientIp)
  if ((await open(fromHere)) >= OPEN_UNCONFIRMED_MAX)
    throw new AppError(429, 'order.tooManyOpenAddress', { max: OPEN_UNCONFIRMED_MAX })
  const wanted = new Map<number, { name: string; quantity: number; offerId: number }>()
  for (const l of lines) {
    const w = wanted.get(l.productId)
    wanted.set(l.productId, { name: l.name, offerId: l.offerId, quantity: (w?.quantity ?? 0) + l.quantity })
  }
  for (const [productId, w] of wanted) {
    const [row] = await tx
      .select({ n: sum(orderLines.quantity) })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(openUnconfirmed, fromHere, eq(orderLines.productId, productId)))
    const held = Number(row?.n ?? 0)
    if (held + w.quantity > ADDRESS_UNITS_MAX) {
      const params = { name: w.name, max: ADDRESS_UNITS_MAX, held }
      const key = 'order.addressUnitsCap'
      throw new AppError(429, key, params, {
        id: w.offerId,
        line: { id: w.offerId, name: w.name, quantity: w.quantity, max: ADDRESS_UNITS_MAX, held },
        errors: { quantity: { key, params } },
      })
    }
  }
}
