import { createIsomorphicFn } from '@tanstack/react-start'

const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'))
let pool = new Uint8Array(0)
let used = 0

/** 128 random bits as hex, drawn from a batch of CSPRNG bytes (one system call per 256 nonces). */
export function randomNonce(): string {
  if (used + 16 > pool.length) {
    pool = new Uint8Array(4096)
    crypto.getRandomValues(pool)
    used = 0
  }
  let out = ''
  for (let i = used; i < used + 16; i++) out += HEX[pool[i] ?? 0]
  // Bytes are never handed out twice.
  used += 16
  return out
}

/** A fresh nonce per server render; TanStack puts it on every script it emits. */
export const ssrOptions = createIsomorphicFn()
  .server(() => ({ nonce: randomNonce() }))
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
