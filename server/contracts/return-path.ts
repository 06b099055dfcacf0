/**
 * Where to send the browser after a form (sign-in `back`, the OAuth return address). Zod-free:
 * it ships to the browser with the login page.
 *
 * The value is resolved against the site's origin the way a browser would, and kept only when it
 * stays on that origin and is a plain path. A browser drops tabs and newlines from a URL and reads
 * `\` as `/`, so `/\tevil`, `/\evil` and `/%09/evil` (once decoded by a router) all become
 * `//evil` — a link to another host. Anything of the kind, in any layer of percent-encoding, is
 * refused, and a refused value ends on the home page.
 */
export const HOME_PATH = '/'
const MAX_LENGTH = 2000
/** Each layer of percent-encoding is undone at most this many times; deeper nesting is refused. */
const MAX_DECODE_LAYERS = 4

// A control character (tabs, newlines, NUL, DEL) or a backslash anywhere.
// eslint-disable-next-line no-control-regex
const UNSAFE_CHAR = /[\u0000-\u001f\u007f\\]/
/** Another host: `//host`, or a scheme (`javascript:`, `https:`) before the first slash. */
const OTHER_HOST = /^(?:\/\/|[^/]*:)/

function plainLayer(value: string): boolean {
  return !UNSAFE_CHAR.test(value) && !OTHER_HOST.test(value) && value.startsWith('/')
}

/**
 * `value` when it is a same-origin plain path (`/cart/?step=2#top`), else `/`. Absolute URLs of
 * this same origin are turned into their path.
 */
export function safeReturnPath(value: unknown, origin: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return HOME_PATH
  let base: URL
  try {
    base = new URL(origin)
  } catch {
    return HOME_PATH
  }
  let candidate = value
  // Same-origin absolute URL → its path (then checked like any path).
  if (!candidate.startsWith('/')) {
    if (UNSAFE_CHAR.test(candidate)) return HOME_PATH
    let parsed: URL
    try {
      parsed = new URL(candidate)
    } catch {
      return HOME_PATH
    }
    if (parsed.origin !== base.origin || parsed.username || parsed.password) return HOME_PATH
    candidate = parsed.pathname + parsed.search + parsed.hash
  }
  // Every decoded layer must be a plain path too (`%2F%2Fevil`, `/%5Cevil`, `/%09/evil`).
  let layer = candidate
  for (let i = 0; ; i++) {
    if (!plainLayer(layer)) return HOME_PATH
    let decoded: string
    try {
      decoded = decodeURIComponent(layer)
    } catch {
      return HOME_PATH
    }
    if (decoded === layer) break
    if (i >= MAX_DECODE_LAYERS) return HOME_PATH
    layer = decoded
  }
  let resolved: URL
  try {
    resolved = new URL(candidate, base)
  } catch {
    return HOME_PATH
  }
  if (resolved.origin !== base.origin) return HOME_PATH
  return resolved.pathname + resolved.search + resolved.hash
}

/** `back` as given, or `fallback` when there is none; a present but unsafe value ends on `/`. */
export function returnPathOr(value: unknown, origin: string, fallback: string): string {
  return value === undefined || value === null || value === '' ? fallback : safeReturnPath(value, origin)
}
