import { and, asc, eq } from 'drizzle-orm'
import type { DB } from '../../../db/client'
import { payments } from '../../../db/schema'
import { paymentProvider } from '../../providers/payment'
import { log } from '../../logger'
import { processRefunds } from './refunds'
import { outcomeOf, settle } from './settle'

/**
 * The periodic job's reconciliation (besides notifications, which can be late or lost): every
 * open payment the acquirer already has, older than `minAgeMs` and younger than a day, is
 * re-read from the acquirer and its outcome applied. Never throws; safe in several processes
 * at once (settling is idempotent).
 */
export async function syncOpenPayments(
  db: DB,
  opts: { minAgeMs?: number; now?: number } = {},
): Promise<{ checked: number; settled: number }> {
  const provider = paymentProvider()
  const out = { checked: 0, settled: 0 }
  if (!provider.fetchPayment) return out
  const now = opts.now ?? Date.now()
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider.code), eq(payments.status, 'pending')))
    .orderBy(asc(payments.createdAt))
    .limit(200)
  const open = rows.filter(
    (p) => p.externalId && now - p.createdAt >= (opts.minAgeMs ?? 60_000) && now - p.createdAt < 24 * 3600_000,
  )
  for (const p of open) {
    out.checked++
    try {
      const ap = await provider.fetchPayment(p.externalId!)
      if (!ap) continue
      const outcome = outcomeOf(p, ap)
      if (outcome !== 'succeeded' && outcome !== 'declined') continue
      const r = await settle(db, p.id, outcome, { fromAcquirer: true })
      if (r.changed) out.settled++
      if (r.refundIds.length) await processRefunds(db, r.refundIds)
    } catch (e) {
      log.warn('Could not re-read a payment from the acquirer', { paymentId: p.id, error: String(e) })
    }
  }
  return out
}
