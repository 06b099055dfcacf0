import { t, type Locale, type MessageKey } from './contracts/i18n'

/**
 * A text as services hand it over: a message key and its parameters, translated at the edge. A
 * parameter may itself be a message (a reason inside a sentence).
 */
export interface Message {
  key: MessageKey | (string & {})
  params?: MessageParams
}
export type MessageParams = Record<string, string | number | Message>

/** A message in `locale`, its message parameters translated first. */
export function messageText(locale: Locale, { key, params }: Message): string {
  if (!params) return t(locale, key)
  const flat = Object.fromEntries(
    Object.entries(params).map(([name, v]) => [name, typeof v === 'object' ? messageText(locale, v) : v]),
  )
  return t(locale, key, flat)
}

/** A field's error in an AppError's `errors`: a message key, or a key with parameters. */
export type FieldErrorMessage = string | Message

/**
 * A failure a caller can act on. Services throw it; adapters turn it into the contract's
 * status code (REST) or a TRPCError (tRPC). `message` is a message key, translated at the edge.
 */
export class AppError extends Error {
  constructor(
    public readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429 | 502 | 503,
    public readonly key: MessageKey | (string & {}),
    public readonly params: MessageParams = {},
    /** Extra fields for the answer body (errors, timeout, ...). */
    public readonly extra: Record<string, unknown> = {},
  ) {
    super(key)
  }
}

export const notFound = (key: string = 'api.notFound') => new AppError(404, key)
export const conflict = (key: string, params?: MessageParams, extra?: Record<string, unknown>) =>
  new AppError(409, key, params, extra)
export const unprocessable = (key: string, params?: MessageParams, extra?: Record<string, unknown>) =>
  new AppError(422, key, params, extra)
export const unauthorized = () => new AppError(401, 'api.unauthorized')
