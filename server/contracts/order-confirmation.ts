import { z } from 'zod'
import { id, phone } from './common'
import { registerMessages } from './i18n'
import { smsCode } from './account/fields'

/**
 * Confirming an order's phone with the shop's SMS code (issue 25, ADR 039): the inputs and the
 * messages of unconfirmed orders (held, capped per client address), of the code, and of a cancel
 * that is a request because 1C has taken the order.
 */

/** The shop's SMS code for the order's phone (POST /api/order-phone-code/): the order is placed confirmed (issue 25). */
export const phoneCode = () =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'number' ? String(v).padStart(4, '0') : v),
    smsCode().optional(),
  )

/** POST /api/order-phone-code/: text the shop's code to a phone, to place or confirm an order with it. */
export const OrderPhoneCodeInput = z.object({ phone: phone() })
/** POST /api/order-confirm/: the customer's own unconfirmed order and the code texted to its phone. */
export const OrderConfirmInput = z.object({
  id: id(),
  code: z.preprocess((v) => (typeof v === 'number' ? String(v).padStart(4, '0') : v), smsCode()),
})

registerMessages({
  en: {
    'order.tooManyOpenAddress':
      'There are already {max} unconfirmed orders from your address. To place another one, confirm the phone with the SMS code, or call us',
    'order.addressUnitsCap':
      'Unconfirmed orders from your address already hold {held} pcs of "{name}" (at most {max}). To order more, confirm the phone with the SMS code, or call us',
    'order.promoNeedsConfirmedPhone':
      'Promo code {code} is for a first order: confirm the phone with the SMS code or sign in to get the discount',
    'order.codeSent': 'We have sent a code to {phone}',
    'order.confirmed': 'Order {number} is confirmed',
    'order.nothingToConfirm': 'The order needs no confirmation',
    'order.cancelRequested':
      'Order {number} has already been passed to the shop: your cancellation request has been sent to the shop, we will answer it',
    'order.cancelAlreadyRequested': 'You have already asked to cancel this order; the shop will answer',
    'order.historyPhoneConfirmed': 'Phone confirmed with the SMS code',
    'order.historyNotConfirmed': 'Not confirmed within {period}: cancelled, the goods are back on sale',
    'order.historyCancelRequested': 'The customer asks to cancel: {reason}',
    'order.historyCancelRequestedOwn': 'The customer asks to cancel: {reason} — {text}',
  },
  ru: {
    'order.tooManyOpenAddress':
      'С вашего адреса уже оформлено неподтверждённых заказов: {max}. Чтобы оформить ещё один, подтвердите телефон кодом из SMS или позвоните нам',
    'order.addressUnitsCap':
      'В неподтверждённых заказах с вашего адреса уже {held} шт. «{name}» (не больше {max}). Чтобы заказать ещё, подтвердите телефон кодом из SMS или позвоните нам',
    'order.promoNeedsConfirmedPhone':
      'Промокод {code} — на первый заказ: подтвердите телефон кодом из SMS или войдите, чтобы получить скидку',
    'order.codeSent': 'Мы отправили код на {phone}',
    'order.confirmed': 'Заказ {number} подтверждён',
    'order.nothingToConfirm': 'Заказ не нужно подтверждать',
    'order.cancelRequested':
      'Заказ {number} уже передан в магазин: мы отправили магазину вашу просьбу об отмене и ответим на неё',
    'order.cancelAlreadyRequested': 'Вы уже попросили отменить этот заказ; магазин ответит',
    'order.historyPhoneConfirmed': 'Телефон подтверждён кодом из SMS',
    'order.historyNotConfirmed': 'Не подтверждён за {period}: заказ отменён, товары возвращены в продажу',
    'order.historyCancelRequested': 'Покупатель просит отменить заказ: {reason}',
    'order.historyCancelRequestedOwn': 'Покупатель просит отменить заказ: {reason} — {text}',
  },
})
