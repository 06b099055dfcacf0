import { z } from 'zod'
import { defineRoute, Reply } from '../registry'
import {
  CancelInput,
  CancelReason,
  CheckoutInput,
  CheckoutResult,
  DeliveryMethod,
  FastBuyInput,
  OrderDetail,
  OrderConfirmInput,
  OrderIdInput,
  OrderListItem,
  OrderPhoneCodeInput,
  PaymentLink,
  PaymentMethod,
  PaymentNotifyInput,
  PickupPoint,
} from '../../contracts/orders'
import * as orders from '../../services/orders'
import * as payments from '../../services/payments'
import { AcquirerError } from '../../providers/payment'
import { t } from '../../contracts/i18n'

const text = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' ? v : undefined), z.string().max(max).optional())

/** YooKassa's notification: only `object.id` is used (the rest is untrusted and re-read from the API). */
const YooKassaNotifyInput = z.object({
  type: text(50),
  event: text(50),
  object: z.object({ id: z.preprocess((v) => (typeof v === 'string' ? v : ''), z.string().min(1).max(64)) }),
})
const NotifyAnswer = z.object({ success: z.boolean(), message: z.string(), status: z.string() })

const tags = ['orders']
const none = z.object({}).passthrough()

export const orderRoutes = [
  defineRoute({
    method: 'GET',
    path: '/order-delivery/',
    summary: 'Delivery methods',
    tags,
    input: none,
    output: z.array(DeliveryMethod),
    handler: (_, ctx) => orders.deliveryList(ctx),
  }),
  defineRoute({
    method: 'GET',
    path: '/order-payment/',
    summary: 'Payment methods (`legalOnly`: invoice, for company accounts)',
    tags,
    input: none,
    output: z.array(PaymentMethod),
    handler: (_, ctx) => orders.paymentList(ctx),
  }),
  defineRoute({
    method: 'GET',
    path: '/order-cancel-reasons/',
    summary: 'Reasons a customer may give when cancelling',
    tags,
    input: none,
    output: z.array(CancelReason),
    handler: (_, ctx) => orders.cancelReasonList(ctx),
  }),
  defineRoute({
    method: 'GET',
    path: '/order-pickup-points/',
    summary: "Pickup points in the session's city",
    tags,
    input: none,
    output: z.array(PickupPoint),
    handler: (_, ctx) => orders.pickupPointList(ctx),
  }),
  defineRoute({
    method: 'POST',
    path: '/orders-checkout/',
    summary:
      'Order from the cart paid before delivery (card online, or invoice for company accounts): answers the payment URL. Empty cart or a line beyond stock: 409. A first-order promo code (WELCOME10) for a guest needs `code`, the SMS code from /order-phone-code/ for `phone` (else 409 `errors.promocode`). An invoice order without `code` is unconfirmed like /orders-checkout-offline/ (hold, 429 limits)',
    tags,
    input: CheckoutInput,
    output: CheckoutResult,
    errors: [404, 409, 422, 429],
    handler: (input, ctx) => orders.checkout(ctx, input, 'online'),
  }),
  defineRoute({
    method: 'POST',
    path: '/orders-checkout-offline/',
    summary:
      'Order from the cart paid on delivery (payment defaults to cash). Empty cart, a line beyond stock or over 10 pcs: 409. Without `code` the order is unconfirmed: it holds its stock UNCONFIRMED_HOLD_MINUTES unless confirmed (/order-confirm/) or taken by 1C; 3 unconfirmed orders already open for this session, phone or client address (IPv6: its /64), or over 10 pcs of one product in those of the address: 429. Optional `code`: the SMS code from /order-phone-code/ for `phone` (wrong: 422 `errors.code`): the order is placed confirmed',
    tags,
    input: CheckoutInput,
    output: CheckoutResult,
    errors: [404, 409, 422, 429],
    handler: (input, ctx) => orders.checkout(ctx, input, 'offline'),
  }),
  defineRoute({
    method: 'POST',
    path: '/orders-fast-buy/',
    summary:
      'One-click order of one product (product or offer id); the cart is not touched. Over 10 pcs or beyond stock: 409. Unconfirmed unless `code` (the SMS code from /order-phone-code/ for `phone`) is given: the same hold and 429 limits as /orders-checkout-offline/',
    tags,
    input: FastBuyInput,
    output: CheckoutResult,
    errors: [404, 409, 422, 429],
    handler: (input, ctx) => orders.fastBuy(ctx, input),
  }),
  defineRoute({
    method: 'GET',
    path: '/orders-list/',
    summary: "The signed-in customer's orders, newest first",
    tags,
    input: none,
    output: z.object({ list: z.array(OrderListItem) }),
    errors: [401],
    handler: (_, ctx) => orders.listOrders(ctx),
  }),
  defineRoute({
    method: 'GET',
    path: '/order/',
    summary: "One of the caller's orders (a guest's: from the session that placed it); anyone else's: 404",
    tags,
    input: OrderIdInput,
    output: OrderDetail,
    errors: [404, 422],
    handler: (input, ctx) => orders.getOrder(ctx, input.id),
  }),
  defineRoute({
    method: 'POST',
    path: '/order-cancel/',
    summary:
      "Cancel with a reason while new, awaiting payment or paid (stock returned; a paid order is refunded through the acquirer, recorded in `history`); otherwise 409. Once 1C has taken the order, the cancel is a request instead: the status stays, `cancelRequested` is true, the history says so and the back office answers (a cancel from 1C returns the stock and refunds); asked again: 409. The reason marked `other` in /order-cancel-reasons/ needs the customer's own words in optional `comment` (else 422 `errors.comment`), kept in the history and shown in `cancelReason`",
    tags,
    input: CancelInput,
    output: z.object({ success: z.boolean(), message: z.string(), order: OrderDetail }),
    errors: [404, 409, 422],
    handler: (input, ctx) => orders.cancelOrder(ctx, input),
  }),
  defineRoute({
    method: 'POST',
    path: '/order-phone-code/',
    summary:
      "Texts the shop's one-time code to `phone`, to place an order confirmed (`code` of the checkout and the one-click order) or to confirm one (/order-confirm/). Another code for the phone within 60 s, or the phone's or address's hourly allowance spent: 429 with `timeout`; the SMS gateway refused the number: 422 `errors.phone`; down: 503",
    tags,
    input: OrderPhoneCodeInput,
    output: z.object({ success: z.boolean(), message: z.string() }),
    errors: [422, 429, 503],
    handler: (input, ctx) => orders.sendOrderCode(ctx, input),
  }),
  defineRoute({
    method: 'POST',
    path: '/order-confirm/',
    summary:
      "Confirms the caller's unconfirmed order (`confirmation: \"awaiting\"`) with the code texted to its phone by /order-phone-code/: it no longer lapses (`holdUntil` null, an invoice's: its validity) and no longer counts against the limits; answers the order. Wrong code: 422 `errors.code`; nothing to confirm: 409; another's order: 404",
    tags,
    input: OrderConfirmInput,
    output: z.object({ success: z.boolean(), message: z.string(), order: OrderDetail }),
    errors: [404, 409, 422, 429],
    handler: (input, ctx) => orders.confirmOrder(ctx, input),
  }),
  defineRoute({
    method: 'POST',
    path: '/order-pay/',
    summary:
      "The payment page of an unpaid online order (the open payment's page, or a new payment): answers its URL. Not payable, or the acquirer refused or is unreachable (`message` says so; the order stays payable): 409",
    tags,
    input: OrderIdInput,
    output: z.object({ success: z.boolean(), message: z.string(), payment: PaymentLink }),
    errors: [404, 409, 422],
    handler: (input, ctx) => orders.payOrder(ctx, input),
  }),
  defineRoute({
    method: 'POST',
    path: '/payment-notify/',
    summary:
      'The test acquirer\'s notification (PAYMENT_PROVIDER=test only; otherwise 404) `{paymentId, status: succeeded|declined, amount, signature}`; signature = hex HMAC-SHA256(PAYMENT_SECRET, "paymentId:status:amount"). Bad signature: 403; repeats are idempotent',
    tags: ['payment'],
    input: PaymentNotifyInput,
    output: NotifyAnswer,
    errors: [403, 404, 422],
    handler: (input, ctx) => payments.handlePaymentNotification(ctx, input),
  }),
  defineRoute({
    method: 'POST',
    path: '/payment-notify/yookassa/',
    summary:
      'YooKassa HTTP notification (PAYMENT_PROVIDER=yookassa only; otherwise 404) `{type: "notification", event: "payment.succeeded" | "payment.canceled" | "refund.succeeded", object: {id, ...}}`. Unsigned, so only `object.id` is read: the payment (or refund) is fetched with `GET /payments/{id}` (`/refunds/{id}`) and the API\'s answer is applied — succeeded (paid, amount and currency equal to the order\'s) → order paid; canceled → payment declined, the order stays payable. Idempotent. An id the shop does not know, or a payment still pending: 200 and nothing changes (`status: "ignored"` / the current status). The API\'s amount differs from ours: 422, nothing changes. The API unreachable: 503 (YooKassa repeats the notification)',
    tags: ['payment'],
    input: YooKassaNotifyInput,
    output: NotifyAnswer,
    errors: [404, 422, 503],
    handler: async (input, ctx) => {
      try {
        return await payments.handleYooKassaNotification(ctx, input)
      } catch (e) {
        if (!(e instanceof AcquirerError)) throw e
        return new Reply(503, { success: false, message: t(ctx.locale, 'payment.acquirerUnavailable') })
      }
    },
  }),
]
