import { Buffer } from 'node:buffer'
import { FastResponse } from 'srvx'
import { getDb } from './db'
import { parseCookies, sessionCookieName } from './auth/session'
import { runSharedRender, type SharedCity } from './auth/shared-render'
import { contentVersion, VersionedCache } from './cache'
import { LOCALE_COOKIE, pickLocale } from './contracts/locale'
import { COOKIE_NOTICE_COOKIE, pageQuery } from './contracts/page-query'
import { PRIVATE_NO_STORE } from './http/guard'
import { requestPath, SERVER_FN_BASE } from './http/request-path'

/**
 * Server-rendered pages, kept per process: for visitors without a session, and (ADR 021) for
 * shoppers with one, whose page is the visitor's page of their city with their personal parts
 * put in at serve time.
 *
 * Such a visitor's page depends only on the URL, their cookies (language, city notice, cookie
 * notice), Accept-Language and the tables pages show — so the rendered HTML is reused until they
 * change (server/cache.ts `contentVersion`, ADR 038: any write by this process at once, another
 * process's commit by the next request; carts, sessions and queues never drop it) or
 * PAGE_MAX_AGE_MS passes: the page carries its render time in the dehydrated
 * queries, and a copy older than a query's freshness window (the shortest is the cart's 10 s,
 * app/shell/use-cart.ts) would make the browser refetch it on hydration.
 * A shopper with a session shares the render of a visitor in their city (`Personal` below); the
 * pages that are personal through and through (PERSONAL_PATHS) are rendered for each request.
 * Every answer still gets its own CSP nonce: the stored HTML is kept cut at the nonce and joined
 * with a new one.
 */
export const PAGE_MAX_AGE_MS = 5_000
const MAX_PAGE_CHARS = 1_000_000

interface CachedPage {
  status: number
  headers: [string, string][]
  /** The HTML as UTF-8, split at every occurrence of the render's nonce. */
  parts: Buffer[]
  nonce: string
  storedAt: number
  /** For shoppers (made at the first one's answer): the HTML cut at the nonces (null) and their slots. */
  pieces?: (Buffer | PageSlot | null)[]
}

/** At most 200 pages and 64 MB of HTML per process. */
const pages = new VersionedCache<CachedPage>(200, 64 * 1024 * 1024, (p) =>
  p.parts.reduce((n, part) => n + part.length, 0),
)
const inFlight = new Map<string, Promise<CachedPage | null>>()

const NONCE_IN_CSP = /'nonce-([0-9a-f]{16,})'/

/** Pages about the shopper alone (cart, checkout, favorites, account, orders, payment): never shared. */
export const PERSONAL_PATHS = [
  '/cart/',
  '/order/',
  '/favorites/',
  '/login/',
  '/registration/',
  '/personal/',
  '/payment/',
]

/**
 * How a request's page is served: `visitor` (no session: the shared render as it is), `session`
 * (the shared render of the shopper's city with their personal parts put in), or null (rendered
 * for this request alone).
 */
export function pageCacheMode(request: Request): 'visitor' | 'session' | null {
  if (request.method !== 'GET') return null
  const path = requestPath(request.url)
  if (path.startsWith('/api/') || path.startsWith(SERVER_FN_BASE)) return null
  if (request.headers.has('authorization')) return null
  if (!parseCookies(request.headers.get('cookie'))[sessionCookieName()]) return 'visitor'
  // Pages end with a slash (trailingSlash: 'always'); files (/media/…, /robots.txt) and /healthz do not.
  const page = path.split('?')[0]!.endsWith('/')
  return page && !PERSONAL_PATHS.some((p) => path.startsWith(p)) ? 'session' : null
}

/**
 * The cache key of a request, or null when its answer must be rendered for it alone: what a
 * shared render depends on (ADR 038) — the origin and path, the query parameters pages read
 * (server/contracts/page-query.ts: an ad's `utm_*`/`yclid`/`gclid` or a random parameter count
 * for nothing), the locale the cookie and Accept-Language pick, whether the cookie notice was
 * agreed to, and the city. A session counts only by its city: shoppers whose session holds no
 * city share the visitors' pages. Files (paths without the trailing slash) and personal pages keep
 * their whole query.
 */
export function pageCacheKey(request: Request, city: SharedCity | null = null): string | null {
  const mode = pageCacheMode(request)
  if (mode === null || (mode === 'session' && city === null)) return null
  const url = new URL(request.url)
  const cut = url.pathname.endsWith('/') && !PERSONAL_PATHS.some((p) => url.pathname.startsWith(p))
  const query = cut ? pageQuery(url.search) : url.search
  const cookies = parseCookies(request.headers.get('cookie'))
  const locale = pickLocale(cookies[LOCALE_COOKIE], request.headers.get('accept-language'))
  const notice = cookies[COOKIE_NOTICE_COOKIE] === undefined ? 0 : 1
  const cityPart = city && city.cityId !== null ? `\ncity=${city.cityId}:${city.cityConfirmed ? 1 : 0}` : ''
  return `${url.origin}${url.pathname}?${query}\n${locale}\nnotice=${notice}${cityPart}`
}

export type { SharedCity }

/** What a shopper's answer gets on top of the shared page (computed per request by app/start.ts). */
export interface Personal {
  city: SharedCity
  /** The places of a shared page that differ between shoppers (found once per stored page). */
  slots: (html: string) => PageSlot[]
  /** A place's text for this shopper: their markup, and the state the browser hydrates from. */
  fill: (slot: PageSlot) => string
  /** Set-Cookie values of the session (its expiry slides as it is read). */
  cookies: string[]
}

/** [start, end) of a place in a page's HTML. */
export interface PageSlot {
  start: number
  end: number
}

/** A page's HTML with its slots filled for one shopper (a page that is not kept). */
function filled(html: string, personal: Personal): string {
  const out: string[] = []
  let done = 0
  for (const slot of personal.slots(html)) {
    out.push(html.slice(done, slot.start), personal.fill(slot))
    done = slot.end
  }
  out.push(html.slice(done))
  return out.join('')
}

/**
 * The stored page cut at its nonces and its personal slots, kept with it: a shopper's answer is
 * then static bytes, the nonce and a few small strings joined, like a visitor's.
 */
function piecesOf(page: CachedPage, personal: Personal): (Buffer | PageSlot | null)[] {
  if (page.pieces) return page.pieces
  const html = page.parts.map((p) => p.toString()).join(page.nonce)
  const cuts: { start: number; end: number; slot: PageSlot | null }[] = personal
    .slots(html)
    .filter((slot) => !html.slice(slot.start, slot.end).includes(page.nonce))
    .map((slot) => ({ start: slot.start, end: slot.end, slot }))
  for (let i = html.indexOf(page.nonce); i >= 0; i = html.indexOf(page.nonce, i + page.nonce.length))
    cuts.push({ start: i, end: i + page.nonce.length, slot: null })
  cuts.sort((a, b) => a.start - b.start || a.end - b.end)
  const pieces: (Buffer | PageSlot | null)[] = []
  let done = 0
  for (const cut of cuts) {
    pieces.push(Buffer.from(html.slice(done, cut.start)), cut.slot)
    done = cut.end
  }
  pieces.push(Buffer.from(html.slice(done)))
  return (page.pieces = pieces)
}

/**
 * `cache-control: private, no-store` on a page answer that depends on the session (issue 12 §6):
 * rendered for a request with a session cookie, or one that sets a cookie, and the payment
 * pages. API answers set their own (server/rest/execute.ts, server/trpc/handler.ts); pages from
 * the visitor cache, rendered without a session, stay as they are.
 */
export function privateIfPersonal(request: Request, res: Response): Response {
  const path = requestPath(request.url)
  if (path.startsWith('/api/')) return res
  const type = res.headers.get('content-type') ?? ''
  if (!type.startsWith('text/html') && !(res.status >= 300 && res.status < 400)) return res
  const personal =
    path.startsWith('/payment/') ||
    res.headers.has('set-cookie') ||
    Boolean(parseCookies(request.headers.get('cookie'))[sessionCookieName()])
  if (!personal || res.headers.get('cache-control') === PRIVATE_NO_STORE) return res
  try {
    res.headers.set('cache-control', PRIVATE_NO_STORE)
    return res
  } catch {
    // Immutable headers (Response.redirect): the same answer with a copy of them.
    const headers = new Headers(res.headers)
    headers.set('cache-control', PRIVATE_NO_STORE)
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers })
  }
}

function answer(page: CachedPage, nonce: string, personal?: Personal, fresh = false): Response {
  const headers = page.headers.map(([k, v]): [string, string] =>
    k === 'content-security-policy' ? [k, v.split(page.nonce).join(nonce)] : [k, v],
  )
  if (!fresh) headers.push(['x-page-cache', 'hit'])
  const nonceBytes = Buffer.from(nonce)
  if (personal) {
    for (const c of personal.cookies) headers.push(['set-cookie', c])
    const chunks = piecesOf(page, personal).map((p) =>
      p === null ? nonceBytes : Buffer.isBuffer(p) ? p : Buffer.from(personal.fill(p)),
    )
    return new FastResponse(Buffer.concat(chunks), { status: page.status, headers })
  }
  const chunks: Buffer[] = []
  for (const part of page.parts) {
    if (chunks.length) chunks.push(nonceBytes)
    chunks.push(part)
  }
  return new FastResponse(Buffer.concat(chunks), { status: page.status, headers })
}

/** A shared render that is not kept (a 404 page, a redirect) made the shopper's all the same. */
async function personalized(res: Response, personal: Personal): Promise<Response> {
  const type = res.headers.get('content-type') ?? ''
  const headers = new Headers(res.headers)
  for (const c of personal.cookies) headers.append('set-cookie', c)
  if (!type.startsWith('text/html') || !res.body || res.headers.has('content-encoding')) {
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers })
  }
  headers.delete('content-length')
  return new FastResponse(filled(await res.text(), personal), { status: res.status, headers })
}

/** What of a fresh render may be kept: a complete 200 HTML page that sets no cookie. */
async function keep(res: Response, storedAt: number): Promise<{ page: CachedPage | null; res: Response }> {
  const type = res.headers.get('content-type') ?? ''
  const nonce = NONCE_IN_CSP.exec(res.headers.get('content-security-policy') ?? '')?.[1]
  if (
    res.status !== 200 ||
    !type.startsWith('text/html') ||
    res.headers.has('set-cookie') ||
    res.headers.has('content-encoding') ||
    /no-store|private/.test(res.headers.get('cache-control') ?? '') ||
    !nonce ||
    !res.body
  ) {
    return { page: null, res }
  }
  const html = await res.text()
  const headers: [string, string][] = []
  res.headers.forEach((v, k) => {
    if (k !== 'content-length' && k !== 'transfer-encoding') headers.push([k, v])
  })
  const parts = html.split(nonce).map((p) => Buffer.from(p))
  const page: CachedPage = { status: res.status, headers, parts, nonce, storedAt }
  return {
    page: html.length <= MAX_PAGE_CHARS ? page : null,
    res: new FastResponse(html, { status: res.status, headers }),
  }
}

/**
 * Answers from the cache, or renders with `render` (sharing one render between simultaneous
 * requests for the same page) and keeps the result when the data did not change meanwhile.
 * With `personal` (a shopper with a session), the render is the one of a visitor in their city
 * and every answer, the first one too, is made theirs by `personal.apply`.
 */
export async function cachedPage(
  request: Request,
  newNonce: () => string,
  render: () => Promise<Response>,
  personal?: Personal,
): Promise<Response> {
  const key = pageCacheKey(request, personal?.city ?? null)
  if (key === null) return render()
  const db = getDb()
  const version = contentVersion(db)
  const now = Date.now()
  const hit = pages.get(version, key)
  if (hit && now - hit.storedAt < PAGE_MAX_AGE_MS) return answer(hit, newNonce(), personal)

  const pending = inFlight.get(key)
  if (pending) {
    const shared = await pending
    if (shared) return answer(shared, newNonce(), personal)
    if (!personal) return render()
  }

  let settle: (page: CachedPage | null) => void = () => undefined
  inFlight.set(
    key,
    new Promise<CachedPage | null>((resolve) => {
      settle = resolve
    }),
  )
  try {
    const renderShared = async () => keep(await render(), now)
    const kept = personal ? await runSharedRender(personal.city, renderShared) : await renderShared()
    // Only a render that saw one consistent state of the data is reused.
    const reusable = kept.page && contentVersion(db) === version
    if (kept.page && reusable) pages.set(version, key, kept.page)
    settle(reusable ? kept.page : null)
    if (!personal) return kept.res
    // A shopper never gets the shared render as it is: it is made theirs, kept or not.
    return kept.page ? answer(kept.page, newNonce(), personal, true) : personalized(kept.res, personal)
  } catch (e) {
    settle(null)
    throw e
  } finally {
    inFlight.delete(key)
  }
}
