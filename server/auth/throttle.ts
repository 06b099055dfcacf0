import { eq, lt } from 'drizzle-orm'
import type { DB } from '../../db/client'
import { rateLimits } from '../../db/schema'
import { AppError } from '../errors'

export interface Limit {
  /** How many hits the window allows. */
  max: number
  windowMs: number
}

/** Seconds until the window of `key` resets, when it is exhausted; 0 when a hit is allowed. */
export function waitSeconds(db: DB, key: string, limit: Limit, now = Date.now()): number {
  const row = db.select().from(rateLimits).where(eq(rateLimits.key, key)).get()
  if (!row || row.resetAt <= now || row.count < limit.max) return 0
  return Math.max(1, Math.ceil((row.resetAt - now) / 1000))
}

/**
 * Fixed-window counter in the database (shared by every server process). Counts one hit;
 * throws 429 with `timeout` (seconds to wait) when the window is already full.
 */
export function hit(db: DB, key: string, limit: Limit, now = Date.now()) {
  // Old windows are swept now and then, so the table stays small without a scheduler.
  if (Math.random() < 0.01) purgeExpired(db, now)
  const wait = db.transaction(
    (tx) => {
      const row = tx.select().from(rateLimits).where(eq(rateLimits.key, key)).get()
      if (!row || row.resetAt <= now) {
        tx.insert(rateLimits)
          .values({ key, count: 1, resetAt: now + limit.windowMs })
          .onConflictDoUpdate({ target: rateLimits.key, set: { count: 1, resetAt: now + limit.windowMs } })
          .run()
        return 0
      }
      if (row.count >= limit.max) return Math.max(1, Math.ceil((row.resetAt - now) / 1000))
      tx.update(rateLimits)
        .set({ count: row.count + 1 })
        .where(eq(rateLimits.key, key))
        .run()
      return 0
    },
    { behavior: 'immediate' },
  )
  if (wait > 0) throw tooMany(wait)
}

/** Forget a counter (a successful sign-in clears that login's failures). */
export function reset(db: DB, key: string) {
  db.delete(rateLimits).where(eq(rateLimits.key, key)).run()
}

export const tooMany = (seconds: number, key = 'api.tooManyRequests') =>
  new AppError(429, key, { seconds }, { timeout: seconds })

/** Opportunistic clean-up of old windows. */
export function purgeExpired(db: DB, now = Date.now()) {
  db.delete(rateLimits)
    .where(lt(rateLimits.resetAt, now - 24 * 3600 * 1000))
    .run()
}
