import { and, eq, isNull } from 'drizzle-orm'
import type { Ctx } from '../../context'
import type { DB } from '../../../db/client'
import { payments } from '../../../db/schema'
import { AppError, notFound } from '../../errors'
import { t } from '../../contracts/i18n'
import type { PaymentNotification } from '../../contracts/orders'
import { isTestAcquirer, paymentProvider } from '../../providers/payment'
import type { AcquirerPayment } from '../../providers/payment/types'
import { log } from '../../logger'
import { env } from '../../env'
import { applyRefund, findRefund, processRefunds } from './refunds'
import { outcomeOf, settle } from './settle'
import type { PaymentRow } from './shared'

type NotifyAnswer = { success: true; message: string; status: string }

/**
 * POST /payment-notify/ (the test acquirer only): its signed report. A bad or missing signature
 * is 403 and changes nothing; a payment already settled answers 200 without changes.
 */
export async function handlePaymentNotification(ctx: Ctx, n: PaymentNotification): Promise<NotifyAnswer> {
  if (!isTestAcquirer()) throw notFound('api.routeNotFound')
  const provider = paymentProvider()
  if (!provider.verifyNotification?.(n)) throw new AppError(403, 'payment.badSignature')
  const outcome = n.status
  if (outcome !== 'succeeded' && outcome !== 'declined')
    throw new AppError(422, 'api.validation', {}, { errors: { status: 'errors.choice' } })
  const [p] = await ctx.db.select().from(payments).where(eq(payments.id, n.paymentId))
  if (!p) throw notFound('payment.unknown')
  if (String(p.amount) !== n.amount) throw new AppError(422, 'payment.badAmount')
  const r = await settle(ctx.db, p.id, outcome)
  if (r.refundIds.length) await processRefunds(ctx.db, r.refundIds)
  return {
    success: true,
    message: t(ctx.locale, r.changed ? 'payment.accepted' : 'payment.alreadyProcessed'),
    status: r.status,
  }
}

/**
 * POST /payment-notify/yookassa/: YooKassa's unsigned notification. Only `object.id` is read;
 * the payment (or refund) is fetched from the API and its answer is what counts. Unknown ids
 * answer 200 with no change: YooKassa repeats any other answer for a day, and a repeat cannot
 * turn junk into a payment of ours. A payment that is still pending changes nothing, so a forged
 * "succeeded" body does nothing. The API unreachable: AcquirerError (the route answers 503 and
 * YooKassa repeats the notification later).
 */
export async function handleYooKassaNotification(
  ctx: Ctx,
  body: { event?: string; object: { id: string } },
): Promise<NotifyAnswer> {
  if (env().PAYMENT_PROVIDER !== 'yookassa') throw notFound('api.routeNotFound')
  const provider = paymentProvider()
  const ignored = { success: true as const, message: t(ctx.locale, 'payment.ignored'), status: 'ignored' }
  if (body.event?.startsWith('refund.')) {
    const r = await provider.fetchRefund!(body.object.id, { quick: true })
    if (!r?.externalId) return ignored
    const row = await findRefund(ctx.db, r)
    if (!row) return ignored
    const status = await applyRefund(ctx.db, row.id, r)
    return { success: true, message: t(ctx.locale, 'payment.accepted'), status }
  }
  const ap = await provider.fetchPayment!(body.object.id, { quick: true })
  if (!ap?.externalId) return ignored
  const p = await findPayment(ctx.db, ap)
  if (!p) {
    log.warn('YooKassa notification for a payment the shop does not know', { externalId: ap.externalId })
    return ignored
  }
  const outcome = outcomeOf(p, ap)
  if (outcome === 'mismatch') {
    log.error('YooKassa payment does not match ours: not accepted', {
      paymentId: p.id,
      externalId: ap.externalId,
      ours: p.amount * 100,
      theirs: ap.amount,
      currency: ap.currency,
      paid: ap.paid,
    })
    throw new AppError(422, 'payment.badAmount')
  }
  if (outcome === 'pending') return { success: true, message: t(ctx.locale, 'payment.pending'), status: p.status }
  const r = await settle(ctx.db, p.id, outcome, { fromAcquirer: true })
  if (r.refundIds.length) await processRefunds(ctx.db, r.refundIds)
  return {
    success: true,
    message: t(ctx.locale, r.changed ? 'payment.accepted' : 'payment.alreadyProcessed'),
    status: r.status,
  }
}

/** Our row of an acquirer's payment: by its id, else by the payment id we put in its metadata (a create call whose answer we never got). */
async function findPayment(db: DB, ap: AcquirerPayment): Promise<PaymentRow | undefined> {
  const [byExternal] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, 'yookassa'), eq(payments.externalId, ap.externalId)))
    .limit(1)
  if (byExternal) return byExternal
  const ours = ap.metadata.paymentId
  if (!ours) return undefined
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.id, ours), eq(payments.provider, 'yookassa'), isNull(payments.externalId)))
  if (!row) return undefined
  await db.update(payments).set({ externalId: ap.externalId, updatedAt: Date.now() }).where(eq(payments.id, row.id))
  return { ...row, externalId: ap.externalId }
}
