import { createHash, randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { DB } from '../../db/client'
import { sessions } from '../../db/schema'

export const SESSION_COOKIE = 'sid'
const SESSION_TTL_MS = 30 * 24 * 3600 * 1000
/** Sliding expiry is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 3600 * 1000

export type SessionRow = typeof sessions.$inferSelect

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')
const newToken = () => randomBytes(32).toString('base64url')

/**
 * The request's session: read lazily from the `sid` cookie, created only when something
 * needs state (ensure), rotated at sign-in and destroyed at sign-out. Only the token's hash
 * is stored.
 */
export class SessionHandle {
  private row: SessionRow | null | undefined
  private cookieOut: string | undefined

  constructor(
    private readonly db: DB,
    private token: string | undefined,
    private readonly secure: boolean,
  ) {}

  /** The request carries no session cookie at all: whatever it reads, every such visitor reads. */
  get isAnonymous(): boolean {
    return !this.token
  }

  /** The stored session, or null when the visitor has none yet (or it expired). */
  get(): SessionRow | null {
    if (this.row !== undefined) return this.row
    if (!this.token || this.token.length > 200) return (this.row = null)
    const found = this.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, hashToken(this.token)))
      .get()
    const now = Date.now()
    if (!found || found.expiresAt < now) return (this.row = null)
    if (now - found.lastSeenAt > TOUCH_EVERY_MS) {
      this.db
        .update(sessions)
        .set({ lastSeenAt: now, expiresAt: now + SESSION_TTL_MS })
        .where(eq(sessions.id, found.id))
        .run()
      found.lastSeenAt = now
      found.expiresAt = now + SESSION_TTL_MS
      this.cookieOut = this.cookie(this.token, SESSION_TTL_MS)
    }
    return (this.row = found)
  }

  /** The session, created (and its cookie queued) when absent. */
  ensure(): SessionRow {
    const existing = this.get()
    if (existing) return existing
    const token = newToken()
    const now = Date.now()
    const row: SessionRow = {
      id: hashToken(token),
      userId: null,
      cityId: null,
      cityConfirmed: false,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: now + SESSION_TTL_MS,
    }
    this.db.insert(sessions).values(row).run()
    this.token = token
    this.row = row
    this.cookieOut = this.cookie(token, SESSION_TTL_MS)
    return row
  }

  get id(): string | null {
    return this.get()?.id ?? null
  }

  /** The signed-in user. sessions.user_id cascades on user deletion, so the row is enough. */
  get userId(): number | null {
    return this.get()?.userId ?? null
  }

  update(values: Partial<Pick<SessionRow, 'cityId' | 'cityConfirmed' | 'userId'>>) {
    const row = this.ensure()
    this.db.update(sessions).set(values).where(eq(sessions.id, row.id)).run()
    Object.assign(row, values)
  }

  /**
   * A new id for the same session (sign-in): the old cookie stops working. Rows that
   * hang off the session id (cart, favorites) are moved by the caller through `onRotate`.
   */
  rotate(onRotate?: (oldId: string, newId: string) => void): SessionRow {
    const old = this.ensure()
    const token = newToken()
    const now = Date.now()
    const row: SessionRow = {
      ...old,
      id: hashToken(token),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: now + SESSION_TTL_MS,
    }
    this.db.transaction((tx) => {
      tx.insert(sessions).values(row).run()
      onRotate?.(old.id, row.id)
      tx.delete(sessions).where(eq(sessions.id, old.id)).run()
    })
    this.token = token
    this.row = row
    this.cookieOut = this.cookie(token, SESSION_TTL_MS)
    return row
  }

  destroy() {
    const row = this.get()
    if (row) this.db.delete(sessions).where(eq(sessions.id, row.id)).run()
    this.row = null
    this.token = undefined
    this.cookieOut = this.cookie('', 0)
  }

  /** The Set-Cookie value to send, when the session changed during this request. */
  get setCookie(): string | undefined {
    return this.cookieOut
  }

  private cookie(value: string, maxAgeMs: number) {
    const parts = [
      `${SESSION_COOKIE}=${value}`,
      'Path=/',
      'HttpOnly',
      'SameSite=Lax',
      `Max-Age=${Math.floor(maxAgeMs / 1000)}`,
    ]
    if (this.secure) parts.push('Secure')
    return parts.join('; ')
  }
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
