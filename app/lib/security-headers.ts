import { createIsomorphicFn } from '@tanstack/react-start'

/** A fresh nonce per server render; TanStack puts it on every script it emits. */
export const ssrOptions = createIsomorphicFn()
  .server(() => {
    const bytes = new Uint8Array(16)
    crypto.getRandomValues(bytes)
    return { nonce: Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('') }
  })
  .client(() => undefined)

/**
 * The Content-Security-Policy of every page. Scripts: same origin plus this render's nonce.
 * Styles allow inline attributes (React `style`), which cannot carry a nonce.
 */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

export function pageSecurityHeaders(nonce: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
  }
  if (nonce) headers['Content-Security-Policy'] = contentSecurityPolicy(nonce)
  return headers
}
