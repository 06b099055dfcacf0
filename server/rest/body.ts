/**
 * Request input for the REST adapter: bracket-notation forms and query strings
 * (`a[0][b]=1` → {a:[{b:'1'}]}), JSON bodies, and snake_case keys turned into camelCase.
 */

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype'])
const MAX_DEPTH = 8
const MAX_INDEX = 1000

type Tree = Record<string, unknown> | unknown[]

function splitKey(key: string): string[] | null {
  const first = key.indexOf('[')
  if (first === -1) return [key]
  const head = key.slice(0, first)
  const rest = key.slice(first)
  const parts = [head]
  const re = /\[([^[\]]*)\]/g
  let consumed = 0
  let m: RegExpExecArray | null
  while ((m = re.exec(rest))) {
    if (m.index !== consumed) return null
    parts.push(m[1] ?? '')
    consumed = m.index + m[0].length
  }
  if (consumed !== rest.length) return null
  return parts
}

/** Builds a nested object from flat `key=value` pairs in bracket notation. */
export function parseBracketPairs(pairs: Iterable<[string, string]>): Record<string, unknown> {
  const root: Record<string, unknown> = Object.create(null) as Record<string, unknown>
  for (const [rawKey, value] of pairs) {
    const parts = splitKey(rawKey) ?? [rawKey]
    if (parts.length > MAX_DEPTH || parts.some((p) => FORBIDDEN_KEYS.has(p)) || parts[0] === '') continue
    let node: Tree = root
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i] as string
      const last = i === parts.length - 1
      const nextPart = parts[i + 1]
      const wantsArray = nextPart !== undefined && (nextPart === '' || /^\d+$/.test(nextPart))
      if (Array.isArray(node)) {
        let index: number
        if (part === '') index = node.length
        else if (/^\d+$/.test(part) && Number(part) <= MAX_INDEX) index = Number(part)
        else break
        if (last) node[index] = value
        else {
          const existing = node[index]
          if (typeof existing !== 'object' || existing === null) node[index] = wantsArray ? [] : Object.create(null)
          node = node[index] as Tree
        }
      } else {
        if (last) {
          const existing = node[part]
          // `a=1&a=2` (repeated keys) keeps every value, like most form parsers.
          if (existing === undefined) node[part] = value
          else if (Array.isArray(existing)) existing.push(value)
          else if (typeof existing === 'string') node[part] = [existing, value]
        } else {
          const existing = node[part]
          if (typeof existing !== 'object' || existing === null) node[part] = wantsArray ? [] : Object.create(null)
          node = node[part] as Tree
        }
      }
    }
  }
  return compact(root) as Record<string, unknown>
}

/** Sparse arrays from `a[5]=x` become dense; prototype-less objects become plain ones. */
function compact(v: unknown): unknown {
  if (Array.isArray(v)) return v.filter((x) => x !== undefined).map(compact)
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {}
    for (const [k, x] of Object.entries(v)) out[k] = compact(x)
    return out
  }
  return v
}

export const snakeToCamel = (key: string) => key.replace(/_+([a-z0-9])/g, (_, c: string) => c.toUpperCase())

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

export const MAX_BODY_BYTES = 1024 * 1024

export type BodyResult =
  { ok: true; value: Record<string, unknown> } | { ok: false; status: 400 | 413 | 415; key: string }

/** Reads a request body within the 1 MiB limit; JSON, urlencoded or multipart. */
export async function readBody(request: Request): Promise<BodyResult> {
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > MAX_BODY_BYTES) return { ok: false, status: 413, key: 'api.payloadTooLarge' }
  const type = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  let bytes: Uint8Array
  try {
    bytes = await readLimited(request, MAX_BODY_BYTES)
  } catch (e) {
    if (e instanceof BodyTooLarge) return { ok: false, status: 413, key: 'api.payloadTooLarge' }
    return { ok: false, status: 400, key: 'api.badBody' }
  }
  if (bytes.length === 0) return { ok: true, value: {} }
  if (type === 'application/json' || type.endsWith('+json')) {
    try {
      const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes))
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
        return { ok: true, value: { _: parsed } }
      return { ok: true, value: camelizeKeys(parsed) as Record<string, unknown> }
    } catch {
      return { ok: false, status: 400, key: 'api.badBody' }
    }
  }
  if (type === 'application/x-www-form-urlencoded' || type === '') {
    const text = new TextDecoder().decode(bytes)
    return {
      ok: true,
      value: camelizeKeys(parseBracketPairs(new URLSearchParams(text).entries())) as Record<string, unknown>,
    }
  }
  if (type === 'multipart/form-data') {
    try {
      const form = await new Response(bytes as BodyInit, {
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

class BodyTooLarge extends Error {}

async function readLimited(request: Request, limit: number): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array()
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > limit) {
      await reader.cancel().catch(() => undefined)
      throw new BodyTooLarge()
    }
    chunks.push(value)
  }
  const out = new Uint8Array(total)
  let offset = 0
  for (const c of chunks) {
    out.set(c, offset)
    offset += c.byteLength
  }
  return out
}
