import { randomUUID } from 'node:crypto'
import { FastResponse } from 'srvx'
import type { Ctx } from '../context'
import { createContext } from '../context'
import { pickLocale, LOCALE_COOKIE } from '../contracts/i18n'
import { parseCookies } from '../auth/session'
import { errorBody, isCrossSiteMutation, logUnexpected, mapError, PRIVATE_NO_STORE } from '../http/guard'
import { camelizeKeys, parseQuery, readBody } from './body'
import { failure, runRoute, type Outcome } from './run'
import { apiTable } from './table'
import type { DB } from '../../db/client'

export { failure, runRoute, sharesAnswer, type Outcome } from './run'

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
    ctx = await createContext(request, db)
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
