import type { z } from 'zod'
import type { Ctx } from '../context'

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'

/** A non-200 answer that is still a normal outcome (e.g. the not-found entity with 404). */
export class Reply {
  constructor(
    public readonly status: number,
    public readonly body: unknown,
    public readonly headers: Record<string, string> = {},
  ) {}
}

/** An answer already serialised to JSON (the composite batch assembles its parts as text). */
export class JsonText {
  constructor(public readonly text: string) {}
}

/** A raw response (HTML documentation page, files). */
export class RawReply {
  constructor(public readonly response: Response) {}
}

export interface RouteDef<I extends z.ZodType = z.ZodType> {
  method: Method
  /** Relative to /api/, with slashes: '/cart-list/'; `{name}` marks a path parameter. */
  path: string
  summary: string
  tags: string[]
  input: I
  /** Documented answer shape (OpenAPI). */
  output?: z.ZodType
  /** Extra documented error statuses. */
  errors?: number[]
  /** Visible in the OpenAPI document (dev-only routes may hide themselves). */
  hidden?: boolean
  /**
   * 'public': the answer depends only on the input, the locale and the database — never on the
   * session. Its JSON is then kept per process until the data changes (server/cache.ts).
   * 'visitor': it also depends on the caller's session, so only callers without a session
   * cookie (who all read the same thing) share a kept answer.
   */
  cache?: 'public' | 'visitor'
  /**
   * A route that exists only in some configurations (the demo parts: SMS and mail outboxes, the
   * test OAuth provider). When it answers false the route does not exist: 404 before any input
   * is read, and it is left out of the OpenAPI document.
   */
  enabled?: () => boolean
  handler: (input: z.output<I>, ctx: Ctx, params: Record<string, string>) => unknown
}

export function defineRoute<I extends z.ZodType>(def: RouteDef<I>): RouteDef {
  return def
}

export const isEnabled = (r: RouteDef) => r.enabled?.() ?? true
const someEnabled = (methods: Map<Method, RouteDef>) => [...methods.values()].some(isEnabled)

export interface MatchedRoute {
  route: RouteDef
  params: Record<string, string>
}

/** Canonical form: leading and trailing slash, no /api prefix, no duplicate slashes. */
export function normalizeApiPath(path: string): string {
  let p = path.replace(/\/{2,}/g, '/')
  if (p.startsWith('/api/') || p === '/api') p = p.slice(4)
  if (!p.startsWith('/')) p = '/' + p
  if (!p.endsWith('/')) p += '/'
  return p
}

export class RouteTable {
  private readonly exact = new Map<string, Map<Method, RouteDef>>()
  private readonly patterns: { re: RegExp; names: string[]; methods: Map<Method, RouteDef> }[] = []
  readonly all: RouteDef[] = []

  add(routes: RouteDef[]) {
    for (const r of routes) {
      this.all.push(r)
      if (r.path.includes('{')) {
        const names: string[] = []
        const re = new RegExp(
          '^' +
            r.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_, n: string) => {
              names.push(n)
              return '([^/]+)'
            }) +
            '$',
        )
        const existing = this.patterns.find((p) => p.re.source === re.source)
        if (existing) existing.methods.set(r.method, r)
        else this.patterns.push({ re, names, methods: new Map([[r.method, r]]) })
      } else {
        const key = normalizeApiPath(r.path)
        const m = this.exact.get(key) ?? new Map<Method, RouteDef>()
        m.set(r.method, r)
        this.exact.set(key, m)
      }
    }
  }

  /** null: no such path; 'method': path exists, method does not. */
  match(path: string, method: string): MatchedRoute | 'method' | null {
    const p = normalizeApiPath(path)
    const methods = this.exact.get(p)
    if (methods) {
      if (!someEnabled(methods)) return null
      const route = methods.get(method as Method)
      return route && isEnabled(route) ? { route, params: {} } : 'method'
    }
    for (const pattern of this.patterns) {
      const m = pattern.re.exec(p)
      if (!m) continue
      if (!someEnabled(pattern.methods)) return null
      const route = pattern.methods.get(method as Method)
      if (!route || !isEnabled(route)) return 'method'
      const params: Record<string, string> = {}
      pattern.names.forEach((n, i) => {
        try {
          params[n] = decodeURIComponent(m[i + 1] ?? '')
        } catch {
          params[n] = m[i + 1] ?? ''
        }
      })
      return { route, params }
    }
    return null
  }

  allowed(path: string): Method[] {
    const p = normalizeApiPath(path)
    const methods = this.exact.get(p) ?? this.patterns.find((x) => x.re.test(p))?.methods
    return methods ? [...methods.values()].filter(isEnabled).map((r) => r.method) : []
  }
}
