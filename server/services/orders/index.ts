/**
 * Orders and payment (API §8), by concern:
 * - dictionaries.ts — delivery and payment methods, cancel reasons, pickup points
 * - checkout-options.ts — what the checkout form needs; checkout.ts (+ checkout-address.ts) — the order from the cart
 * - fast-buy.ts — the one-click order; write-order.ts — writing an order, the unconfirmed-order limits
 * - stock.ts — taking stock, the products' denormalised price and stock
 * - reading.ts — the list and one order; cancel.ts, pay.ts, invoice.ts
 * - confirm.ts — confirming an order's phone with the shop's SMS code (issue 25, ADR 039)
 * Payments and refunds themselves: services/payments/. The state machine: docs/decisions/008-order-lifecycle.md.
 */
export { cancelReasonList, deliveryList, paymentList, pickupPointList } from './dictionaries'
export { checkoutOptions } from './checkout-options'
export { checkout } from './checkout'
export { fastBuy } from './fast-buy'
export { OPEN_UNCONFIRMED_MAX } from './write-order'
export { refreshProducts } from './stock'
export { canSeeOrder, getOrder, listOrders, orderNumberOf } from './reading'
export { cancelOrder } from './cancel'
export { confirmOrder, sendOrderCode } from './confirm'
export { payOrder } from './pay'
export { invoiceData, type InvoiceData } from './invoice'
export { handlePaymentNotification, retryPendingRefunds, testPaymentInfo } from '../payments'
