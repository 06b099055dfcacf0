import { eq } from 'drizzle-orm'
import type { DB } from '../../../db/client'
import { transaction } from '../../../db/engine'
import { orderStatusHistory, orders, payments } from '../../../db/schema'
import { notFound } from '../../errors'
import type { AcquirerPayment } from '../../providers/payment/types'
import { notifyStatus, type StatusNotice } from '../order-notify'
import { queueRefunds } from './refunds'
import { comment, IMMEDIATE, type PaymentRow } from './shared'

/** What an acquirer-verified payment means for our row: the amount must be ours to the kopeck. */
export function outcomeOf(p: PaymentRow, ap: AcquirerPayment): 'pending' | 'succeeded' | 'declined' | 'mismatch' {
  if (ap.status === 'canceled') return 'declined'
  if (ap.status !== 'succeeded') return 'pending'
  if (!ap.paid || ap.amount !== p.amount * 100 || ap.currency !== 'RUB') return 'mismatch'
  return 'succeeded'
}

/**
 * Applies an outcome to a payment and its order in one transaction; idempotent. A payment
 * already settled changes nothing — except, for an acquirer-verified success, a payment the shop
 * itself marked declined when the order was cancelled: the money did arrive, so it is recorded
 * and refunded. Answers the payment's status and whether anything changed.
 */
export async function settle(
  db: DB,
  paymentId: string,
  outcome: 'succeeded' | 'declined',
  opts: { fromAcquirer?: boolean } = {},
): Promise<{ status: string; changed: boolean; refundIds: number[] }> {
  const result = await transaction(
    db,
    async (tx) => {
      const [p] = await tx.select().from(payments).where(eq(payments.id, paymentId))
      if (!p) throw notFound('payment.unknown')
      const lateSuccess = opts.fromAcquirer && outcome === 'succeeded' && p.status === 'declined'
      if (p.status !== 'pending' && !lateSuccess) return { status: p.status, changed: false, refundIds: [] }
      const now = Date.now()
      await tx.update(payments).set({ status: outcome, updatedAt: now }).where(eq(payments.id, p.id))
      const [o] = await tx
        .select({
          id: orders.id,
          number: orders.number,
          status: orders.status,
          fullname: orders.fullname,
          phone: orders.phone,
          email: orders.email,
        })
        .from(orders)
        .where(eq(orders.id, p.orderId))
      const refundIds: number[] = []
      let notice: StatusNotice | null = null
      if (o && outcome === 'succeeded') {
        if (o.status === 'awaiting-payment') {
          await tx.update(orders).set({ status: 'paid', holdUntil: null, updatedAt: now }).where(eq(orders.id, o.id))
          await tx
            .insert(orderStatusHistory)
            .values({ orderId: o.id, status: 'paid', comment: comment('order.historyPaid'), createdAt: now })
          const { id: orderId, number, fullname, phone, email } = o
          notice = { orderId, number, status: 'paid', fullname, phone, email, refund: false }
        } else {
          // Paid after a cancel (or twice through two payments): the money goes back.
          await tx
            .insert(orderStatusHistory)
            .values({ orderId: o.id, status: o.status, comment: comment('order.historyLatePayment'), createdAt: now })
          refundIds.push(...(await queueRefunds(tx, o.id, o.status, [p.id])))
        }
      } else if (o) {
        await tx
          .insert(orderStatusHistory)
          .values({ orderId: o.id, status: o.status, comment: comment('order.historyDeclined'), createdAt: now })
      }
      return { status: outcome, changed: true, refundIds, notice }
    },
    IMMEDIATE,
  )
  // The customer hears of the payment the way they hear of every status (order-status.ts), after the commit.
  if ('notice' in result && result.notice) void notifyStatus(db, result.notice)
  return { status: result.status, changed: result.changed, refundIds: result.refundIds }
}
