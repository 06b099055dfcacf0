import { createContext, serverOrigin } from '../context'
import { env } from '../env'
import { AppError } from '../errors'
import { isTestAcquirer } from '../providers/payment'
import { signNotification } from '../providers/payment/test'
import { testPage, testPageMissing, testPagePaymentMissing, testPageRefused } from '../providers/payment/test-page'
import { handlePaymentNotification, testPaymentInfo } from '../services/payments'

/**
 * The route of the test acquirer's page, /payment/test/{paymentId}/ (an adapter: it reads the
 * payment through the payments service and has the provider render it). "Pay" and "Decline" post
 * back here; the acquirer then sends its signed notification through the same code path as
 * POST /api/payment-notify/ and returns the buyer to the order page. With any other
 * PAYMENT_PROVIDER (production refuses `test`) the page does not exist: 404.
 */

export async function testPaymentPage(request: Request, paymentId: string): Promise<Response> {
  if (!isTestAcquirer()) return testPageMissing()
  const p = await testPaymentInfo(await createContext(request), paymentId)
  return p ? testPage(p) : testPagePaymentMissing(true)
}

/** The buyer pressed Pay or Decline: notify (signed), then back to the order. */
export async function testPaymentAction(request: Request, paymentId: string): Promise<Response> {
  if (!isTestAcquirer()) return testPageMissing()
  const ctx = await createContext(request)
  const origin = request.headers.get('origin')
  if (origin && origin !== serverOrigin(request)) return testPageRefused(403)
  const p = await testPaymentInfo(ctx, paymentId)
  if (!p) return testPagePaymentMissing(false)
  let action: unknown
  try {
    action = (await request.formData()).get('action')
  } catch {
    return testPageRefused(400)
  }
  if (action !== 'pay' && action !== 'decline') return testPageRefused(400)
  const fields = { paymentId: p.id, status: action === 'pay' ? 'succeeded' : 'declined', amount: String(p.amount) }
  try {
    await handlePaymentNotification(ctx, { ...fields, signature: signNotification(env().PAYMENT_SECRET, fields) })
  } catch (e) {
    if (!(e instanceof AppError)) throw e
  }
  return new Response(null, {
    status: 303,
    headers: {
      location: `${p.returnUrl}?payment=${action === 'pay' ? 'success' : 'declined'}`,
      'cache-control': 'no-store',
    },
  })
}
