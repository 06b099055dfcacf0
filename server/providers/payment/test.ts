import { createHmac, timingSafeEqual } from 'node:crypto'
import type { NotificationFields, PaymentProvider } from './types'

/** The canonical string the test acquirer signs: `paymentId:status:amount`. */
export const signedPayload = (f: Omit<NotificationFields, 'signature'>) => `${f.paymentId}:${f.status}:${f.amount}`

export function signNotification(secret: string, f: Omit<NotificationFields, 'signature'>): string {
  return createHmac('sha256', secret).update(signedPayload(f)).digest('hex')
}

/**
 * The built-in acquirer (PAYMENT_PROVIDER=test, demo only): its confirmation page lives in this
 * app at /payment/test/{paymentId}/, its notifications are HMAC-SHA256 signed with
 * PAYMENT_SECRET, and it refunds locally (succeeded at once). It has no remote API, so it has
 * no external ids and nothing to fetch.
 */
export function testProvider(secret: string): PaymentProvider {
  return {
    code: 'test',
    createPayment: ({ paymentId, origin }) =>
      Promise.resolve({
        confirmationUrl: `${origin}/payment/test/${encodeURIComponent(paymentId)}/`,
        externalId: null,
      }),
    createRefund: ({ amount }) =>
      Promise.resolve({ externalId: null, externalPaymentId: null, status: 'succeeded', amount, reason: '' }),
    verifyNotification(f) {
      if (!/^[0-9a-f]{64}$/i.test(f.signature)) return false
      const expected = Buffer.from(signNotification(secret, f), 'hex')
      const given = Buffer.from(f.signature, 'hex')
      return expected.length === given.length && timingSafeEqual(expected, given)
    },
  }
}
