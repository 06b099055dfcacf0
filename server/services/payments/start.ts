import { randomUUID } from 'node:crypto'
import { and, desc, eq } from 'drizzle-orm'
import type { Ctx } from '../../context'
import { orders, payments } from '../../../db/schema'
import { notFound } from '../../errors'
import { orderLink } from '../../contracts/orders'
import { AcquirerError, paymentProvider } from '../../providers/payment'
import { log } from '../../logger'
import { orderReceipt } from './receipt'
import { processRefunds } from './refunds'
import { outcomeOf, settle } from './settle'

/** YooKassa keeps an idempotence key for 24 hours; an unanswered payment older than that is not retried. */
const KEY_TTL_MS = 23 * 3600 * 1000

/**
 * Creates (or resumes) the payment of an awaiting-payment order; answers the URL to send the
 * buyer to. Throws AcquirerError when the acquirer refused or stayed unreachable — the order is
 * untouched and may be paid again later.
 */
export async function startPayment(ctx: Ctx, orderId: number): Promise<string> {
  const [o] = await ctx.db
    .select({ id: orders.id, number: orders.number, total: orders.total })
    .from(orders)
    .where(eq(orders.id, orderId))
  if (!o) throw notFound()
  const provider = paymentProvider()
  const returnUrl = `${ctx.origin}${orderLink(o.id)}`

  const open = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, o.id), eq(payments.provider, provider.code), eq(payments.status, 'pending')))
    .orderBy(desc(payments.createdAt))

  // A payment the acquirer already has, still open: send the buyer back to the same page rather
  // than opening a second payment that could be paid twice.
  if (provider.fetchPayment) {
    for (const p of open.filter((x) => x.externalId && x.confirmationUrl)) {
      const ap = await provider.fetchPayment(p.externalId!, { quick: true }).catch((e: unknown) => {
        if (e instanceof AcquirerError && e.transient) return 'unknown' as const
        throw e
      })
      if (ap === 'unknown') return p.confirmationUrl
      if (ap === null) {
        await settle(ctx.db, p.id, 'declined')
        continue
      }
      const outcome = outcomeOf(p, ap)
      if (outcome === 'pending') return p.confirmationUrl
      if (outcome === 'mismatch') {
        log.error('YooKassa payment does not match ours: not accepted', { paymentId: p.id, externalId: ap.externalId })
        continue
      }
      const r = await settle(ctx.db, p.id, outcome, { fromAcquirer: true })
      if (r.refundIds.length) await processRefunds(ctx.db, r.refundIds)
      if (outcome === 'succeeded') return orderLink(o.id)
    }
  }

  // An earlier try the acquirer never answered: repeat it with the same id and key.
  const unanswered = open.find((p) => !p.confirmationUrl && p.idempotenceKey && Date.now() - p.createdAt < KEY_TTL_MS)
  let paymentId: string
  let key: string
  let amount = o.total
  if (unanswered) {
    paymentId = unanswered.id
    key = unanswered.idempotenceKey!
    amount = unanswered.amount
  } else {
    paymentId = `pay_${randomUUID().replace(/-/g, '')}`
    key = randomUUID()
    const now = Date.now()
    await ctx.db.insert(payments).values({
      id: paymentId,
      orderId: o.id,
      provider: provider.code,
      amount,
      status: 'pending',
      confirmationUrl: '',
      idempotenceKey: key,
      createdAt: now,
      updatedAt: now,
    })
  }

  try {
    const created = await provider.createPayment({
      paymentId,
      orderId: o.id,
      orderNumber: o.number,
      amount: amount * 100,
      origin: ctx.origin,
      returnUrl,
      idempotenceKey: key,
      receipt: await orderReceipt(ctx.db, o.id),
    })
    await ctx.db
      .update(payments)
      .set({ confirmationUrl: created.confirmationUrl, externalId: created.externalId, updatedAt: Date.now() })
      .where(eq(payments.id, paymentId))
    return created.confirmationUrl
  } catch (e) {
    if (e instanceof AcquirerError && !e.transient) {
      // Refused for good: this try is over (a new one gets a new key).
      await ctx.db
        .update(payments)
        .set({ status: 'declined', updatedAt: Date.now() })
        .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
    }
    log.error('Payment creation failed', {
      requestId: ctx.requestId,
      orderId: o.id,
      paymentId,
      transient: e instanceof AcquirerError ? e.transient : null,
      error: String(e),
    })
    throw e
  }
}
