import { z } from 'zod'
import { email, id, phone } from './common'
import { registerMessages } from './i18n'

/**
 * "Сообщить о поступлении" (issue 17): a shopper leaves an e-mail or a phone for a sold-out
 * volume and hears once when it is back (server/services/stock-alerts.ts, ADR 016).
 *
 * `id` is an offer id, or a product id meaning its default offer (ADR 006). The contact is the
 * shop's one e-mail rule or its one phone rule (the same words as every other form), keyed by
 * the field the shopper typed it in: `email` for `channel: 'email'`, `phone` for `channel: 'sms'`.
 */
export const STOCK_ALERT_CHANNELS = ['email', 'sms'] as const
export type StockAlertChannel = (typeof STOCK_ALERT_CHANNELS)[number]

export const StockAlertInput = z.discriminatedUnion('channel', [
  z.object({ id: id(), channel: z.literal('email'), email: email() }),
  z.object({ id: id(), channel: z.literal('sms'), phone: phone() }),
])
export type StockAlertInput = z.input<typeof StockAlertInput>

export const StockAlertResult = z.object({
  success: z.literal(true),
  message: z.string(),
  /** The offer the alert is for (a product id resolves to its default offer). */
  offerId: z.number().int(),
  /** True when this contact was already waiting for this offer (nothing new was stored). */
  already: z.boolean(),
})
export type StockAlertResult = z.infer<typeof StockAlertResult>

registerMessages({
  en: {
    'stockAlert.subscribed': 'We will let you know when the product is back',
    'stockAlert.inStock': 'This product is in stock: add it to the cart',
    'stockAlert.unavailable': 'This product is no longer sold',
    'stockAlert.unknown': 'Product not found',
    'stockAlert.noMail': 'E-mail notices are not available: leave a phone number',
    'stockAlert.tooMany': 'Too many requests. Try again in {seconds} s',
    'stockAlert.sms': '{name}, {volume} ml is back in stock: {link}',
    'stockAlert.mail.subject': 'Back in stock: {name}',
    'stockAlert.mail.text':
      'Hello!\n\nThe product you asked about is back in stock:\n{name}, {volume} ml\n\n{link}\n\n{shop}',
  },
  ru: {
    'stockAlert.subscribed': 'Мы сообщим, когда товар появится',
    'stockAlert.inStock': 'Этот товар есть в наличии: добавьте его в корзину',
    'stockAlert.unavailable': 'Этот товар больше не продаётся',
    'stockAlert.unknown': 'Товар не найден',
    'stockAlert.noMail': 'Уведомления по e-mail недоступны: оставьте номер телефона',
    'stockAlert.tooMany': 'Слишком много запросов. Повторите через {seconds} с',
    'stockAlert.sms': '{name}, {volume} мл снова в наличии: {link}',
    'stockAlert.mail.subject': 'Снова в наличии: {name}',
    'stockAlert.mail.text':
      'Здравствуйте!\n\nТовар, о котором вы просили сообщить, снова в наличии:\n{name}, {volume} мл\n\n{link}\n\n{shop}',
  },
})
