import { and, asc, desc, eq, sql } from 'drizzle-orm'
import type { Ctx } from '../../context'
import {
  cancelReasons,
  deliveryMethods,
  orderLines,
  orderStatusHistory,
  orders,
  paymentMethods,
  payments,
} from '../../../db/schema'
import { unauthorized } from '../../errors'
import { localizedText } from '../../contracts/localized'
import { canCancel, invoiceLink, orderLink, type OrderDetail, type OrderListItem } from '../../contracts/orders'
import { historyCommentText } from '../order-history-text'
import { pickupPointById } from '../pickup-points'
import { cancelReasonTitle } from './dictionaries'
import { extrasOf, isOwnOrder, ownOrder, statusComment, statusLabel } from './shared'

/** Reading orders: the customer's list, one order's page, and the entity resolver's checks. */

/** Whether the caller may open this order's page (entity resolver). */
export async function canSeeOrder(ctx: Ctx, id: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ userId: orders.userId, sessionId: orders.sessionId })
    .from(orders)
    .where(eq(orders.id, id))
  return row !== undefined && isOwnOrder(ctx, row)
}

/** The human number of an order (the page title); call after an access check. */
export async function orderNumberOf(ctx: Ctx, id: number): Promise<string> {
  const [row] = await ctx.db.select({ number: orders.number }).from(orders).where(eq(orders.id, id))
  return row?.number ?? ''
}

export async function listOrders(ctx: Ctx): Promise<{ list: OrderListItem[] }> {
  const userId = ctx.session.userId
  if (userId === null) throw unauthorized()
  const list = await ctx.db
    .select({
      id: orders.id,
      number: orders.number,
      createdAt: orders.createdAt,
      status: orders.status,
      amount: orders.total,
      itemsCount: sql<number>`coalesce(sum(${orderLines.quantity}), 0)`,
    })
    .from(orders)
    .leftJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(eq(orders.userId, userId))
    .groupBy(orders.id)
    .orderBy(desc(orders.createdAt), desc(orders.id))
  return {
    list: list.map((o) => ({
      ...o,
      itemsCount: Number(o.itemsCount),
      statusLabel: statusLabel(ctx, o.status),
      link: orderLink(o.id),
    })),
  }
}

/** The reason as shown, with the customer's own words when they wrote them (kept in the history comment). */
function cancelReasonText(
  ctx: Ctx,
  reason: { title: string; titleEn: string },
  history: { status: string; comment: string }[],
): string {
  const title = localizedText(reason, 'title', ctx.locale)
  const prefix = statusComment('order.historyCancelledOwn', { reason: reason.title, text: '' })
  const own = history.findLast((h) => h.status === 'cancelled' && h.comment.startsWith(prefix))
  return own ? `${title} — ${own.comment.slice(prefix.length)}` : title
}

/** The cancel reasons (stored in Russian) that the history's comments name, in the caller's language. */
async function reasonTitles(ctx: Ctx, comments: string[]): Promise<Map<string, string>> {
  const titles = new Map<string, string>()
  for (const c of comments)
    historyCommentText(ctx.locale, c, (name, value) => {
      if (name === 'reason') titles.set(value, value)
      return value
    })
  for (const title of titles.keys()) titles.set(title, await cancelReasonTitle(ctx, title))
  return titles
}

export async function getOrder(ctx: Ctx, id: number): Promise<OrderDetail> {
  const o = await ownOrder(ctx, id)
  const lines = await ctx.db.select().from(orderLines).where(eq(orderLines.orderId, o.id)).orderBy(asc(orderLines.id))
  const history = await ctx.db
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, o.id))
    .orderBy(asc(orderStatusHistory.id))
  const [delivery] = await ctx.db.select().from(deliveryMethods).where(eq(deliveryMethods.code, o.deliveryCode))
  const [pay] = await ctx.db.select().from(paymentMethods).where(eq(paymentMethods.code, o.paymentCode))
  const point = o.address?.pickupPointId ? await pickupPointById(ctx, o.address.pickupPointId) : null
  const [reason] = o.cancelReasonId
    ? await ctx.db.select().from(cancelReasons).where(eq(cancelReasons.id, o.cancelReasonId))
    : []
  const online = pay?.online ?? false
  const [succeeded] = await ctx.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, o.id), eq(payments.status, 'succeeded')))
    .limit(1)
  const paid = succeeded !== undefined
  // Not yet paid nor handled: the hold and the confirmation matter (order-holds.ts, confirm.ts).
  const open = o.status === 'awaiting-payment' || o.status === 'new'
  const cancelRequested = o.cancelRequestedAt !== null && canCancel(o.status)
  const reasons = await reasonTitles(
    ctx,
    history.map((h) => h.comment),
  )
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
      title: delivery ? localizedText(delivery, 'title', ctx.locale) : '',
      price: o.deliveryPrice,
    },
    payment: { code: o.paymentCode, title: pay ? localizedText(pay, 'title', ctx.locale) : '', online, paid },
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
        name === 'reason' ? (reasons.get(value) ?? value) : value,
      ),
      createdAt: h.createdAt,
    })),
    cancelReason: reason ? cancelReasonText(ctx, reason, history) : null,
    canCancel: canCancel(o.status) && !cancelRequested,
    // Past its hold the order is about to be cancelled (order-holds.ts): no new payment for it.
    canPay: online && o.status === 'awaiting-payment' && (o.holdUntil === null || o.holdUntil > Date.now()),
    holdUntil: open ? o.holdUntil : null,
    confirmation: !open || o.confirmation === null ? null : o.confirmation === 'pending' ? 'awaiting' : 'confirmed',
    cancelRequested,
    // A cancelled order's invoice is void: not offered (its page still opens, marked, for the records).
    invoiceLink: pay?.legalOnly && o.status !== 'cancelled' ? invoiceLink(o.id) : null,
  }
}
