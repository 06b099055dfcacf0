/**
 * Request input for the REST adapter: bracket-notation forms and query strings
 * (`a[0][b]=1` → {a:[{b:'1'}]}), JSON bodies, and snake_case keys turned into camelCase.
 */

import { FORBIDDEN_KEYS, parseBracketPairs } from '../contracts/bracket-pairs'
import { BodyTooLarge, MAX_BODY_BYTES, readLimited } from '../http/body-limit'

export { parseBracketPairs }

export const snakeToCamel = (key: string) =>
  key.includes('_') ? key.replace(/_+([a-z0-9])/g, (_, c: string) => c.toUpperCase()) : key

/** snake_case keys become camelCase at every depth; camelCase keys pass unchanged. */
export function camelizeKeys(v: unknown, depth = 0): unknown {
  if (depth > 20) return v
  if (Array.isArray(v)) return v.map((x) => camelizeKeys(x, depth + 1))
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {}
    for (const [k, x] of Object.entries(v)) {
      if (FORBIDDEN_KEYS.has(k)) continue
      out[snakeToCamel(k)] = camelizeKeys(x, depth + 1)
    }
    return out
  }
  return v
}

export function parseQuery(search: URLSearchParams): Record<string, unknown> {
  return parseBracketPairs(search.entries())
}

export type BodyResult =
  { ok: true; value: Record<string, unknown> } | { ok: false; status: 400 | 413 | 415; key: string }

/** Reads a request body within the 1 MiB limit; JSON, urlencoded or multipart. */
export async function readBody(request: Request): Promise<BodyResult> {
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > MAX_BODY_BYTES) return { ok: false, status: 413, key: 'api.payloadTooLarge' }
  const type = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  const multipart = type === 'multipart/form-data'
  let raw: string | Uint8Array
  try {
    raw = await readLimited(request, MAX_BODY_BYTES, multipart ? 'bytes' : 'text')
  } catch (e) {
    if (e instanceof BodyTooLarge) return { ok: false, status: 413, key: 'api.payloadTooLarge' }
    return { ok: false, status: 400, key: 'api.badBody' }
  }
  if (raw.length === 0) return { ok: true, value: {} }
  const text = typeof raw === 'string' ? raw : ''
  if (type === 'application/json' || type.endsWith('+json')) {
    try {
      const parsed: unknown = JSON.parse(text)
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
        return { ok: true, value: { _: parsed } }
      return { ok: true, value: camelizeKeys(parsed) as Record<string, unknown> }
    } catch {
      return { ok: false, status: 400, key: 'api.badBody' }
    }
  }
  if (type === 'application/x-www-form-urlencoded' || type === '') {
    return {
      ok: true,
      value: camelizeKeys(parseBracketPairs(new URLSearchParams(text).entries())) as Record<string, unknown>,
    }
  }
  if (type === 'multipart/form-data') {
    try {
      const form = await new Response(raw as BodyInit, {
        headers: { 'content-type': request.headers.get('content-type') ?? '' },
      }).formData()
      const pairs: [string, string][] = []
      form.forEach((v, k) => {
        if (typeof v === 'string') pairs.push([k, v])
      })
      return { ok: true, value: camelizeKeys(parseBracketPairs(pairs)) as Record<string, unknown> }
    } catch {
      return { ok: false, status: 400, key: 'api.badBody' }
    }
  }
  return { ok: false, status: 415, key: 'api.unsupportedMediaType' }
}
