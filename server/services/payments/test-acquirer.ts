import { and, eq } from 'drizzle-orm'
import type { Ctx } from '../../context'
import { orders, payments } from '../../../db/schema'
import { orderLink } from '../../contracts/orders'

/** The test acquirer's confirmation page data (no ownership check: the payment id is the secret). */
export async function testPaymentInfo(ctx: Ctx, paymentId: string) {
  const [p] = await ctx.db
    .select({
      id: payments.id,
      amount: payments.amount,
      status: payments.status,
      provider: payments.provider,
      orderId: payments.orderId,
      number: orders.number,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.id, paymentId), eq(payments.provider, 'test')))
  return p ? { ...p, returnUrl: orderLink(p.orderId) } : null
}
