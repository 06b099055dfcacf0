import { randomUUID } from 'node:crypto'
import { FastResponse } from 'srvx'
import type { Ctx } from '../context'
import { createContext } from '../context'
import { errorMap } from '../contracts/common'
import { pickLocale, t, LOCALE_COOKIE } from '../contracts/i18n'
import { parseCookies } from '../auth/session'
import {
  errorBody,
  isCrossSiteMutation,
  logUnexpected,
  mapError,
  PRIVATE_NO_STORE,
  type ErrorAnswer,
} from '../http/guard'
import { camelizeKeys, parseQuery, readBody } from './body'
import { JsonText, RawReply, Reply, type RouteDef } from './registry'
import { apiTable } from './table'
import type { DB } from '../../db/client'
import { dataVersion, VersionedCache } from '../cache'

export interface Outcome {
  status: number
  body: unknown
  /** The body already serialised (cached public answers, the composite batch). */
  json?: string
  headers?: Record<string, string>
  raw?: Response
  /** The route's answer is the same for every such caller (sharesAnswer): it keeps its cache-control. */
  shared?: boolean
}

const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
} as const

/** Raw replies (documentation page, payment pages) get the same policy as the site. */
const RAW_SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'content-security-policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
} as const

export function failure(
  ctx: Ctx,
  status: number,
  key: string,
  params?: Record<string, string | number>,
  extra?: Record<string, unknown>,
): Outcome {
  return { status, body: { success: false, message: t(ctx.locale, key, params), ...extra } }
}

/** A thrown error's answer (server/http/guard.ts, shared with tRPC). */
function failed(answer: ErrorAnswer): Outcome {
  return { status: answer.status, body: errorBody(answer) }
}

/** Whether this caller's answer from this route is the same for every such caller (RouteDef.cache). */
export function sharesAnswer(route: RouteDef, ctx: Ctx): boolean {
  if (route.method !== 'GET') return false
  return route.cache === 'public' || (route.cache === 'visitor' && ctx.session.isAnonymous)
}

/** Serialised answers of routes whose answer is shared (see sharesAnswer), valid until the data changes. */
const publicAnswers = new VersionedCache<Outcome>(1000)

/**
 * Validates input against the route's schema and runs it: the one path for REST and composite.
 * `version` lets a batch read the data version once for all its entries.
 */
export async function runRoute(
  route: RouteDef,
  rawInput: unknown,
  ctx: Ctx,
  params: Record<string, string>,
  version?: string,
): Promise<Outcome> {
  const parsed = route.input.safeParse(rawInput, { error: errorMap(ctx.locale) })
  if (!parsed.success) return failed(mapError(parsed.error, ctx, rawInput))
  if (sharesAnswer(route, ctx)) {
    const v = version ?? dataVersion(ctx.db)
    const key = `${ctx.db.$client.name}|${route.path}|${ctx.locale}|${JSON.stringify(parsed.data)}|${JSON.stringify(params)}`
    const hit = publicAnswers.get(v, key)
    if (hit) return hit
    const outcome = await execute(route, parsed.data, ctx, params)
    outcome.shared = true
    if (outcome.status === 200 && !outcome.raw && outcome.json === undefined) {
      outcome.json = JSON.stringify(outcome.body ?? null)
      publicAnswers.set(v, key, outcome)
    }
    return outcome
  }
  return execute(route, parsed.data, ctx, params)
}

async function execute(route: RouteDef, input: unknown, ctx: Ctx, params: Record<string, string>): Promise<Outcome> {
  try {
    const result = await route.handler(input, ctx, params)
    if (result instanceof JsonText) return { status: 200, body: null, json: result.text }
    if (result instanceof RawReply) return { status: result.response.status, body: null, raw: result.response }
    if (result instanceof Reply) return { status: result.status, body: result.body, headers: result.headers }
    return { status: 200, body: result }
  } catch (e) {
    const answer = mapError(e, ctx, input)
    if (answer.unexpected) logUnexpected(e, { requestId: ctx.requestId, route: `${route.method} ${route.path}` })
    return failed(answer)
  }
}

/** `private, no-store` unless the answer is the same for everyone (shared route, or a raw reply declared public). */
function cacheControl(outcome: Outcome): string | null {
  if (outcome.shared) return null
  if (outcome.raw && /\bpublic\b/.test(outcome.raw.headers.get('cache-control') ?? '')) return null
  return PRIVATE_NO_STORE
}

function toResponse(outcome: Outcome, ctx: Ctx | null): Response {
  const headers = new Headers(outcome.raw ? outcome.raw.headers : JSON_HEADERS)
  if (outcome.raw) for (const [k, v] of Object.entries(RAW_SECURITY_HEADERS)) if (!headers.has(k)) headers.set(k, v)
  for (const [k, v] of Object.entries(outcome.headers ?? {})) headers.set(k, v)
  const cacheControlValue = cacheControl(outcome)
  if (cacheControlValue) headers.set('cache-control', cacheControlValue)
  const cookie = ctx?.session.setCookie
  if (cookie) headers.append('set-cookie', cookie)
  if (ctx) headers.set('x-request-id', ctx.requestId)
  if (outcome.raw) return new Response(outcome.raw.body, { status: outcome.raw.status, headers })
  // srvx's FastResponse hands a string body to node:http as is (with a content-length) instead
  // of through a web ReadableStream: the largest single cost of a small JSON answer.
  return new FastResponse(outcome.json ?? JSON.stringify(outcome.body), { status: outcome.status, headers })
}

/** The REST adapter: every /api/ request except /api/trpc goes through here. */
export async function handleApiRequest(request: Request, db?: DB): Promise<Response> {
  let ctx: Ctx | null = null
  try {
    ctx = createContext(request, db)
    const url = new URL(request.url)
    const method = request.method.toUpperCase()
    const matched = apiTable.match(url.pathname, method === 'HEAD' ? 'GET' : method)
    if (method === 'OPTIONS') {
      const allowed = apiTable.allowed(url.pathname)
      if (!allowed.length) return toResponse(failure(ctx, 404, 'api.routeNotFound'), ctx)
      return new Response(null, { status: 204, headers: { allow: [...allowed, 'OPTIONS'].join(', ') } })
    }
    if (matched === null) return toResponse(failure(ctx, 404, 'api.routeNotFound'), ctx)
    if (matched === 'method') {
      const res = toResponse(failure(ctx, 405, 'api.methodNotAllowed'), ctx)
      res.headers.set('allow', apiTable.allowed(url.pathname).join(', '))
      return res
    }
    if (isCrossSiteMutation(request)) return toResponse(failure(ctx, 403, 'api.forbiddenOrigin'), ctx)
    let input: Record<string, unknown> = camelizeKeys(parseQuery(url.searchParams)) as Record<string, unknown>
    if (method !== 'GET' && method !== 'HEAD') {
      const body = await readBody(request)
      if (!body.ok) return toResponse(failure(ctx, body.status, body.key), ctx)
      input = method === 'DELETE' ? { ...input, ...body.value } : { ...input, ...body.value }
    }
    const outcome = await runRoute(matched.route, input, ctx, matched.params)
    const res = toResponse(outcome, ctx)
    return method === 'HEAD' ? new Response(null, { status: res.status, headers: res.headers }) : res
  } catch (e) {
    // Outside any route (the context, the body reader): the same mapper, and a locale even
    // when the context could not be built.
    const caller = ctx ?? {
      locale: pickLocale(
        parseCookies(request.headers.get('cookie'))[LOCALE_COOKIE],
        request.headers.get('accept-language'),
      ),
      requestId: randomUUID(),
    }
    const answer = mapError(e, caller)
    if (answer.unexpected) logUnexpected(e, { requestId: caller.requestId, where: 'API adapter' })
    return new FastResponse(JSON.stringify(errorBody(answer)), {
      status: answer.status,
      headers: { ...JSON_HEADERS, 'cache-control': PRIVATE_NO_STORE, 'x-request-id': caller.requestId },
    })
  }
}
