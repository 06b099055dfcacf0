import { eq, lt, sql } from 'drizzle-orm'
import type { DB } from '../../db/client'
import { transaction } from '../../db/engine'
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
 * throws 429 with `timeout` (seconds to wait) when the window is already full. The read and the
 * write share one immediate transaction, so parallel hits never lose a count.
 */
export async function hit(db: DB, key: string, limit: Limit, now = Date.now()): Promise<void> {
  // Old windows are swept now and then, so the table stays small without a scheduler.
  if (Math.random() < 0.01) await purgeExpired(db, now)
  const wait = await transaction(
    db,
    async (tx) => {
      const [row] = await tx.select().from(rateLimits).where(eq(rateLimits.key, key))
      if (!row || row.resetAt <= now) {
        await tx
          .insert(rateLimits)
          .values({ key, count: 1, resetAt: now + limit.windowMs })
          .onConflictDoUpdate({ target: rateLimits.key, set: { count: 1, resetAt: now + limit.windowMs } })
        return 0
      }
      if (row.count >= limit.max) return Math.max(1, Math.ceil((row.resetAt - now) / 1000))
      await tx
        .update(rateLimits)
        // An increment in SQL: exact under read committed too (PostgreSQL), not only under the lock.
        .set({ count: sql`${rateLimits.count} + 1` })
        .where(eq(rateLimits.key, key))
      return 0
    },
    { behavior: 'immediate' },
  )
  if (wait > 0) throw tooMany(wait)
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
