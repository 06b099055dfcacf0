/**
 * Bracket notation of query strings and forms (`a[0][b]=1` → {a:[{b:'1'}]}), as the REST
 * contract writes nested values. Pure and isomorphic: the REST adapter reads bodies and query
 * strings with it, and the page resolver (server/services/entity.ts) reads an entity's `query`.
 */

export const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype'])
const MAX_DEPTH = 8
const MAX_INDEX = 1000

type Tree = Map<string, unknown> | unknown[]

/** `a[b][0]` → ['a', 'b', '0']; null when the brackets are malformed. No regexes: hot path. */
function splitKey(key: string): string[] | null {
  const first = key.indexOf('[')
  if (first === -1) return [key]
  const parts = [key.slice(0, first)]
  let i = first
  while (i < key.length) {
    if (key.charCodeAt(i) !== 91 /* [ */) return null
    const close = key.indexOf(']', i + 1)
    if (close === -1) return null
    const part = key.slice(i + 1, close)
    if (part.includes('[')) return null
    parts.push(part)
    i = close + 1
  }
  return parts
}

/** A non-empty run of ASCII digits. */
function isIndex(s: string): boolean {
  if (s.length === 0) return false
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c < 48 || c > 57) return false
  }
  return true
}

/** Builds a nested object from flat `key=value` pairs in bracket notation. */
export function parseBracketPairs(pairs: Iterable<[string, string]>): Record<string, unknown> {
  // Objects are built as Maps (fast, and no prototype to pollute), turned into plain objects
  // at the end.
  const root: Tree = new Map()
  pairs: for (const [rawKey, value] of pairs) {
    const parts = splitKey(rawKey) ?? [rawKey]
    if (parts.length > MAX_DEPTH || parts[0] === '') continue
    for (const p of parts) if (FORBIDDEN_KEYS.has(p)) continue pairs
    let node: Tree = root
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i] as string
      const last = i === parts.length - 1
      const nextPart = parts[i + 1]
      const wantsArray = nextPart !== undefined && (nextPart === '' || isIndex(nextPart))
      if (Array.isArray(node)) {
        let index: number
        if (part === '') index = node.length
        else if (isIndex(part) && Number(part) <= MAX_INDEX) index = Number(part)
        else break
        if (last) node[index] = value
        else {
          let child = node[index]
          if (typeof child !== 'object' || child === null) node[index] = child = wantsArray ? [] : new Map()
          node = child as Tree
        }
      } else {
        const existing = node.get(part)
        if (last) {
          // `a=1&a=2` (repeated keys) keeps every value, like most form parsers.
          if (existing === undefined) node.set(part, value)
          else if (Array.isArray(existing)) existing.push(value)
          else if (typeof existing === 'string') node.set(part, [existing, value])
        } else {
          let child = existing
          if (typeof child !== 'object' || child === null) node.set(part, (child = wantsArray ? [] : new Map()))
          node = child as Tree
        }
      }
    }
  }
  return compact(root) as Record<string, unknown>
}

/** Sparse arrays from `a[5]=x` become dense; the Maps become plain objects. */
function compact(v: unknown): unknown {
  if (Array.isArray(v)) {
    const out: unknown[] = []
    for (const x of v) if (x !== undefined) out.push(compact(x))
    return out
  }
  if (v instanceof Map) {
    const out: Record<string, unknown> = {}
    for (const [k, x] of v as Map<string, unknown>) out[k] = compact(x)
    return out
  }
  return v
}
