import { and, eq, lte, or, isNull, lt } from 'drizzle-orm'
import { outboundQueue } from '../../db/schema'
import type { DB } from '../../db/client'
import { affectedRows } from '../../db/engine'
import { log } from '../logger'

/**
 * A durable queue of posts to outside services (call tracking). The visitor's request only
 * inserts a row; the `outbound-posts` job (server/jobs.ts) delivers it within seconds, retrying
 * with exponential back-off. Rows survive restarts and are sent after one; several processes may
 * share the database (rows are claimed with a short lock).
 */
export const MAX_ATTEMPTS = 8
const BASE_DELAY_MS = 2_000
const LOCK_MS = 30_000
const TIMEOUT_MS = 5_000

export function backoffMs(attempts: number): number {
  return Math.min(BASE_DELAY_MS * 2 ** Math.max(0, attempts - 1), 10 * 60_000)
}

export async function enqueuePost(db: DB, kind: string, url: string, body: Record<string, string>) {
  const now = Date.now()
  await db.insert(outboundQueue).values({ kind, url, body, nextAttemptAt: now, createdAt: now })
}

/** Delivers every due row once; returns how many were delivered. */
export async function processDue(db: DB, now = Date.now()): Promise<{ delivered: number; failed: number }> {
  const due = await db
    .select()
    .from(outboundQueue)
    .where(
      and(
        eq(outboundQueue.status, 'pending'),
        lte(outboundQueue.nextAttemptAt, now),
        or(isNull(outboundQueue.lockedUntil), lt(outboundQueue.lockedUntil, now)),
      ),
    )
    .limit(20)
  let delivered = 0
  let failed = 0
  for (const row of due) {
    const claimed = await db
      .update(outboundQueue)
      .set({ lockedUntil: now + LOCK_MS })
      .where(
        and(eq(outboundQueue.id, row.id), or(isNull(outboundQueue.lockedUntil), lt(outboundQueue.lockedUntil, now))),
      )
    if (affectedRows(claimed) === 0) continue
    const attempts = row.attempts + 1
    try {
      const res = await fetch(row.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(row.body).toString(),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
      if (!res.ok) throw new Error(`HTTP ${res.status}`)
      await res.body?.cancel().catch(() => undefined)
      await db
        .update(outboundQueue)
        .set({ status: 'delivered', attempts, deliveredAt: Date.now(), lockedUntil: null, lastError: null })
        .where(eq(outboundQueue.id, row.id))
      delivered++
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e)
      const giveUp = attempts >= MAX_ATTEMPTS
      await db
        .update(outboundQueue)
        .set({
          status: giveUp ? 'failed' : 'pending',
          attempts,
          nextAttemptAt: Date.now() + backoffMs(attempts),
          lockedUntil: null,
          lastError: message.slice(0, 500),
        })
        .where(eq(outboundQueue.id, row.id))
      failed++
      log.warn('Outbound post failed', { id: row.id, kind: row.kind, attempts, giveUp, error: message })
    }
  }
  return { delivered, failed }
}
