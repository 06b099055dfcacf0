import { asc, eq } from 'drizzle-orm'
import type { DB } from '../../../db/client'
import { deliveryMethods, orderLines, orders } from '../../../db/schema'
import { notFound } from '../../errors'
import { buildReceipt } from '../../providers/payment/receipt'
import type { ReceiptData } from '../../providers/payment/types'
import type { Tx } from '../cart'

/** The 54-FZ receipt of an order, sent with a payment and with a refund. */
export function orderReceipt(db: DB | Tx, orderId: number): ReceiptData {
  const o = (db as DB)
    .select({
      email: orders.email,
      phone: orders.phone,
      discount: orders.discount,
      deliveryPrice: orders.deliveryPrice,
      deliveryCode: orders.deliveryCode,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .get()
  if (!o) throw notFound()
  const lines = (db as DB)
    .select({
      name: orderLines.name,
      volume: orderLines.volume,
      quantity: orderLines.quantity,
      price: orderLines.price,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id))
    .all()
  const delivery = o.deliveryCode
    ? (db as DB)
        .select({ title: deliveryMethods.title })
        .from(deliveryMethods)
        .where(eq(deliveryMethods.code, o.deliveryCode))
        .get()
    : undefined
  return buildReceipt({ ...o, lines, deliveryTitle: delivery?.title ?? '' })
}
