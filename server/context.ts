import { randomUUID } from 'node:crypto'
import type { DB } from '../db/client'
import { getDb } from './db'
import { env } from './env'
import { limitKey, peerAddress } from './net/peer'
import { clientAddress } from './net/trusted-proxies'
import { sharedRenderCity } from './auth/shared-render'
import { SessionHandle, sessionCookieName, parseCookies } from './auth/session'
import { pickLocale, LOCALE_COOKIE, type Locale } from './contracts/i18n'

/** Everything a service may know about the caller. Services never see Request or Response. */
export interface Ctx {
  db: DB
  session: SessionHandle
  locale: Locale
  requestId: string
  /** scheme://host[:port] of this site, for absolute links (payment return URLs). */
  origin: string
  /**
   * The caller's address as per-address limits count it: the socket's peer, or through the
   * trusted proxies of TRUSTED_PROXIES the first untrusted X-Forwarded-For hop from the right
   * (`server/net/trusted-proxies.ts`); an IPv6 client by its /64 (`limitKey`).
   */
  clientIp: string
}

export function serverOrigin(request: Request): string {
  const configured = env().APP_ORIGIN
  if (configured) return configured
  const url = new URL(request.url)
  return url.origin
}

/** The request's context; its session row is read here, once (SessionHandle.load). */
export async function createContext(request: Request, db: DB = getDb()): Promise<Ctx> {
  const cookies = parseCookies(request.headers.get('cookie'))
  const origin = serverOrigin(request)
  // A page render shared by the shoppers of one city sees that city, not the session (ADR 021).
  const shared = sharedRenderCity()
  const client = clientAddress(peerAddress(request), request.headers.get('x-forwarded-for'), env().TRUSTED_PROXIES)
  const session = shared
    ? SessionHandle.cityOnly(db, shared.cityId, shared.cityConfirmed)
    : new SessionHandle(db, cookies[sessionCookieName()], origin.startsWith('https:'))
  if (!shared) await session.load()
  return {
    db,
    session,
    locale: pickLocale(cookies[LOCALE_COOKIE], request.headers.get('accept-language')),
    requestId: request.headers.get('x-request-id')?.slice(0, 64) || randomUUID(),
    origin,
    clientIp: limitKey(client),
  }
}
