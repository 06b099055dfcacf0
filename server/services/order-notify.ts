import { eq } from 'drizzle-orm'
import type { DB } from '../../db/client'
import { siteOptions } from '../../db/schema'
import { registerMessages, t } from '../contracts/i18n'
import { orderLink, type OrderStatus } from '../contracts/orders'
import { smsProvider } from '../providers/sms'
import { mailProvider } from '../providers/mail'
import { env } from '../env'
import { log } from '../logger'

/**
 * Telling the customer of an order's new status (`paid`, `shipped`, `cancelled`): an SMS to the
 * order's phone, and an e-mail when the order has one and a mail provider is configured. Texts
 * are Russian (the shop's language; an order keeps no locale). Used by order-status.ts (the back
 * office) and services/payments (a payment arrived); imports neither, so neither imports the other.
 */

export interface StatusNotice {
  orderId: number
  number: string
  status: OrderStatus
  fullname: string
  phone: string
  email: string
  refund: boolean
}

registerMessages({
  en: {
    'orderStatus.sms.paid': 'Order {number}: payment received. Thank you!',
    'orderStatus.sms.shipped': 'Order {number} has been handed over for delivery.',
    'orderStatus.sms.cancelled': 'Order {number} has been cancelled.',
    'orderStatus.sms.cancelledRefund': 'Order {number} has been cancelled. The payment will be returned the same way.',
    'orderStatus.mail.subject': 'Order {number}: {status}',
    'orderStatus.mail.text':
      'Hello, {name}!\n\nThe status of your order {number} is now: {status}.\n\nThe order: {link}\n\n{shop}',
  },
  ru: {
    'orderStatus.sms.paid': 'Заказ {number}: оплата получена. Спасибо!',
    'orderStatus.sms.shipped': 'Заказ {number} передан в доставку.',
    'orderStatus.sms.cancelled': 'Заказ {number} отменён.',
    'orderStatus.sms.cancelledRefund': 'Заказ {number} отменён. Оплата вернётся тем же способом.',
    'orderStatus.mail.subject': 'Заказ {number}: {status}',
    'orderStatus.mail.text':
      'Здравствуйте, {name}!\n\nСтатус вашего заказа {number}: {status}.\n\nЗаказ: {link}\n\n{shop}',
  },
})

const ru = (key: string, params?: Record<string, string | number>) => t('ru', key, params)

async function shopTitle(db: DB): Promise<string> {
  const [row] = await db.select({ value: siteOptions.value }).from(siteOptions).where(eq(siteOptions.key, 'title'))
  return typeof row?.value === 'string' ? row.value : ''
}

/** The SMS (and e-mail) telling the customer the order's new status. Never throws. */
export async function notifyStatus(db: DB, n: StatusNotice): Promise<void> {
  const smsKey = n.status === 'cancelled' && n.refund ? 'cancelledRefund' : n.status
  const text = ru(`orderStatus.sms.${smsKey}`, { number: n.number })
  try {
    await smsProvider().send(db, { phone: n.phone, text })
  } catch (e) {
    log.error('Order status SMS failed', { orderId: n.orderId, status: n.status, error: String(e) })
  }
  const mail = n.email ? mailProvider() : null
  if (!mail) return
  const origin = env().APP_ORIGIN
  const params = {
    name: n.fullname,
    number: n.number,
    status: ru(`order.status.${n.status}`),
    link: origin ? `${origin}${orderLink(n.orderId)}` : orderLink(n.orderId),
    shop: await shopTitle(db),
  }
  try {
    await mail.send(db, {
      to: n.email,
      subject: ru('orderStatus.mail.subject', params),
      text: ru('orderStatus.mail.text', params),
    })
  } catch (e) {
    log.error('Order status e-mail failed', { orderId: n.orderId, status: n.status, error: String(e) })
  }
}
