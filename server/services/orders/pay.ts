import { eq } from 'drizzle-orm'
import type { Ctx } from '../../context'
import { paymentMethods } from '../../../db/schema'
import { AppError, conflict } from '../../errors'
import { t } from '../../contracts/i18n'
import { startPayment } from '../payments'
import { ownOrder } from './shared'

/** "Pay" on an unpaid online order's page: the open payment's page, or a new payment (services/payments). */
export async function payOrder(
  ctx: Ctx,
  input: { id: number },
): Promise<{ success: true; message: string; payment: { url: string } }> {
  const o = await ownOrder(ctx, input.id)
  const [pay] = await ctx.db.select().from(paymentMethods).where(eq(paymentMethods.code, o.paymentCode))
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
