import { registerMessages, t } from '../../contracts/i18n'
import type { payments } from '../../../db/schema'

/** Pieces the payment modules share: the transaction mode, their messages, the history's wording. */

export const IMMEDIATE = { behavior: 'immediate' } as const

registerMessages({
  en: {
    'order.createdPaymentUnavailable':
      'Order {number} has been placed, but the payment service is not answering right now. Pay for the order from its page a little later',
    'payment.ignored': 'Notification accepted; nothing to change',
    'payment.pending': 'Notification accepted; the payment is not completed yet',
    'payment.acquirerUnavailable': 'The payment service is unavailable; repeat the notification later',
    'payment.historyRefundStarted': 'Refund of {amount} ₽ requested',
    'payment.historyRefunded': 'Refund of {amount} ₽ completed',
    'payment.historyRefundFailed': 'Refund of {amount} ₽ refused by the payment service: {reason}',
  },
  ru: {
    'order.createdPaymentUnavailable':
      'Заказ {number} оформлен, но платёжный сервис сейчас не отвечает. Оплатите заказ с его страницы чуть позже',
    'payment.ignored': 'Уведомление принято, изменений нет',
    'payment.pending': 'Уведомление принято, платёж ещё не завершён',
    'payment.acquirerUnavailable': 'Платёжный сервис недоступен, повторите уведомление позже',
    'payment.historyRefundStarted': 'Оформлен возврат {amount} ₽',
    'payment.historyRefunded': 'Возврат {amount} ₽ выполнен',
    'payment.historyRefundFailed': 'Возврат {amount} ₽ отклонён платёжным сервисом: {reason}',
  },
})

/** History comments are stored in Russian (the shop's language) — they are records, not UI. */
export const comment = (key: string, params?: Record<string, string | number>) => t('ru', key, params)
export const rub = (n: number) => new Intl.NumberFormat('ru-RU').format(n).replace(/\u202f|\u00a0/g, ' ')

export type PaymentRow = typeof payments.$inferSelect
