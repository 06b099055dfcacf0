import { eq, lt, lte, or, sql } from 'drizzle-orm'
import type { DB } from '../../db/client'
import { rateLimits } from '../../db/schema'
import { AppError } from '../errors'

export interface Limit {
  /** How many hits the window allows. */
  max: number
  windowMs: number
}

/** Seconds until the window of `key` resets, when it is exhausted; 0 when a hit is allowed. */
export async function waitSeconds(db: DB, key: string, limit: Limit, now = Date.now()): Promise<number> {
  const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key))
  if (!row || row.resetAt <= now || row.count < limit.max) return 0
  return Math.max(1, Math.ceil((row.resetAt - now) / 1000))
}

/**
 * Fixed-window counter in the database (shared by every server process). Counts one hit;
 * throws 429 with `timeout` (seconds to wait) when the window is already full. One statement
 * (an upsert that counts only while the window has room), no read-then-write: parallel hits,
 * from one process or many, on SQLite or at read committed, never lose or over-grant a count.
 */
export async function hit(db: DB, key: string, limit: Limit, now = Date.now()): Promise<void> {
  // Old windows are swept now and then, so the table stays small without a scheduler.
  if (Math.random() < 0.01) await purgeExpired(db, now)
  const resetAt = now + limit.windowMs
  const ended = lte(rateLimits.resetAt, now)
  const counted = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${ended} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        resetAt: sql`CASE WHEN ${ended} THEN ${resetAt} ELSE ${rateLimits.resetAt} END`,
      },
      // A full window is left as it is, and the hit is refused.
      setWhere: or(ended, lt(rateLimits.count, limit.max)),
    })
    .returning({ key: rateLimits.key })
  if (counted.length > 0) return
  throw tooMany(Math.max(1, await waitSeconds(db, key, limit, now)))
}

/** Forget a counter (a successful sign-in clears that login's failures). */
export async function reset(db: DB, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key))
}

export const tooMany = (seconds: number, key = 'api.tooManyRequests') =>
  new AppError(429, key, { seconds }, { timeout: seconds })

/** Opportunistic clean-up of old windows. */
export async function purgeExpired(db: DB, now = Date.now()): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, now - 24 * 3600 * 1000))
}
