/**
 * Payments and refunds through the configured acquirer (API §8; issue 12 point 2).
 *
 * - A payment row (with its Idempotence-Key) is written BEFORE the acquirer is called, so an
 *   acquirer that is down never loses anything: the order stays awaiting payment, the row stays
 *   unanswered, and the next "pay" from the order page repeats the call with the same key (the
 *   acquirer keeps keys for 24 hours) — one payment at the acquirer however many tries.
 * - Outcomes come from the acquirer only: the test acquirer's HMAC-signed notification, or for
 *   YooKassa the payment as `GET /payments/{id}` returns it (its notifications are unsigned, so
 *   nothing in their body is believed but the id).
 * - Refunds are rows in `refunds` with their own key, written in the same transaction as the
 *   cancel; the acquirer is called after the commit and a failure leaves the row pending for
 *   `retryPendingRefunds` (the periodic job).
 *
 * By concern: start.ts (creating a payment), settle.ts (an outcome applied), notifications.ts (the
 * acquirers' notifications), sync.ts (the periodic re-read), refunds.ts, receipt.ts (54-FZ),
 * test-acquirer.ts (the test acquirer's page data).
 */
export { startPayment } from './start'
export { handlePaymentNotification, handleYooKassaNotification } from './notifications'
export { syncOpenPayments } from './sync'
export { processRefunds, queueRefunds, retryPendingRefunds } from './refunds'
export { testPaymentInfo } from './test-acquirer'
