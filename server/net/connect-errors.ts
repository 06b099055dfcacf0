/** Error codes of the connection phase: the request never reached the other side, so it did nothing there. */
const NOT_CONNECTED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
])

/** The system error code behind a failed fetch (undici wraps it in `cause`, up to a few levels deep). */
export function causeCode(err: unknown): string | undefined {
  let e: unknown = err
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string') return code
    e = (e as { cause?: unknown }).cause
  }
  return undefined
}

/** A fetch that failed before its request was sent (refused, no such host, connect timeout): safe to retry. */
export function neverSent(err: unknown): boolean {
  const code = causeCode(err)
  return code !== undefined && NOT_CONNECTED.has(code)
}
