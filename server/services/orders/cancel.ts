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

/** The customer's cancel (API §8): the same bookkeeping as a cancel from 1C (order-status.ts). */
export async function cancelOrder(
  ctx: Ctx,
  input: { id: number; reason: number; comment?: string },
): Promise<{ success: true; message: string; order: OrderDetail }> {
  const own = (input.comment ?? '').trim()
  const [reason] = await ctx.db.select().from(cancelReasons).where(eq(cancelReasons.id, input.reason))
  const refundIds = await transaction(
    ctx.db,
    async (tx) => {
      const o = await ownOrder(ctx, input.id, tx)
      if (!canCancel(o.status)) throw conflict('order.cannotCancel')
      if (!reason) throw new AppError(422, 'order.unknownReason', {}, { errors: { reason: 'order.unknownReason' } })
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
      return await queueRefunds(tx, o.id, 'cancelled')
    },
    IMMEDIATE,
  )
  // The goods are back on sale: "Сообщить о поступлении" alerts go out.
  stockMayHaveReturned(ctx.db)
  await processRefunds(ctx.db, refundIds)
  const order = await getOrder(ctx, input.id)
  return { success: true, message: t(ctx.locale, 'order.cancelled', { number: order.number }), order }
}
