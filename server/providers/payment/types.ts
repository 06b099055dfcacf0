/**
 * A payment provider shaped like a real acquirer: the shop creates a payment and sends the
 * buyer to its confirmation URL; the provider later reports the outcome with a notification
 * (the test provider's is HMAC-signed; YooKassa's is unsigned, so the shop re-reads the payment
 * from the API). Cancelling a paid order refunds through the same provider.
 *
 * Money crosses this interface in kopecks (integers) so no rounding ever happens twice.
 */

/** One position of a 54-FZ receipt: `unitPrice` × `quantity` is what the buyer pays for it. */
export interface ReceiptItem {
  description: string
  quantity: number
  /** Kopecks per unit, after every discount. */
  unitPrice: number
  subject: 'commodity' | 'service'
}

export interface ReceiptData {
  /** At least one of them (the receipt is sent there). */
  customer: { email?: string; phone?: string }
  items: ReceiptItem[]
}

export interface CreatePaymentInput {
  /** Our id of the payment (payments.id). */
  paymentId: string
  orderId: number
  orderNumber: string
  /** Kopecks. */
  amount: number
  /** scheme://host of the shop, for absolute links. */
  origin: string
  /** Where the buyer returns after paying or declining (absolute). */
  returnUrl: string
  /** Stored in payments.idempotence_key before the call; every retry sends the same one. */
  idempotenceKey: string
  receipt: ReceiptData
}

/** What the acquirer says about a payment (never what a notification body claims). */
export interface AcquirerPayment {
  externalId: string
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled'
  paid: boolean
  /** Kopecks, or null when the answer's amount is not a valid money string. */
  amount: number | null
  currency: string
  confirmationUrl: string | null
  /** Our ids as we sent them in `metadata`. */
  metadata: Record<string, string>
}

export interface CreateRefundInput {
  /** The acquirer's id of the payment being refunded. */
  externalPaymentId: string
  /** Kopecks. */
  amount: number
  /** Stored in refunds.idempotence_key before the call. */
  idempotenceKey: string
  receipt: ReceiptData
  description: string
}

export interface AcquirerRefund {
  /** Null for a provider without remote refunds (the test provider). */
  externalId: string | null
  externalPaymentId: string | null
  status: 'pending' | 'succeeded' | 'canceled'
  amount: number | null
  /** Why a refund was cancelled, when the acquirer says. */
  reason: string
}

export interface PaymentProvider {
  readonly code: 'test' | 'yookassa'
  /**
   * Registers the payment with the acquirer; answers the page the buyer must visit and the
   * acquirer's id. Throws AcquirerError when the acquirer refused or stayed unreachable.
   */
  createPayment(input: CreatePaymentInput): Promise<{ confirmationUrl: string; externalId: string | null }>
  /**
   * The payment's true state; null when the acquirer does not know the id. Acquirers without an
   * API: absent. `quick`: someone is waiting (a notification, a shopper) — fewer retries.
   */
  fetchPayment?(externalId: string, opts?: { quick?: boolean }): Promise<AcquirerPayment | null>
  /** Returns money of a succeeded payment (idempotent by the key). */
  createRefund(input: CreateRefundInput): Promise<AcquirerRefund>
  /** The refund's true state; null when unknown. */
  fetchRefund?(externalId: string, opts?: { quick?: boolean }): Promise<AcquirerRefund | null>
  /** Signed notifications only (the test provider): true when the signature is the acquirer's. */
  verifyNotification?(fields: NotificationFields): boolean
}

export interface NotificationFields {
  paymentId: string
  status: string
  amount: string
  signature: string
}

/**
 * The acquirer failed. `transient`: unreachable, timed out, 5xx or still processing after
 * every retry — the outcome is unknown and the same idempotence key must be used next time.
 * Otherwise the acquirer refused the request (4xx) and a retry with the same data is useless.
 */
export class AcquirerError extends Error {
  constructor(
    message: string,
    public readonly transient: boolean,
    public readonly status: number | null = null,
    public readonly code: string = '',
  ) {
    super(message)
    this.name = 'AcquirerError'
  }
}
