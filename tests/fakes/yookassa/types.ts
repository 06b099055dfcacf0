/** The shapes of the fake YooKassa's state and handle (see tests/fakes/yookassa.ts). */

export const FAKE_SHOP_ID = '123456'
export const FAKE_SECRET_KEY = 'fake-yookassa-secret-key-0001'

export type Json = Record<string, unknown>
export type Amount = { value: string; currency: string }

export interface FakePayment {
  id: string
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled'
  paid: boolean
  amount: Amount
  description?: string
  recipient: { account_id: string; gateway_id: string }
  created_at: string
  captured_at?: string
  confirmation?: { type: 'redirect'; confirmation_url: string; return_url: string }
  metadata: Record<string, string>
  refundable: boolean
  refunded_amount?: Amount
  test: boolean
  cancellation_details?: { party: string; reason: string }
  receipt_registration?: string
  /** Not part of the API answer: what the shop sent (for assertions). */
  _return_url: string
  _receipt?: Json
}

export interface FakeRefund {
  id: string
  payment_id: string
  status: 'pending' | 'succeeded' | 'canceled'
  amount: Amount
  created_at: string
  description?: string
  receipt_registration?: string
  _receipt?: Json
}

export interface FakeRequest {
  method: string
  path: string
  headers: Record<string, string | string[] | undefined>
  body: unknown
  status: number
}

export type FailMode = 500 | 502 | 503 | 202 | 'timeout'

export interface FakeYooKassa {
  /** The API base to put in YOOKASSA_API_URL (…/v3). */
  url: string
  /** scheme://host:port of the fake (its payment pages). */
  origin: string
  shopId: string
  secretKey: string
  payments: Map<string, FakePayment>
  refunds: Map<string, FakeRefund>
  /** Every API call, in order (with the answer's status). */
  requests: FakeRequest[]
  /** Notifications sent to the webhook, with the webhook's answer status (0 = unreachable). */
  notifications: { body: Json; status: number }[]
  /** The next n API calls fail (replacing what was queued; 0 = answer normally again). */
  failNext(n: number, mode?: FailMode, opts?: { afterProcessing?: boolean }): void
  setWebhook(url: string | null): void
  /** Moves a payment to succeeded / canceled as the payment page does (and notifies). */
  complete(id: string, outcome: 'succeeded' | 'canceled'): Promise<void>
  close(): Promise<void>
}
