/**
 * A payment provider shaped like a real acquirer: the shop creates a payment and sends the
 * buyer to its confirmation URL; the provider later reports the outcome with a signed
 * notification to POST /api/payment-notify/.
 */
export interface CreatePaymentInput {
  paymentId: string
  orderNumber: string
  amount: number
  /** scheme://host of the shop, for absolute links. */
  origin: string
  /** Where the buyer returns after paying or declining. */
  returnUrl: string
}

export interface PaymentProvider {
  readonly code: string
  /** Registers the payment with the acquirer; answers the page the buyer must visit. */
  createPayment(input: CreatePaymentInput): Promise<{ confirmationUrl: string }>
  /** True when the notification's signature is the acquirer's. */
  verifyNotification(fields: NotificationFields): boolean
}

export interface NotificationFields {
  paymentId: string
  status: string
  amount: string
  signature: string
}
