import { asc, eq } from 'drizzle-orm'
import type { DB } from '../../../db/client'
import { deliveryMethods, orderLines, orders } from '../../../db/schema'
import { notFound } from '../../errors'
import { buildReceipt } from '../../providers/payment/receipt'
import type { ReceiptData } from '../../providers/payment/types'

/** The 54-FZ receipt of an order, sent with a payment and with a refund. */
export async function orderReceipt(db: DB, orderId: number): Promise<ReceiptData> {
  const [o] = await db
    .select({
      email: orders.email,
      phone: orders.phone,
      discount: orders.discount,
      deliveryPrice: orders.deliveryPrice,
      deliveryCode: orders.deliveryCode,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
  if (!o) throw notFound()
  const lines = await db
    .select({
      name: orderLines.name,
      volume: orderLines.volume,
      quantity: orderLines.quantity,
      price: orderLines.price,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id))
  const [delivery] = o.deliveryCode
    ? await db
        .select({ title: deliveryMethods.title })
        .from(deliveryMethods)
        .where(eq(deliveryMethods.code, o.deliveryCode))
    : []
  return buildReceipt({ ...o, lines, deliveryTitle: delivery?.title ?? '' })
}
