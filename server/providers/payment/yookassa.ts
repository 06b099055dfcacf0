import { documentText } from '../../contracts/orders'
import { log } from '../../logger'
import { DESCRIPTION_MAX, money, parseMoney, receiptTotal } from './receipt'
import {
  AcquirerError,
  type AcquirerPayment,
  type AcquirerRefund,
  type CreatePaymentInput,
  type CreateRefundInput,
  type PaymentProvider,
  type ReceiptData,
} from './types'

/**
 * YooKassa API v3 (yookassa.ru/developers/api). Basic auth `shopId:secretKey`; every POST
 * carries an Idempotence-Key that the caller stored before the call, so a retry — ours here,
 * or a later one from the order page or the refund job — can never create a second payment
 * or refund. Following YooKassa's advice on answers: 200 is the object; 202 means "still
 * processing, repeat the same request" (body `retry_after`, ms); 500 and other 5xx, network
 * errors and timeouts leave the outcome unknown, so the same request is repeated with the
 * same key after a growing pause; 4xx is final (AcquirerError, not transient).
 */

export interface YooKassaConfig {
  shopId: string
  secretKey: string
  apiUrl: string
  vatCode: number
  taxSystemCode: number | null
}

/** Timeouts and retries; tests shorten them. */
export const yookassaTuning = {
  /** Per HTTP call. */
  timeoutMs: 10_000,
  /** Calls per operation, the first included. */
  attempts: 4,
  /** First pause; doubled after each failed call. */
  backoffMs: 400,
  /** Ceiling of one pause (also caps a 202's retry_after). */
  maxDelayMs: 5_000,
  /** Calls of a read someone waits for (a notification being answered, a shopper). */
  quickAttempts: 2,
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

interface ApiAnswer {
  status: number
  body: unknown
}

type Json = Record<string, unknown>
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {})
const str = (v: unknown) => (typeof v === 'string' ? v : '')

export function yookassaProvider(config: YooKassaConfig): PaymentProvider {
  const base = config.apiUrl.replace(/\/+$/, '')
  const auth = `Basic ${Buffer.from(`${config.shopId}:${config.secretKey}`).toString('base64')}`

  async function once(method: 'GET' | 'POST', path: string, body: string | undefined, key: string | undefined) {
    const headers: Record<string, string> = { authorization: auth, accept: 'application/json' }
    if (body !== undefined) headers['content-type'] = 'application/json'
    if (key) headers['idempotence-key'] = key
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(yookassaTuning.timeoutMs),
      redirect: 'error',
    })
    const text = await res.text()
    let parsed: unknown
    try {
      parsed = text ? JSON.parse(text) : null
    } catch {
      parsed = null
    }
    return { status: res.status, body: parsed } satisfies ApiAnswer
  }

  /**
   * One operation with its retries. GET answers 404 as `null`; every other 4xx throws a final
   * AcquirerError; after the last transient failure a transient one.
   */
  async function call(
    method: 'GET' | 'POST',
    path: string,
    payload?: unknown,
    key?: string,
    attempts = yookassaTuning.attempts,
  ): Promise<Json | null> {
    const body = payload === undefined ? undefined : JSON.stringify(payload)
    let last = 'no answer'
    let delay = yookassaTuning.backoffMs
    for (let attempt = 1; attempt <= attempts; attempt++) {
      let pause = delay
      try {
        const a = await once(method, path, body, key)
        if (a.status === 200) return obj(a.body)
        if (a.status === 404 && method === 'GET') return null
        if (a.status === 202) {
          const after = Number(obj(a.body).retry_after)
          if (Number.isFinite(after) && after > 0) pause = after
          last = 'HTTP 202 (processing)'
        } else if (a.status >= 500) {
          last = `HTTP ${a.status}`
        } else {
          const e = obj(a.body)
          throw new AcquirerError(
            `YooKassa ${method} ${path}: HTTP ${a.status} ${str(e.code)} ${str(e.description)}${e.parameter ? ` (${str(e.parameter)})` : ''}`.trim(),
            false,
            a.status,
            str(e.code),
          )
        }
      } catch (e) {
        if (e instanceof AcquirerError) throw e
        last = e instanceof Error ? `${e.name}: ${e.message}` : String(e)
      }
      if (attempt < attempts) {
        log.warn('YooKassa call failed, retrying with the same key', { method, path, attempt, reason: last })
        await sleep(Math.min(pause, yookassaTuning.maxDelayMs))
        delay *= 2
      }
    }
    throw new AcquirerError(`YooKassa ${method} ${path}: ${last} after ${attempts} tries`, true)
  }

  const amount = (kopecks: number) => ({ value: money(kopecks), currency: 'RUB' })

  function receipt(r: ReceiptData) {
    return {
      customer: r.customer,
      items: r.items.map((i) => ({
        description: i.description.slice(0, DESCRIPTION_MAX),
        quantity: i.quantity,
        amount: amount(i.unitPrice),
        vat_code: config.vatCode,
        payment_subject: i.subject,
        payment_mode: 'full_prepayment',
      })),
      ...(config.taxSystemCode ? { tax_system_code: config.taxSystemCode } : {}),
    }
  }

  function toPayment(p: Json): AcquirerPayment {
    const status = str(p.status)
    const amt = obj(p.amount)
    const metadata = Object.fromEntries(
      Object.entries(obj(p.metadata)).filter((e): e is [string, string] => typeof e[1] === 'string'),
    )
    return {
      externalId: str(p.id),
      status: status === 'succeeded' || status === 'canceled' || status === 'waiting_for_capture' ? status : 'pending',
      paid: p.paid === true,
      amount: parseMoney(amt.value),
      currency: str(amt.currency),
      confirmationUrl: str(obj(p.confirmation).confirmation_url) || null,
      metadata,
    }
  }

  function toRefund(r: Json): AcquirerRefund {
    const status = str(r.status)
    const details = obj(r.cancellation_details)
    return {
      externalId: str(r.id) || null,
      externalPaymentId: str(r.payment_id) || null,
      status: status === 'succeeded' || status === 'canceled' ? status : 'pending',
      amount: parseMoney(obj(r.amount).value),
      reason: [str(details.party), str(details.reason)].filter(Boolean).join(': '),
    }
  }

  const safeId = (id: string) => encodeURIComponent(id)

  return {
    code: 'yookassa',

    async createPayment(input: CreatePaymentInput) {
      if (receiptTotal(input.receipt) !== input.amount)
        throw new AcquirerError(`receipt sum ${receiptTotal(input.receipt)} ≠ amount ${input.amount}`, false)
      const answer = await call(
        'POST',
        '/payments',
        {
          amount: amount(input.amount),
          capture: true,
          confirmation: { type: 'redirect', return_url: input.returnUrl },
          description: documentText('payment', { number: input.orderNumber }).slice(0, DESCRIPTION_MAX),
          metadata: { orderId: String(input.orderId), orderNumber: input.orderNumber, paymentId: input.paymentId },
          receipt: receipt(input.receipt),
        },
        input.idempotenceKey,
      )
      const p = toPayment(answer ?? {})
      if (!p.externalId) throw new AcquirerError('YooKassa answered a payment without an id', true)
      if (p.status === 'canceled') throw new AcquirerError(`YooKassa cancelled payment ${p.externalId} at once`, false)
      return { externalId: p.externalId, confirmationUrl: p.confirmationUrl ?? input.returnUrl }
    },

    async fetchPayment(externalId, opts = {}) {
      const tries = opts.quick ? yookassaTuning.quickAttempts : yookassaTuning.attempts
      const answer = await call('GET', `/payments/${safeId(externalId)}`, undefined, undefined, tries)
      return answer ? toPayment(answer) : null
    },

    async createRefund(input: CreateRefundInput) {
      const answer = await call(
        'POST',
        '/refunds',
        {
          payment_id: input.externalPaymentId,
          amount: amount(input.amount),
          description: input.description.slice(0, 250),
          receipt: receipt(input.receipt),
        },
        input.idempotenceKey,
      )
      return toRefund(answer ?? {})
    },

    async fetchRefund(externalId, opts = {}) {
      const tries = opts.quick ? yookassaTuning.quickAttempts : yookassaTuning.attempts
      const answer = await call('GET', `/refunds/${safeId(externalId)}`, undefined, undefined, tries)
      return answer ? toRefund(answer) : null
    },
  }
}
