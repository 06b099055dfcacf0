import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import type { DB } from '../../../db/client'
import { orderStatusHistory, orders, payments, refunds } from '../../../db/schema'
import { AcquirerError, paymentProvider } from '../../providers/payment'
import type { AcquirerRefund } from '../../providers/payment/types'
import { documentText } from '../../contracts/orders'
import { log } from '../../logger'
import { transaction, type Tx } from '../../../db/engine'
import { orderReceipt } from './receipt'
import { comment, IMMEDIATE, rub } from './shared'

/**
 * Inside the cancel's (or late payment's) transaction: one pending refund row per succeeded
 * payment of the order that has no refund yet, each with its own idempotence key, and a line in
 * the order history. Answers the new rows' ids for `processRefunds` after the commit.
 */
export async function queueRefunds(
  tx: Tx,
  orderId: number,
  orderStatus: string,
  onlyPayments?: string[],
): Promise<number[]> {
  const paid = await tx
    .select({ id: payments.id, amount: payments.amount })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.status, 'succeeded'),
        ...(onlyPayments ? [inArray(payments.id, onlyPayments)] : []),
      ),
    )
  const ids: number[] = []
  const now = Date.now()
  for (const p of paid) {
    const [existing] = await tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.paymentId, p.id)).limit(1)
    if (existing) continue
    const [row] = await tx
      .insert(refunds)
      .values({
        paymentId: p.id,
        orderId,
        amount: p.amount,
        idempotenceKey: randomUUID(),
        status: 'pending',
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: refunds.id })
    ids.push(row!.id)
    await tx.insert(orderStatusHistory).values({
      orderId,
      status: orderStatus as typeof orderStatusHistory.$inferInsert.status,
      comment: comment('payment.historyRefundStarted', { amount: rub(p.amount) }),
      createdAt: now,
    })
  }
  return ids
}

type RefundRow = typeof refunds.$inferSelect

export async function findRefund(db: DB, r: AcquirerRefund): Promise<RefundRow | undefined> {
  const [byExternal] = await db.select().from(refunds).where(eq(refunds.externalId, r.externalId!)).limit(1)
  if (byExternal) return byExternal
  if (!r.externalPaymentId) return undefined
  // A create call whose answer we never got: the pending refund of that payment.
  const [found] = await db
    .select({ refund: refunds })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(eq(payments.externalId, r.externalPaymentId), eq(refunds.status, 'pending'), isNull(refunds.externalId)))
    .limit(1)
  const row = found?.refund
  if (!row) return undefined
  await db.update(refunds).set({ externalId: r.externalId, updatedAt: Date.now() }).where(eq(refunds.id, row.id))
  return { ...row, externalId: r.externalId }
}

/** Records what the acquirer says about a refund (idempotent); answers the row's status. */
export async function applyRefund(db: DB, refundId: number, r: AcquirerRefund): Promise<string> {
  return await transaction(
    db,
    async (tx) => {
      const [row] = await tx.select().from(refunds).where(eq(refunds.id, refundId))
      if (!row) return 'unknown'
      const now = Date.now()
      if (row.status !== 'pending') return row.status
      if (r.status === 'pending') {
        if (r.externalId && !row.externalId)
          await tx
            .update(refunds)
            .set({ externalId: r.externalId, error: '', updatedAt: now })
            .where(eq(refunds.id, row.id))
        return 'pending'
      }
      const ok = r.status === 'succeeded'
      await tx
        .update(refunds)
        .set({
          status: ok ? 'succeeded' : 'failed',
          externalId: r.externalId ?? row.externalId,
          error: ok ? '' : r.reason || 'canceled',
          updatedAt: now,
        })
        .where(eq(refunds.id, row.id))
      const [o] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, row.orderId))
      await tx.insert(orderStatusHistory).values({
        orderId: row.orderId,
        status: o?.status ?? 'cancelled',
        comment: ok
          ? comment('payment.historyRefunded', { amount: rub(row.amount) })
          : comment('payment.historyRefundFailed', { amount: rub(row.amount), reason: r.reason || 'canceled' }),
        createdAt: now,
      })
      return ok ? 'succeeded' : 'failed'
    },
    IMMEDIATE,
  )
}

/** Records a failed call: transient keeps the row pending (retried later with the same key); a refusal fails it. */
async function refundCallFailed(db: DB, row: RefundRow, e: unknown) {
  const text = (e instanceof Error ? e.message : String(e)).slice(0, 500)
  if (e instanceof AcquirerError && !e.transient) {
    await applyRefund(db, row.id, {
      externalId: row.externalId,
      externalPaymentId: null,
      status: 'canceled',
      amount: row.amount * 100,
      reason: text,
    })
  } else {
    await db.update(refunds).set({ error: text, updatedAt: Date.now() }).where(eq(refunds.id, row.id))
  }
  log.error('Refund failed', { refundId: row.id, orderId: row.orderId, error: text })
}

/** Asks the acquirer for each refund (create, or re-read one it already has). Never throws. */
export async function processRefunds(db: DB, ids: number[]): Promise<void> {
  if (!ids.length) return
  const provider = paymentProvider()
  const rows = await db
    .select({ refund: refunds, payment: payments, number: orders.number })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(and(inArray(refunds.id, ids), eq(refunds.status, 'pending')))
    .orderBy(asc(refunds.id))
  for (const { refund, payment, number } of rows) {
    try {
      if (payment.provider !== provider.code)
        throw new AcquirerError(
          `payment ${payment.id} was made through ${payment.provider}, not ${provider.code}`,
          true,
        )
      if (refund.externalId && provider.fetchRefund) {
        const r = await provider.fetchRefund(refund.externalId)
        if (r) await applyRefund(db, refund.id, r)
        continue
      }
      if (provider.code !== 'test' && !payment.externalId)
        throw new AcquirerError(`payment ${payment.id} has no acquirer id`, false)
      const r = await provider.createRefund({
        externalPaymentId: payment.externalId ?? payment.id,
        amount: refund.amount * 100,
        idempotenceKey: refund.idempotenceKey,
        receipt: await orderReceipt(db, refund.orderId),
        description: documentText('refund', { number }),
      })
      await applyRefund(db, refund.id, r)
    } catch (e) {
      await refundCallFailed(db, refund, e)
    }
  }
}

/**
 * The periodic job's entry: every refund still pending (the acquirer was down, or has not
 * finished it) is asked again with its own key. Safe in several processes at once: the key makes
 * a repeated create the same refund, and a settled row is never changed again.
 */
export async function retryPendingRefunds(db: DB): Promise<{ succeeded: number; pending: number; failed: number }> {
  const pending = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(eq(refunds.status, 'pending'))
    .orderBy(asc(refunds.id))
    .limit(100)
  const ids = pending.map((r) => r.id)
  await processRefunds(db, ids)
  const out = { succeeded: 0, pending: 0, failed: 0 }
  if (!ids.length) return out
  for (const r of await db.select({ status: refunds.status }).from(refunds).where(inArray(refunds.id, ids)))
    out[r.status]++
  return out
}
