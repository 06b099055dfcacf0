import { env } from '../../env'
import { log } from '../../logger'
import { SmsSendError, type SmsFailure } from './errors'
import { maskPhone } from './outbox'
import type { SmsProvider } from './types'
import { causeCode, neverSent } from '../../net/connect-errors'

/**
 * SMS.ru (sms.ru/api/send): `POST {SMSRU_API_URL}/sms/send`, form-encoded `api_id`, `to` (11
 * digits), `msg`, `json=1` and the approved sender `from` when set. The api_id travels in the
 * body, never in the URL (URLs end up in proxy and access logs). The answer is
 * `{status, status_code, sms: {<to>: {status, status_code, status_text?, sms_id?}}, balance}`;
 * a request-level error has `status: "ERROR"` with its `status_code` and `status_text`.
 *
 * Retries. SMS.ru has no idempotency key: a request repeated after it reached the gateway may
 * send the text twice (and bill it twice). So a send is repeated once only when it certainly
 * did not reach SMS.ru — the connection was never made (refused, DNS, unreachable) — or when
 * SMS.ru itself said 220 "service temporarily unavailable" (nothing was taken). A timeout, a
 * broken connection, a 5xx or an unreadable answer after the request went out is ambiguous: it
 * is not repeated, the shopper gets a clear error and may ask for a new code at once (the
 * account service starts no wait on a failed send), and a new code replaces the old one.
 *
 * Nothing is stored: the code exists only in the text on its way to the phone. Logs carry the
 * masked phone, the gateway's status and the SMS id — never the text (it holds the code).
 */

export interface SmsRuOptions {
  apiUrl: string
  apiId: string
  from?: string
  /** Per attempt; the shopper is waiting on it. */
  timeoutMs?: number
  /** Pause before the one safe retry. */
  retryDelayMs?: number
}

const DEFAULT_TIMEOUT_MS = 10_000
const DEFAULT_RETRY_DELAY_MS = 500

/** Codes of the SMS.ru send method (sms.ru/api/send) by what they mean for the shopper. */
const FAILURES: Record<SmsFailure, readonly number[]> = {
  // wrong or unreachable number, stop-lists, foreign number refused, country blocked
  number: [202, 207, 209, 214, 215, 550],
  // per-number and anti-fraud limits: 230–233 to this number, 304/305 codes, 501–506/508 by address or country
  limit: [230, 231, 232, 233, 304, 305, 501, 502, 503, 504, 505, 506, 508],
  // the shop's account or request: api_id (200, 300–302), money (201), daily limit (206),
  // sender (204, 221), text or parameters (203, 205, 208, 210–213, 216, 217), end-user ip (507)
  account: [200, 201, 203, 204, 205, 206, 208, 210, 211, 212, 213, 216, 217, 221, 300, 301, 302, 507],
  // 220 service temporarily unavailable, 500 server error
  unavailable: [220, 500],
}
const BY_CODE = new Map<number, SmsFailure>(
  (Object.entries(FAILURES) as [SmsFailure, readonly number[]][]).flatMap(([reason, codes]) =>
    codes.map((c): [number, SmsFailure] => [c, reason]),
  ),
)

/** A gateway code → the failure it means; an unknown code counts as the gateway failing. */
export function smsRuFailure(code: number): SmsFailure {
  return BY_CODE.get(code) ?? 'unavailable'
}

/** `+7 (916) 123-45-67`, `+79161234567`, `89161234567` → `79161234567`; anything else is refused. */
export function smsRuNumber(phone: string): string | null {
  const digits = phone.replace(/\D/g, '')
  if (/^[78]\d{10}$/.test(digits)) return '7' + digits.slice(1)
  if (/^9\d{9}$/.test(digits)) return '7' + digits
  return null
}

interface SmsRuAnswer {
  status?: unknown
  status_code?: unknown
  status_text?: unknown
  sms?: Record<string, { status?: unknown; status_code?: unknown; status_text?: unknown; sms_id?: unknown }>
  balance?: unknown
}

type Attempt = { ok: true; smsId: string; balance: unknown } | { ok: false; error: SmsSendError; retry: boolean }

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function attempt(opts: SmsRuOptions, to: string, text: string): Promise<Attempt> {
  const body = new URLSearchParams({ api_id: opts.apiId, to, msg: text, json: '1' })
  if (opts.from) body.set('from', opts.from)
  let res: Response
  try {
    res = await fetch(`${opts.apiUrl.replace(/\/+$/, '')}/sms/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8', accept: 'application/json' },
      body,
      signal: AbortSignal.timeout(opts.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      redirect: 'error',
    })
  } catch (err) {
    const code = causeCode(err)
    const timedOut = (err as Error)?.name === 'TimeoutError'
    const notConnected = neverSent(err)
    return {
      ok: false,
      retry: notConnected,
      error: new SmsSendError(
        'unavailable',
        null,
        timedOut ? 'SMS.ru did not answer in time' : `SMS.ru unreachable (${code ?? 'network error'})`,
        !notConnected,
      ),
    }
  }
  let answer: SmsRuAnswer
  try {
    const raw = await res.text()
    if (!res.ok) throw new Error(`HTTP ${res.status}`)
    answer = JSON.parse(raw) as SmsRuAnswer
    if (!answer || typeof answer !== 'object') throw new Error('not an object')
  } catch (err) {
    return {
      ok: false,
      retry: false,
      error: new SmsSendError('unavailable', null, `SMS.ru answer unusable (${(err as Error).message})`, true),
    }
  }
  if (answer.status !== 'OK') {
    const code = Number(answer.status_code)
    return {
      ok: false,
      retry: code === 220,
      error: new SmsSendError(smsRuFailure(code), Number.isFinite(code) ? code : null, gatewayText(answer)),
    }
  }
  const entries = Object.entries(answer.sms ?? {})
  const mine = answer.sms?.[to] ?? (entries.length === 1 ? entries[0]?.[1] : undefined)
  if (!mine) {
    return {
      ok: false,
      retry: false,
      error: new SmsSendError('unavailable', null, 'SMS.ru answer has no result for the number', true),
    }
  }
  if (mine.status !== 'OK') {
    const code = Number(mine.status_code)
    return {
      ok: false,
      retry: false,
      error: new SmsSendError(smsRuFailure(code), Number.isFinite(code) ? code : null, gatewayText(mine)),
    }
  }
  return { ok: true, smsId: typeof mine.sms_id === 'string' ? mine.sms_id : '', balance: answer.balance }
}

function gatewayText(a: { status_code?: unknown; status_text?: unknown }): string {
  const text = typeof a.status_text === 'string' ? a.status_text.slice(0, 300) : ''
  return `SMS.ru refused: ${String(a.status_code)}${text ? ` ${text}` : ''}`
}

/** An SMS.ru provider over the given settings (tests point it at the local fake). */
export function createSmsRuProvider(settings: () => SmsRuOptions): SmsProvider {
  return {
    name: 'smsru',
    async send(_db, message) {
      const opts = settings()
      const phone = maskPhone(message.phone)
      const to = smsRuNumber(message.phone)
      if (!to) {
        log.warn('SMS not sent: not a Russian mobile number', { phone })
        throw new SmsSendError('number', null, 'not an 11-digit Russian number')
      }
      let result = await attempt(opts, to, message.text)
      if (!result.ok && result.retry) {
        log.warn('SMS.ru send failed before reaching the gateway, retrying once', {
          phone,
          error: result.error.message,
        })
        await sleep(opts.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS)
        result = await attempt(opts, to, message.text)
      }
      if (result.ok) {
        log.info('SMS sent through SMS.ru', { phone, smsId: result.smsId, balance: result.balance })
        return
      }
      const e = result.error
      const fields = { phone, reason: e.reason, gatewayCode: e.gatewayCode, maybeSent: e.maybeSent, error: e.message }
      // The operator must act on the account's problems (api_id, money, sender); the rest is the shopper's.
      if (e.reason === 'account' || e.reason === 'unavailable') log.error('SMS.ru send failed', fields)
      else log.warn('SMS.ru refused the number', fields)
      throw e
    },
  }
}

/** SMS_PROVIDER=smsru, configured from SMSRU_API_ID / SMSRU_API_URL / SMSRU_FROM. */
export const smsRuProvider: SmsProvider = createSmsRuProvider(() => {
  const e = env()
  return { apiUrl: e.SMSRU_API_URL, apiId: e.SMSRU_API_ID, from: e.SMSRU_FROM || undefined }
})
