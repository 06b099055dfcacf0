import type { MessageKey } from './contracts/i18n'

/**
 * A failure a caller can act on. Services throw it; adapters turn it into the contract's
 * status code (REST) or a TRPCError (tRPC). `message` is a message key, translated at the edge.
 */
export class AppError extends Error {
  constructor(
    public readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429 | 502 | 503,
    public readonly key: MessageKey | (string & {}),
    public readonly params: Record<string, string | number> = {},
    /** Extra fields for the answer body (errors, timeout, ...). */
    public readonly extra: Record<string, unknown> = {},
  ) {
    super(key)
  }
}

export const notFound = (key: string = 'api.notFound') => new AppError(404, key)
export const conflict = (key: string, params?: Record<string, string | number>, extra?: Record<string, unknown>) =>
  new AppError(409, key, params, extra)
export const unprocessable = (key: string, params?: Record<string, string | number>, extra?: Record<string, unknown>) =>
  new AppError(422, key, params, extra)
export const unauthorized = () => new AppError(401, 'api.unauthorized')
