import { randomBytes } from 'node:crypto'
import { and, count, eq, or, type SQL } from 'drizzle-orm'
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

/** Open orders nobody has confirmed yet (status `new`: one-click, pay on delivery) per caller and per phone. */
export const OPEN_UNCONFIRMED_MAX = 3

/**
 * One-click and pay-on-delivery orders take stock with nothing paid, until a manager confirms
 * them: at most MAX_UNPAID_LINE_QUANTITY of one item per line (409 naming the line), and at most
 * OPEN_UNCONFIRMED_MAX such orders open per session or account and per phone (429). Call inside
 * the order's IMMEDIATE transaction, so that parallel requests count each other.
 */
export async function checkUnconfirmedLimits(
  ctx: Ctx,
  tx: Tx,
  phone: string,
  lines: { offerId: number; name: string; quantity: number }[],
) {
  const max = MAX_UNPAID_LINE_QUANTITY
  for (const l of lines) {
    if (l.quantity > max) {
      const params = { name: l.name, max }
      throw conflict('order.lineCap', params, {
        id: l.offerId,
        line: { id: l.offerId, name: l.name, quantity: l.quantity, max },
        errors: { quantity: { key: 'order.lineCap', params } },
      })
    }
  }
  const open = async (who: SQL | undefined) => {
    const [row] = await tx
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.status, 'new'), who))
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
}
