import { z } from 'zod'
import { email, id, int, optionalString, phone } from './common'
import { registerMessages, t } from './i18n'
import { ImageRef, MAX_LINE_QUANTITY, Price } from './cart'
import { PICKUP } from './delivery'
import { phoneCode } from './order-confirmation'

/**
 * Orders and payment contract (API §8): the checkout schema shared by the checkout forms and
 * the API, answer shapes and the order state machine. See docs/decisions/008-order-lifecycle.md.
 */

export const ORDER_STATUSES = ['new', 'awaiting-payment', 'paid', 'processing', 'shipped', 'done', 'cancelled'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/** A customer may cancel an order only before it is handed over for processing. */
export const CANCELLABLE: readonly OrderStatus[] = ['new', 'awaiting-payment', 'paid']
export const canCancel = (status: OrderStatus) => CANCELLABLE.includes(status)

export { PICKUP }

const code = () => z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string().trim().min(1).max(50))
const optionalId = () =>
  z.preprocess((v) => (v === '' || v === null || v === '0' || v === 0 ? undefined : v), id().optional())

const checkoutShape = {
  fullname: z.string().trim().min(2).max(200),
  phone: phone(),
  email: email(),
  /** Delivery method code (courier, pickup, post) or its id. */
  delivery: code(),
  /** Payment method code or id. Online checkout: card or invoice (legal customers); offline: cash (default). */
  payment: z.preprocess((v) => (v === '' || v === null ? undefined : v), code().optional()),
  /** Free-form delivery address (courier, post). */
  address: optionalString(500),
  /** Courier delivery: entrance, floor, intercom code (issue 17); a saved address brings its own. */
  entrance: optionalString(20),
  floor: optionalString(20),
  intercom: optionalString(20),
  /** A saved address of the signed-in customer instead of `address`. */
  addressId: optionalId(),
  /** Pickup point id (delivery = pickup). */
  pickupPoint: optionalId(),
  comment: optionalString(2000),
  /** The shop's SMS code for `phone` (POST /api/order-phone-code/): the order is placed confirmed (issue 25). */
  code: phoneCode(),
}

type CheckoutShape = { delivery: string; address: string; addressId?: number; pickupPoint?: number }

/** Where the chosen delivery needs an address or a pickup point. */
function deliveryTarget(v: CheckoutShape, ctx: z.RefinementCtx) {
  if (v.delivery === PICKUP) {
    if (!v.pickupPoint)
      ctx.addIssue({ code: 'custom', path: ['pickupPoint'], params: { type: 'required' }, input: undefined })
  } else if (!v.address && !v.addressId) {
    ctx.addIssue({ code: 'custom', path: ['address'], params: { type: 'required' }, input: undefined })
  }
}

export const CheckoutInput = z.object(checkoutShape).superRefine(deliveryTarget)
export type CheckoutInput = z.input<typeof CheckoutInput>
export type CheckoutData = z.output<typeof CheckoutInput>

export const FastBuyInput = z.object({
  id: id(),
  quantity: int().pipe(z.number().min(1).max(MAX_LINE_QUANTITY)).optional().default(1),
  fullname: optionalString(200),
  phone: phone(),
  code: phoneCode(),
})
export type FastBuyInput = z.input<typeof FastBuyInput>

export const OrderIdInput = z.object({ id: id() })
export { OrderConfirmInput, OrderPhoneCodeInput } from './order-confirmation'
/** The reason "Другая причина" (seed/data/commerce.ts): the dialog asks for the customer's own words (`comment`). */
export const OTHER_CANCEL_REASON = 5
export const CancelInput = z.object({
  id: id(),
  reason: id(),
  /** The customer's own words (the dialog requires them with OTHER_CANCEL_REASON; the API does not), stored in the order's history. */
  comment: optionalString(500),
})
export type CancelInput = z.input<typeof CancelInput>

/** Lenient on purpose: the signature is checked first, so a malformed notification is a 403, not a 422. */
export const PaymentNotifyInput = z.object({
  paymentId: z.preprocess((v) => (typeof v === 'string' ? v : ''), z.string().max(100)),
  status: z.preprocess((v) => (typeof v === 'string' ? v : ''), z.string().max(20)),
  amount: z.preprocess((v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v : ''), z.string().max(20)),
  signature: z.preprocess((v) => (typeof v === 'string' ? v : ''), z.string().max(200)),
})
export type PaymentNotification = z.output<typeof PaymentNotifyInput>

/* ---------- answers ---------- */

export const DeliveryMethod = z.object({
  id: z.number(),
  code: z.string(),
  title: z.string(),
  price: z.number(),
  description: z.string(),
  freeFrom: z.number().nullable(),
  needsAddress: z.boolean(),
})
export type DeliveryMethod = z.infer<typeof DeliveryMethod>
export const PaymentMethod = z.object({
  id: z.number(),
  code: z.string(),
  title: z.string(),
  online: z.boolean(),
  legalOnly: z.boolean(),
})
export type PaymentMethod = z.infer<typeof PaymentMethod>
export const CancelReason = z.object({
  id: z.number(),
  title: z.string(),
  /** The reason asks for the customer's own words (`comment` of the cancel). */
  other: z.boolean().optional(),
})
export const PickupPoint = z.object({ id: z.number(), title: z.string(), address: z.string(), workhours: z.string() })
export type PickupPoint = z.infer<typeof PickupPoint>

export const OrderRef = z.object({
  id: z.number(),
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  link: z.string(),
})
export type OrderRef = z.infer<typeof OrderRef>
export const PaymentLink = z.object({ url: z.string() })

export const CheckoutResult = z.object({
  success: z.boolean(),
  message: z.string(),
  order: OrderRef,
  payment: PaymentLink.optional(),
})
export type CheckoutResult = z.infer<typeof CheckoutResult>

export const OrderListItem = z.object({
  id: z.number(),
  number: z.string(),
  createdAt: z.number(),
  status: z.enum(ORDER_STATUSES),
  statusLabel: z.string(),
  /** Total to pay, roubles. */
  amount: z.number(),
  itemsCount: z.number(),
  link: z.string(),
})
export type OrderListItem = z.infer<typeof OrderListItem>

export const OrderLine = z.object({
  id: z.number(),
  productId: z.number(),
  name: z.string(),
  volume: z.number(),
  link: z.string(),
  image: ImageRef,
  quantity: z.number(),
  price: Price,
  unitPrice: Price,
})

export const OrderDetail = z.object({
  id: z.number(),
  number: z.string(),
  kind: z.enum(['online', 'offline', 'fast-buy']),
  status: z.enum(ORDER_STATUSES),
  statusLabel: z.string(),
  createdAt: z.number(),
  link: z.string(),
  fullname: z.string(),
  phone: z.string(),
  email: z.string(),
  comment: z.string(),
  items: z.array(OrderLine),
  delivery: z.object({ code: z.string(), title: z.string(), price: z.number() }),
  payment: z.object({ code: z.string(), title: z.string(), online: z.boolean(), paid: z.boolean() }),
  address: z
    .object({
      full: z.string(),
      postal: z.string().optional(),
      city: z.string().optional(),
      entrance: z.string().optional(),
      floor: z.string().optional(),
      intercom: z.string().optional(),
    })
    .nullable(),
  pickupPoint: PickupPoint.nullable(),
  promocode: z.string().nullable(),
  amount: z.object({
    quantity: z.number(),
    items: z.number(),
    discount: z.number(),
    delivery: z.number(),
    total: z.number(),
  }),
  history: z.array(
    z.object({ status: z.enum(ORDER_STATUSES), label: z.string(), comment: z.string(), createdAt: z.number() }),
  ),
  cancelReason: z.string().nullable(),
  canCancel: z.boolean(),
  canPay: z.boolean(),
  invoiceLink: z.string().nullable(),
  /** An unpaid order keeps its goods until then (ms since the epoch), then is cancelled; null = no hold. */
  holdUntil: z.number().nullable(),
  /**
   * Orders paid after they are handed over (issue 25): `awaiting` until the phone is confirmed with
   * the shop's SMS code (POST /api/order-confirm/) or the shop takes the order (`holdUntil` says
   * until when); then `confirmed`. Null: nothing to confirm (card orders, closed orders).
   */
  confirmation: z.enum(['awaiting', 'confirmed']).nullable(),
  /** The customer asked to cancel after the shop had taken the order: the shop answers. */
  cancelRequested: z.boolean(),
})
export type OrderDetail = z.infer<typeof OrderDetail>

export { addressLine } from './address-line'

/** `ORD-` style human number: HC-YYMM-000123 (the id keeps it unique). */
export function orderNumber(id: number, createdAt: number): string {
  const d = new Date(createdAt)
  const yymm = `${String(d.getUTCFullYear() % 100).padStart(2, '0')}${String(d.getUTCMonth() + 1).padStart(2, '0')}`
  return `HC-${yymm}-${String(id).padStart(6, '0')}`
}

export const orderLink = (id: number) => `/personal/orders/${id}/`
export const invoiceLink = (id: number) => `/personal/orders/${id}/invoice/`

const orderMessages = {
  en: {
    'order.status.new': 'New',
    'order.status.awaiting-payment': 'Awaiting payment',
    'order.status.paid': 'Paid',
    'order.status.processing': 'Processing',
    'order.status.shipped': 'Shipped',
    'order.status.done': 'Completed',
    'order.status.cancelled': 'Cancelled',
    'order.created': 'Order {number} has been placed',
    'order.emptyCart': 'The cart is empty',
    'order.beyondStock': 'Only {stock} pcs of "{name}" left in stock; change the quantity in the cart',
    'order.outOfStock': '"{name}" is out of stock; remove it from the cart',
    'order.promoDropped': 'Promo code {code} no longer applies: {reason}. Check the new total',
    'order.unknownDelivery': 'Choose a delivery method',
    'order.unknownPayment': 'Choose a payment method',
    'order.paymentNotOnline': 'This payment method is not available for online checkout',
    'order.paymentNotOffline': 'This payment method is not available for payment on delivery',
    'order.invoiceLegalOnly': 'Payment by invoice is for company accounts only',
    'order.unknownPickupPoint': 'Choose a pickup point',
    'order.unknownAddress': 'Address not found',
    'order.cancelled': 'Order {number} has been cancelled',
    'order.cannotCancel': 'The order can no longer be cancelled',
    'order.unknownReason': 'Choose a reason',
    'order.ownReasonRequired': 'Write the reason',
    'order.cannotPay': 'The order cannot be paid online',
    'order.paymentCreated': 'Go to the payment page',
    'order.paymentFailed': 'The payment service is unavailable. Try again later',
    'order.fastBuyCreated': 'Order {number} has been placed. We will call you to confirm it',
    'order.lineCap':
      'No more than {max} pcs of "{name}" in an order paid on delivery or in one click; pay online to order more',
    'order.tooManyOpen':
      'You already have {max} orders waiting for confirmation. We will call you about them; after that you can place a new one',
    'order.tooManyOpenPhone':
      'There are already {max} orders for this phone number waiting for confirmation. We will call about them; after that you can place a new one',
    'order.historyCreated': 'Order placed',
    'address.entrance': 'entrance {value}',
    'address.floor': 'floor {value}',
    'address.intercom': 'intercom {value}',
    'order.historyPaid': 'Payment received',
    'order.historyDeclined': 'Payment declined',
    'order.historyLatePayment': 'Payment received after cancellation: refund due',
    'order.historyCancelled': 'Cancelled by the customer: {reason}',
    'order.historyCancelledOwn': 'Cancelled by the customer: {reason} — {text}',
    'order.historyRefund': 'Refund due',
    'payment.badSignature': 'Invalid notification signature',
    'payment.unknown': 'Payment not found',
    'payment.badAmount': 'The amount does not match the payment',
    'payment.accepted': 'Notification accepted',
    'payment.alreadyProcessed': 'Notification already processed',
  },
  ru: {
    'order.status.new': 'Новый',
    'order.status.awaiting-payment': 'Ожидает оплаты',
    'order.status.paid': 'Оплачен',
    'order.status.processing': 'В обработке',
    'order.status.shipped': 'Отправлен',
    'order.status.done': 'Выполнен',
    'order.status.cancelled': 'Отменён',
    'order.created': 'Заказ {number} оформлен',
    'order.emptyCart': 'Корзина пуста',
    'order.beyondStock': 'В наличии осталось только {stock} шт. «{name}»; измените количество в корзине',
    'order.outOfStock': '«{name}» закончился; удалите его из корзины',
    'order.promoDropped': 'Промокод {code} больше не действует: {reason}. Проверьте новую сумму',
    'order.unknownDelivery': 'Выберите способ доставки',
    'order.unknownPayment': 'Выберите способ оплаты',
    'order.paymentNotOnline': 'Этот способ оплаты недоступен при онлайн-оформлении',
    'order.paymentNotOffline': 'Этот способ оплаты недоступен при оплате при получении',
    'order.invoiceLegalOnly': 'Оплата по счёту доступна только юридическим лицам',
    'order.unknownPickupPoint': 'Выберите пункт самовывоза',
    'order.unknownAddress': 'Адрес не найден',
    'order.cancelled': 'Заказ {number} отменён',
    'order.cannotCancel': 'Заказ уже нельзя отменить',
    'order.unknownReason': 'Выберите причину',
    'order.ownReasonRequired': 'Напишите причину',
    'order.cannotPay': 'Этот заказ нельзя оплатить онлайн',
    'order.paymentCreated': 'Перейдите на страницу оплаты',
    'order.paymentFailed': 'Платёжный сервис недоступен. Попробуйте позже',
    'order.fastBuyCreated': 'Заказ {number} оформлен. Мы позвоним вам для подтверждения',
    'order.lineCap':
      'Не больше {max} шт. «{name}» в заказе с оплатой при получении или в один клик; чтобы заказать больше, оплатите онлайн',
    'order.tooManyOpen':
      'Неподтверждённых заказов у вас уже {max}. Мы позвоним по ним; после этого можно будет оформить новый',
    'order.tooManyOpenPhone':
      'На этот номер телефона уже оформлено неподтверждённых заказов: {max}. Мы позвоним по ним; после этого можно будет оформить новый',
    'order.historyCreated': 'Заказ оформлен',
    'address.entrance': 'подъезд {value}',
    'address.floor': 'этаж {value}',
    'address.intercom': 'домофон {value}',
    'order.historyPaid': 'Оплата получена',
    'order.historyDeclined': 'Оплата отклонена',
    'order.historyLatePayment': 'Оплата поступила после отмены: нужен возврат',
    'order.historyCancelled': 'Отменён покупателем: {reason}',
    'order.historyCancelledOwn': 'Отменён покупателем: {reason} — {text}',
    'order.historyRefund': 'Требуется возврат оплаты',
    'payment.badSignature': 'Неверная подпись уведомления',
    'payment.unknown': 'Платёж не найден',
    'payment.badAmount': 'Сумма не совпадает с платежом',
    'payment.accepted': 'Уведомление принято',
    'payment.alreadyProcessed': 'Уведомление уже обработано',
  },
}
registerMessages(orderMessages)

/*
 * The order's documents (the invoice, the 54-FZ receipt, the acquirer's payment and refund, the
 * 1C document) are Russian whatever the page's language: their texts are these messages in Russian.
 */
registerMessages({
  en: {
    'order.document.line': '{name}, {volume} ml',
    'order.document.delivery': 'Delivery',
    'order.document.deliveryOf': 'Delivery: {title}',
    'order.document.payment': 'Order {number}',
    'order.document.refund': 'Refund for order {number}',
  },
  ru: {
    'order.document.line': '{name}, {volume} мл',
    'order.document.delivery': 'Доставка',
    'order.document.deliveryOf': 'Доставка: {title}',
    'order.document.payment': 'Заказ {number}',
    'order.document.refund': 'Возврат по заказу {number}',
  },
})

/** A text of the order's documents (in Russian, the shop's language). */
export const documentText = (key: string, params?: Record<string, string | number>) =>
  t('ru', `order.document.${key}`, params)

/** "Шампунь, 250 мл": an order line as the documents name it. */
export const documentLine = (name: string, volume: number) => documentText('line', { name, volume })
