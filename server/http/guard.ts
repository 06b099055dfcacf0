import { ZodError } from 'zod'
import { serverOrigin } from '../context'
import { AppError, messageText, type FieldErrorMessage } from '../errors'
import { errorMap, flattenErrors } from '../contracts/common'
import { t, type Locale } from '../contracts/i18n'
import { log } from '../logger'

/**
 * The edge rules REST (`server/rest/execute.ts`) and tRPC (`server/trpc/init.ts`, `handler.ts`)
 * share, so the two adapters cannot drift: which requests are refused as cross-site, and how a
 * thrown error becomes a status and a body.
 */

/** Every answer that may depend on the session: no shared cache may keep it (issue 12 §6). */
export const PRIVATE_NO_STORE = 'private, no-store'

export const MUTATING_METHODS: ReadonlySet<string> = new Set(['POST', 'PATCH', 'PUT', 'DELETE'])

/**
 * A state-changing request another site made a browser send (OWASP CSRF cheat sheet: verify the
 * origin with standard headers, Fetch Metadata). Refused when its `Origin` is not this site's
 * (APP_ORIGIN, else the request's own), or when the browser marks it `Sec-Fetch-Site: cross-site`
 * even without an Origin. Reads never change state, so they are not checked; server-to-server
 * calls (acquirer notifications) send neither header.
 */
export function isCrossSiteMutation(request: Request): boolean {
  if (!MUTATING_METHODS.has(request.method.toUpperCase())) return false
  const origin = request.headers.get('origin')
  if (origin !== null && origin !== serverOrigin(request)) return true
  return request.headers.get('sec-fetch-site')?.toLowerCase() === 'cross-site'
}

/** What the caller is told about a failure, before the adapter puts it in its own envelope. */
export interface ErrorAnswer {
  status: number
  key: string
  /** The message in the caller's locale. */
  message: string
  /** Per-field messages in the caller's locale (422). */
  errors?: Record<string, string>
  /** An AppError's further answer fields (`timeout`, ...), without `errors`. */
  extra: Record<string, unknown>
  /** Set for unexpected errors: the id the shopper can quote and the log carries. */
  requestId?: string
  /** Not an AppError or a validation failure: a bug or an outage, to be logged. */
  unexpected: boolean
}

export interface Caller {
  locale: Locale
  requestId: string
}

/** The value at a zod issue's path in the raw input (final issues do not carry their input). */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v = input
  for (const k of path) {
    if (v === null || typeof v !== 'object') return undefined
    v = (v as Record<PropertyKey, unknown>)[k]
  }
  return v
}

/** A zod failure's field messages in `locale` (the spec's texts, contracts/common.ts). */
export function fieldErrors(error: ZodError, locale: Locale, rawInput?: unknown): Record<string, string> {
  const messageOf = errorMap(locale)
  const issues = error.issues.map((issue) => {
    const input = (issue as { input?: unknown }).input ?? valueAt(rawInput, issue.path)
    return { ...issue, message: messageOf({ ...issue, input } as never) }
  })
  return flattenErrors(new ZodError(issues))
}

/**
 * The one mapping from a thrown value to an answer: AppError → its status and message key in the
 * caller's locale; zod → 422 with per-field messages; anything else → 500 with a generic message
 * and the request id, never the internal message. `rawInput` (the request's input) lets a
 * missing field read "Required field" rather than "Invalid data".
 */
export function mapError(e: unknown, caller: Caller, rawInput?: unknown): ErrorAnswer {
  if (e instanceof AppError) {
    const { errors, ...extra } = e.extra
    const answer: ErrorAnswer = {
      status: e.status,
      key: e.key,
      message: messageText(caller.locale, e),
      extra,
      unexpected: false,
    }
    if (errors && typeof errors === 'object') {
      // Field errors thrown by services carry message keys (with their parameters).
      answer.errors = Object.fromEntries(
        Object.entries(errors as Record<string, FieldErrorMessage>).map(([k, v]) => [
          k,
          typeof v === 'string' ? t(caller.locale, v) : messageText(caller.locale, v),
        ]),
      )
    }
    return answer
  }
  if (e instanceof ZodError) {
    return {
      status: 422,
      key: 'api.validation',
      message: t(caller.locale, 'api.validation'),
      errors: fieldErrors(e, caller.locale, rawInput),
      extra: {},
      unexpected: false,
    }
  }
  return {
    status: 500,
    key: 'api.internal',
    message: t(caller.locale, 'api.internal'),
    extra: {},
    requestId: caller.requestId,
    unexpected: true,
  }
}

/** The REST body of a failure: `{success: false, message, ...extra, errors?, requestId?}`. */
export function errorBody(answer: ErrorAnswer): Record<string, unknown> {
  const body: Record<string, unknown> = { success: false, message: answer.message, ...answer.extra }
  if (answer.errors) body.errors = answer.errors
  if (answer.requestId) body.requestId = answer.requestId
  return body
}

/** Logs an unexpected error with its stack; the caller sees only ErrorAnswer. */
export function logUnexpected(e: unknown, fields: Record<string, unknown>) {
  log.error('Unhandled error', {
    ...fields,
    error: e instanceof Error ? { name: e.name, message: e.message, stack: e.stack } : String(e),
  })
}
