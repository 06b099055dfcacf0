import { eq } from 'drizzle-orm'
import { transaction } from '../../../db/engine'
import type { Ctx } from '../../context'
import { cancelReasons, orderStatusHistory, orders } from '../../../db/schema'
import { AppError, conflict } from '../../errors'
import { t } from '../../contracts/i18n'
import { canCancel, type OrderDetail } from '../../contracts/orders'
import { releaseOrder } from '../order-status'
import { processRefunds, queueRefunds } from '../payments'
import { stockMayHaveReturned } from '../stock-alerts'
import { getOrder } from './reading'
import { IMMEDIATE, ownOrder, statusComment } from './shared'

/**
 * The customer's cancel (API §8): the same bookkeeping as a cancel from 1C (order-status.ts).
 * Once 1C has taken the order it is a request instead (ADR 039): nothing is returned or refunded
 * until the back office answers.
 */
export async function cancelOrder(
  ctx: Ctx,
  input: { id: number; reason: number; comment?: string },
): Promise<{ success: true; message: string; order: OrderDetail }> {
  const own = (input.comment ?? '').trim()
  const [reason] = await ctx.db.select().from(cancelReasons).where(eq(cancelReasons.id, input.reason))
  const outcome = await transaction(
    ctx.db,
    async (tx) => {
      const o = await ownOrder(ctx, input.id, tx)
      if (!canCancel(o.status)) throw conflict('order.cannotCancel')
      if (!reason) throw new AppError(422, 'order.unknownReason', {}, { errors: { reason: 'order.unknownReason' } })
      if (o.exportedAt !== null) {
        // 1C has taken the order (issue 25 §5): the goods may be packed, the money is the shop's to
        // return. The cancel is a request the back office answers (cancelled from 1C: stock back and
        // refund through order-status.ts; or it goes on). updated_at sends it to 1C with the next query.
        if (o.cancelRequestedAt !== null) throw conflict('order.cancelAlreadyRequested')
        const now = Date.now()
        await tx
          .update(orders)
          .set({ cancelRequestedAt: now, cancelReasonId: reason.id, updatedAt: now })
          .where(eq(orders.id, o.id))
        await tx.insert(orderStatusHistory).values({
          orderId: o.id,
          status: o.status,
          comment: own
            ? statusComment('order.historyCancelRequestedOwn', { reason: reason.title, text: own })
            : statusComment('order.historyCancelRequested', { reason: reason.title }),
          createdAt: now,
        })
        return { requested: true as const }
      }
      // The dialog asks for the customer's words with "Другая причина"; the API keeps the contract's
      // `{id, reason}` working without them (api-contract.md), so they are optional here.
      // Stock and the promo use back, pending payments declined: the same as a cancel from 1C.
      await releaseOrder(tx, o)
      const now = Date.now()
      await tx
        .update(orders)
        .set({ status: 'cancelled', cancelReasonId: reason.id, holdUntil: null, updatedAt: now })
        .where(eq(orders.id, o.id))
      await tx.insert(orderStatusHistory).values({
        orderId: o.id,
        status: 'cancelled',
        comment: own
          ? statusComment('order.historyCancelledOwn', { reason: reason.title, text: own })
          : statusComment('order.historyCancelled', { reason: reason.title }),
        createdAt: now,
      })
      // Paid: a refund row per payment (with its idempotence key) and a history line, in this
      // transaction; the acquirer is asked after the commit and a failure never blocks the cancel.
      return { refundIds: await queueRefunds(tx, o.id, 'cancelled') }
    },
    IMMEDIATE,
  )
  if ('requested' in outcome) {
    const order = await getOrder(ctx, input.id)
    return { success: true, message: t(ctx.locale, 'order.cancelRequested', { number: order.number }), order }
  }
  const { refundIds } = outcome
  // The goods are back on sale: "Сообщить о поступлении" alerts go out.
  stockMayHaveReturned(ctx.db)
  await processRefunds(ctx.db, refundIds)
  const order = await getOrder(ctx, input.id)
  return { success: true, message: t(ctx.locale, 'order.cancelled', { number: order.number }), order }
}
