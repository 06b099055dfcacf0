import { log } from '../../logger'
import { causeCode, neverSent } from '../../net/connect-errors'

/**
 * The wire of YCLIENTS' online-booking API (the endpoints a booking widget uses), written from
 * YCLIENTS' own documentation, "YCLIENTS REST API" at developer.yclients.com (its API Blueprint:
 * github.com/mkosinov/yclientsapi, docs/yclients_official/yclientsru.apib) — ADR 046:
 *
 * - base `{YCLIENTS_API_URL}/api/v1`; every request `Accept: application/vnd.yclients.v2+json`
 *   ("Версионирование API": the v2 answer always has `success`, `data`, `meta`) and
 *   `Authorization: Bearer <partner token>`; the user-side record methods add `, User <user
 *   token>` ("Авторизация запросов API"). The booking methods' examples carry the partner token
 *   only, and so does this client: the user token goes where the documentation puts it.
 * - `GET book_services/{company}`, `GET book_staff/{company}?service_ids[]&datetime`,
 *   `GET book_dates/{company}?service_ids[]&staff_id&date`,
 *   `GET book_times/{company}/{staff}/{date}?service_ids[]` (staff 0: any master);
 * - `POST book_check/{company}` `{appointments: [{id, services, staff_id, datetime}]}`: 201 when
 *   the visits can be made; anything else means they cannot (422 with code 433 "time taken",
 *   436 "no master free", 437 "two visits overlap", 438 "service gone");
 * - `POST book_record/{company}` `{phone: "79161502239", fullname, email, comment, notify_by_sms,
 *   notify_by_email, api_id, appointments}` → 201 `data: [{id, record_id, record_hash}]`; 422 with
 *   431 (phone form), 432 (SMS code), 433, 435 (no name), 436, 437; 403 with 434 (blacklisted);
 * - `DELETE user/records/{record_id}/{record_hash}` → 200: the hash lets the booking's maker
 *   cancel without signing the user in.
 *
 * Where the numeric error code sits in a v2 error body the documentation does not show (its
 * example of book_check's 422 is `{success: false, data: null, meta: {message}}`), so the
 * codes are read where they may be (`meta.code`, `meta.errors…code`, `errors.code`, `code`) and
 * the decision never depends on finding one: see `classify`.
 */

export const YCLIENTS_ACCEPT = 'application/vnd.yclients.v2+json'

export interface YclientsSettings {
  apiUrl: string
  partnerToken: string
  userToken: string
}

/** Timeouts; tests shorten them. */
export const yclientsTuning = {
  /** One read (services, staff, dates, times): the shopper is waiting on the page. */
  readTimeoutMs: 6_000,
  /** book_check, book_record, the cancel. */
  writeTimeoutMs: 10_000,
}

/** Codes YCLIENTS documents for a booking that cannot be made at that time. */
export const TIME_TAKEN_CODES = new Set([433, 436, 437])

/**
 * How a failed call ends for the shop:
 * - `taken`: the time (or every master at it) is no longer free — a 409 to the shopper;
 * - `refused`: YCLIENTS refused what was sent (a phone or name it does not take, a service gone,
 *   a blacklisted phone, an unknown company or staff) — the booking cannot be made online;
 * - `unavailable`: no answer, a timeout, 5xx, 429, an unreadable answer, or the shop's tokens
 *   refused (401/403/406) — try later or use the request form.
 * `sent` is true when the request may have reached YCLIENTS and the outcome is unknown.
 */
export type YclientsFailureKind = 'taken' | 'refused' | 'unavailable'

export class YclientsError extends Error {
  override readonly name = 'YclientsError'
  constructor(
    readonly kind: YclientsFailureKind,
    readonly status: number | null,
    readonly code: number | null,
    detail: string,
    readonly maybeDone = false,
  ) {
    super(detail)
  }
}

type Json = Record<string, unknown>
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {})

/** A documented error code (431–438) wherever the answer carries one, or null. */
export function errorCode(body: unknown): number | null {
  const b = obj(body)
  const meta = obj(b.meta)
  const candidates: unknown[] = [meta.code, b.code, obj(b.errors).code, obj(meta.errors).code]
  for (const list of [meta.errors, b.errors])
    if (Array.isArray(list)) for (const e of list) candidates.push(obj(e).code)
  for (const c of candidates) {
    const n = typeof c === 'string' ? Number(c) : c
    if (typeof n === 'number' && Number.isInteger(n) && n >= 400 && n < 500) return n
  }
  // A code said in the message: "… (433)".
  const message = typeof meta.message === 'string' ? meta.message : ''
  const m = /\b(43[1-8])\b/.exec(message)
  return m ? Number(m[1]) : null
}

export function errorMessage(body: unknown): string {
  const b = obj(body)
  const m = obj(b.meta).message ?? b.message ?? obj(b.errors).message
  return typeof m === 'string' ? m.slice(0, 300) : ''
}

/**
 * A failed answer → its failure. book_check: any non-201 answer means "cannot be booked"
 * (documented); a 422 without a code other than 433/436/437 is read as the documented common
 * case, a taken time (the one example of its 422). 438 and 431/432/435 are refusals of what was
 * sent, 403 with 434 a blacklisted phone; 401/403/406 are the shop's credentials or headers
 * (the operator must act), 404 an unknown company/staff (configuration), 429 and 5xx
 * YCLIENTS being unavailable.
 */
export function classify(status: number, body: unknown): { kind: YclientsFailureKind; code: number | null } {
  const code = errorCode(body)
  if (status === 422) {
    if (code === null || TIME_TAKEN_CODES.has(code)) return { kind: 'taken', code }
    return { kind: 'refused', code }
  }
  if (status === 403 && code === 434) return { kind: 'refused', code }
  if (status === 404 || status === 400) return { kind: 'refused', code }
  return { kind: 'unavailable', code }
}

export interface CallOptions {
  method: 'GET' | 'POST' | 'DELETE'
  path: string
  query?: [string, string][]
  body?: unknown
  /** Adds `, User <user token>` to the Authorization header. */
  asUser?: boolean
  timeoutMs: number
  /** Status codes that mean success (default 200, 201). */
  okStatus?: number[]
}

export interface CallResult {
  status: number
  body: unknown
}

/** One request; throws YclientsError on anything but a success answer. Never retried here. */
export async function call(settings: YclientsSettings, o: CallOptions): Promise<CallResult> {
  const base = settings.apiUrl.replace(/\/+$/, '')
  const url = new URL(`${base}/api/v1/${o.path}`)
  for (const [k, v] of o.query ?? []) url.searchParams.append(k, v)
  const headers: Record<string, string> = {
    accept: YCLIENTS_ACCEPT,
    authorization: `Bearer ${settings.partnerToken}${o.asUser ? `, User ${settings.userToken}` : ''}`,
  }
  if (o.body !== undefined) headers['content-type'] = 'application/json'
  const write = o.method !== 'GET'
  const where = `${o.method} /api/v1/${o.path.replace(/\/[0-9a-f]{16,}$/i, '/…')}`
  let res: Response
  try {
    res = await fetch(url, {
      method: o.method,
      headers,
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
      signal: AbortSignal.timeout(o.timeoutMs),
      redirect: 'error',
    })
  } catch (err) {
    const timedOut = (err as Error)?.name === 'TimeoutError'
    const code = causeCode(err)
    // Refused, unresolved, unreachable: the request never left, so nothing can have been done.
    const notSent = neverSent(err)
    throw new YclientsError(
      'unavailable',
      null,
      null,
      `${where}: ${timedOut ? `no answer in ${o.timeoutMs} ms` : `unreachable (${code ?? 'network error'})`}`,
      write && !notSent,
    )
  }
  let text: string
  try {
    text = await res.text()
  } catch {
    throw new YclientsError('unavailable', res.status, null, `${where}: the answer broke off`, write)
  }
  let body: unknown = null
  if (text) {
    try {
      body = JSON.parse(text)
    } catch {
      body = undefined
    }
  }
  if ((o.okStatus ?? [200, 201]).includes(res.status)) {
    if (body === undefined)
      throw new YclientsError(
        'unavailable',
        res.status,
        null,
        `${where}: HTTP ${res.status} with an unreadable body`,
        write,
      )
    if (body !== null && obj(body).success === false) {
      const code = errorCode(body)
      const kind = code !== null && TIME_TAKEN_CODES.has(code) ? 'taken' : 'unavailable'
      throw new YclientsError(kind, res.status, code, `${where}: success false ${errorMessage(body)}`)
    }
    return { status: res.status, body }
  }
  const { kind, code } = classify(res.status, body)
  const error = new YclientsError(
    kind,
    res.status,
    code,
    `${where}: HTTP ${res.status}${code ? ` code ${code}` : ''} ${errorMessage(body)}`.trim(),
    write && res.status >= 500,
  )
  if ([401, 403, 406].includes(res.status) && code !== 434)
    log.error(
      'YCLIENTS refused the shop’s credentials or headers: check YCLIENTS_PARTNER_TOKEN / YCLIENTS_USER_TOKEN',
      {
        status: res.status,
        path: where,
        message: errorMessage(body),
      },
    )
  throw error
}

/** The `data` of a v2 answer. */
export const data = (r: CallResult): unknown => obj(r.body).data
