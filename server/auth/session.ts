import { createHash, randomBytes } from 'node:crypto'
import { and, eq, isNull, lte, or } from 'drizzle-orm'
import type { DB } from '../../db/client'
import { affectedRows, transaction, type Tx } from '../../db/engine'
import { authCodes, carts, oauthStates, rateLimits, sessions } from '../../db/schema'
import { env } from '../env'

/** The session cookie's name outside production over https. */
export const SESSION_COOKIE = 'sid'
/**
 * In production over https: the `__Host-` prefix makes browsers accept the cookie only when it is
 * Secure, Path=/ and has no Domain, so no subdomain or plain-http page can plant or overwrite it.
 */
export const SECURE_SESSION_COOKIE = '__Host-sid'
const DAY_MS = 24 * 3600 * 1000
/** Sliding expiry: a session unused this long is dead. */
export const SESSION_TTL_MS = 30 * DAY_MS
/** Absolute lifetime from sign-in (or creation): however active, a session ends after this. */
export const SESSION_MAX_LIFETIME_MS = 90 * DAY_MS
/** Sliding expiry is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 3600 * 1000

/** The one cookie name this server reads and writes (the other name is ignored). */
export function sessionCookieName(): string {
  const e = env()
  return e.SHOP_MODE === 'production' && e.APP_ORIGIN.startsWith('https:') ? SECURE_SESSION_COOKIE : SESSION_COOKIE
}

/** The sliding expiry from `now`, never past the absolute end of a session created at `createdAt`. */
const expiryFrom = (createdAt: number, now: number) =>
  Math.min(now + SESSION_TTL_MS, createdAt + SESSION_MAX_LIFETIME_MS)

export type SessionRow = typeof sessions.$inferSelect

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')
const newToken = () => randomBytes(32).toString('base64url')

/**
 * The request's session: read once from the session cookie (sessionCookieName()) when the
 * request's context is built (`load`, awaited by createContext), then held in memory; created
 * only when something needs state (ensure), rotated at sign-in and destroyed at sign-out. Only
 * the token's hash is stored. Dead after 30 days unused or 90 days after sign-in, whichever
 * comes first; dead rows are deleted by the periodic purge (purgeExpiredAuthRows).
 */
export class SessionHandle {
  private row: SessionRow | null = null
  private creating: Promise<SessionRow> | undefined
  private cookieOut: string | undefined

  constructor(
    private readonly db: DB,
    private token: string | undefined,
    private readonly secure: boolean,
  ) {}

  /**
   * The session of a render shared by every shopper in one city (server/page-cache.ts, ADR 021):
   * only the city; no user, cart or favorites, and nothing it could write.
   */
  static cityOnly(db: DB, cityId: number | null, cityConfirmed: boolean): SessionHandle {
    const handle = new SessionHandle(db, undefined, false)
    handle.row =
      cityId === null
        ? null
        : { id: '', userId: null, cityId, cityConfirmed, createdAt: 0, lastSeenAt: 0, expiresAt: Number.MAX_SAFE_INTEGER }
    handle.shared = true
    return handle
  }

  private shared = false

  /** The request carries no session cookie at all: whatever it reads, every such visitor reads. */
  get isAnonymous(): boolean {
    return !this.token
  }

  /**
   * Reads the cookie's session row (one query; none without a cookie) and slides its expiry when
   * due. Called once per request, by createContext; every later read is in memory.
   */
  async load(): Promise<void> {
    this.row = null
    if (!this.token || this.token.length > 200) return
    const [found] = await this.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(this.token)))
    const now = Date.now()
    if (!found || found.expiresAt <= now || found.createdAt + SESSION_MAX_LIFETIME_MS <= now) return
    if (now - found.lastSeenAt > TOUCH_EVERY_MS) {
      const expiresAt = expiryFrom(found.createdAt, now)
      await this.db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, found.id))
      found.lastSeenAt = now
      found.expiresAt = expiresAt
      this.cookieOut = this.cookie(this.token, expiresAt - now)
    }
    this.row = found
  }

  /** The stored session, or null when the visitor has none yet (or it expired). In memory. */
  get(): SessionRow | null {
    return this.row
  }

  /** The session, created (and its cookie queued) when absent; concurrent calls share one. */
  ensure(): Promise<SessionRow> {
    if (this.shared) return Promise.reject(new Error('a shared page render wrote to the session'))
    if (this.row) return Promise.resolve(this.row)
    return (this.creating ??= this.create().finally(() => (this.creating = undefined)))
  }

  private async create(): Promise<SessionRow> {
    const token = newToken()
    const now = Date.now()
    const row: SessionRow = {
      id: hashToken(token),
      userId: null,
      cityId: null,
      cityConfirmed: false,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: expiryFrom(now, now),
    }
    await this.db.insert(sessions).values(row)
    this.token = token
    this.row = row
    this.cookieOut = this.cookie(token, row.expiresAt - now)
    return row
  }

  get id(): string | null {
    return this.row?.id ?? null
  }

  /** The signed-in user. sessions.user_id cascades on user deletion, so the row is enough. */
  get userId(): number | null {
    return this.row?.userId ?? null
  }

  async update(values: Partial<Pick<SessionRow, 'cityId' | 'cityConfirmed' | 'userId'>>): Promise<void> {
    const row = await this.ensure()
    await this.db.update(sessions).set(values).where(eq(sessions.id, row.id))
    Object.assign(row, values)
  }

  /**
   * A new id for the same session (sign-in): the old cookie stops working. Rows that hang off
   * the session id (cart, favorites) are moved by the caller through `onRotate`, inside the
   * rotation's transaction (`tx`): it may await only the database.
   */
  async rotate(onRotate?: (oldId: string, newId: string, tx: Tx) => Promise<void>): Promise<SessionRow> {
    const old = await this.ensure()
    const token = newToken()
    const now = Date.now()
    const row: SessionRow = {
      ...old,
      id: hashToken(token),
      // The absolute lifetime counts from sign-in.
      createdAt: now,
      lastSeenAt: now,
      expiresAt: expiryFrom(now, now),
    }
    await transaction(this.db, async (tx) => {
      await tx.insert(sessions).values(row)
      await onRotate?.(old.id, row.id, tx)
      await tx.delete(sessions).where(eq(sessions.id, old.id))
    })
    this.token = token
    this.row = row
    this.cookieOut = this.cookie(token, row.expiresAt - now)
    return row
  }

  async destroy(): Promise<void> {
    const row = this.row
    if (row) await this.db.delete(sessions).where(eq(sessions.id, row.id))
    this.row = null
    this.token = undefined
    this.cookieOut = this.cookie('', 0)
  }

  /** The Set-Cookie value to send, when the session changed during this request. */
  get setCookie(): string | undefined {
    return this.cookieOut
  }

  private cookie(value: string, maxAgeMs: number) {
    const name = sessionCookieName()
    // Never a Domain attribute: the cookie stays with this host (and __Host- requires it).
    const parts = [`${name}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${Math.floor(maxAgeMs / 1000)}`]
    if (this.secure || name === SECURE_SESSION_COOKIE) parts.push('Secure')
    return parts.join('; ')
  }
}

/** How long used or expired one-time codes are kept: the per-phone daily counters look back a day. */
const CODES_KEPT_MS = 2 * DAY_MS
/** OAuth round trips take minutes (server/services/oauth.ts drops states after 10). */
const OAUTH_STATES_KEPT_MS = DAY_MS

export interface PurgeCounts {
  sessions: number
  carts: number
  rateLimits: number
  authCodes: number
  oauthStates: number
}

/**
 * The periodic clean-up (server/jobs.ts): dead sessions (past the sliding expiry or the
 * absolute lifetime) and guest carts left without a session, throttle windows that ended,
 * one-time codes and OAuth states long past use. One immediate transaction: several processes
 * may run it at once, each deletes only what is already dead.
 */
export async function purgeExpiredAuthRows(db: DB, now = Date.now()): Promise<PurgeCounts> {
  return transaction(
    db,
    async (tx) => ({
      sessions: affectedRows(
        await tx
          .delete(sessions)
          .where(or(lte(sessions.expiresAt, now), lte(sessions.createdAt, now - SESSION_MAX_LIFETIME_MS))),
      ),
      // A guest cart whose session was deleted (carts.session_id is ON DELETE SET NULL).
      carts: affectedRows(await tx.delete(carts).where(and(isNull(carts.sessionId), isNull(carts.userId)))),
      rateLimits: affectedRows(await tx.delete(rateLimits).where(lte(rateLimits.resetAt, now))),
      authCodes: affectedRows(
        await tx
          .delete(authCodes)
          .where(or(lte(authCodes.expiresAt, now - CODES_KEPT_MS), lte(authCodes.usedAt, now - CODES_KEPT_MS))),
      ),
      oauthStates: affectedRows(
        await tx.delete(oauthStates).where(lte(oauthStates.createdAt, now - OAUTH_STATES_KEPT_MS)),
      ),
    }),
    { behavior: 'immediate' },
  )
}

export function parseCookies(header: string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  if (!header) return out
  for (const part of header.split(';')) {
    const i = part.indexOf('=')
    if (i < 0) continue
    const k = part.slice(0, i).trim()
    if (!k || k in out) continue
    const v = part.slice(i + 1).trim()
    try {
      out[k] = decodeURIComponent(v)
    } catch {
      out[k] = v
    }
  }
  return out
}
