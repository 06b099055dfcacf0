import { createFileRoute } from '@tanstack/react-router'
import { testPaymentAction, testPaymentPage } from '../../../../server/rest/test-acquirer-page'

/** The built-in test acquirer's hosted page (PAYMENT_PROVIDER=test). */
export const Route = createFileRoute('/payment/test/$paymentId')({
  server: {
    handlers: {
      GET: ({ request, params }) => testPaymentPage(request, params.paymentId),
      POST: ({ request, params }) => testPaymentAction(request, params.paymentId),
    },
  },
})
