import { randomUUID } from 'node:crypto'
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm'
import type { Ctx } from '../context'
import type { DB } from '../../db/client'
import { deliveryMethods, orderLines, orderStatusHistory, orders, payments, refunds } from '../../db/schema'
import { AppError, notFound } from '../errors'
import { registerMessages, t } from '../contracts/i18n'
import { orderLink, type PaymentNotification } from '../contracts/orders'
import { AcquirerError, isTestAcquirer, paymentProvider } from '../providers/payment'
import { buildReceipt } from '../providers/payment/receipt'
import type { AcquirerPayment, AcquirerRefund, ReceiptData } from '../providers/payment/types'
import { log } from '../logger'
import { env } from '../env'
import type { Tx } from './cart'
import { notifyStatus, type StatusNotice } from './order-status'

/**
 * Payments and refunds through the configured acquirer (API §8; issue 12 point 2).
 *
 * - A payment row (with its Idempotence-Key) is written BEFORE the acquirer is called, so an
 *   acquirer that is down never loses anything: the order stays awaiting payment, the row stays
 *   unanswered, and the next "pay" from the order page repeats the call with the same key (the
 *   acquirer keeps keys for 24 hours) — one payment at the acquirer however many tries.
 * - Outcomes come from the acquirer only: the test acquirer's HMAC-signed notification, or for
 *   YooKassa the payment as `GET /payments/{id}` returns it (its notifications are unsigned, so
 *   nothing in their body is believed but the id).
 * - Refunds are rows in `refunds` with their own key, written in the same transaction as the
 *   cancel; the acquirer is called after the commit and a failure leaves the row pending for
 *   `retryPendingRefunds` (the periodic job).
 */

const IMMEDIATE = { behavior: 'immediate' } as const
/** YooKassa keeps an idempotence key for 24 hours; an unanswered payment older than that is not retried. */
const KEY_TTL_MS = 23 * 3600 * 1000

registerMessages({
  en: {
    'order.createdPaymentUnavailable':
      'Order {number} has been placed, but the payment service is not answering right now. Pay for the order from its page a little later',
    'payment.ignored': 'Notification accepted; nothing to change',
    'payment.pending': 'Notification accepted; the payment is not completed yet',
    'payment.acquirerUnavailable': 'The payment service is unavailable; repeat the notification later',
    'payment.historyRefundStarted': 'Refund of {amount} ₽ requested',
    'payment.historyRefunded': 'Refund of {amount} ₽ completed',
    'payment.historyRefundFailed': 'Refund of {amount} ₽ refused by the payment service: {reason}',
  },
  ru: {
    'order.createdPaymentUnavailable':
      'Заказ {number} оформлен, но платёжный сервис сейчас не отвечает. Оплатите заказ с его страницы чуть позже',
    'payment.ignored': 'Уведомление принято, изменений нет',
    'payment.pending': 'Уведомление принято, платёж ещё не завершён',
    'payment.acquirerUnavailable': 'Платёжный сервис недоступен, повторите уведомление позже',
    'payment.historyRefundStarted': 'Оформлен возврат {amount} ₽',
    'payment.historyRefunded': 'Возврат {amount} ₽ выполнен',
    'payment.historyRefundFailed': 'Возврат {amount} ₽ отклонён платёжным сервисом: {reason}',
  },
})

/** History comments are stored in Russian (the shop's language) — they are records, not UI. */
const comment = (key: string, params?: Record<string, string | number>) => t('ru', key, params)
const rub = (n: number) => new Intl.NumberFormat('ru-RU').format(n).replace(/\u202f|\u00a0/g, ' ')

type PaymentRow = typeof payments.$inferSelect

/* ---------- the receipt of an order ---------- */

function orderReceipt(db: DB | Tx, orderId: number): ReceiptData {
  const o = (db as DB)
    .select({
      email: orders.email,
      phone: orders.phone,
      discount: orders.discount,
      deliveryPrice: orders.deliveryPrice,
      deliveryCode: orders.deliveryCode,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .get()
  if (!o) throw notFound()
  const lines = (db as DB)
    .select({
      name: orderLines.name,
      volume: orderLines.volume,
      quantity: orderLines.quantity,
      price: orderLines.price,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id))
    .all()
  const delivery = o.deliveryCode
    ? (db as DB)
        .select({ title: deliveryMethods.title })
        .from(deliveryMethods)
        .where(eq(deliveryMethods.code, o.deliveryCode))
        .get()
    : undefined
  return buildReceipt({ ...o, lines, deliveryTitle: delivery?.title ?? '' })
}

/* ---------- creating a payment ---------- */

/**
 * Creates (or resumes) the payment of an awaiting-payment order; answers the URL to send the
 * buyer to. Throws AcquirerError when the acquirer refused or stayed unreachable — the order is
 * untouched and may be paid again later.
 */
export async function startPayment(ctx: Ctx, orderId: number): Promise<string> {
  const o = ctx.db
    .select({ id: orders.id, number: orders.number, total: orders.total })
    .from(orders)
    .where(eq(orders.id, orderId))
    .get()
  if (!o) throw notFound()
  const provider = paymentProvider()
  const returnUrl = `${ctx.origin}${orderLink(o.id)}`

  const open = ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, o.id), eq(payments.provider, provider.code), eq(payments.status, 'pending')))
    .orderBy(desc(payments.createdAt))
    .all()

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
        settle(ctx.db, p.id, 'declined')
        continue
      }
      const outcome = outcomeOf(p, ap)
      if (outcome === 'pending') return p.confirmationUrl
      if (outcome === 'mismatch') {
        log.error('YooKassa payment does not match ours: not accepted', { paymentId: p.id, externalId: ap.externalId })
        continue
      }
      const r = settle(ctx.db, p.id, outcome, { fromAcquirer: true })
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
    ctx.db
      .insert(payments)
      .values({
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
      .run()
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
      receipt: orderReceipt(ctx.db, o.id),
    })
    ctx.db
      .update(payments)
      .set({ confirmationUrl: created.confirmationUrl, externalId: created.externalId, updatedAt: Date.now() })
      .where(eq(payments.id, paymentId))
      .run()
    return created.confirmationUrl
  } catch (e) {
    if (e instanceof AcquirerError && !e.transient) {
      // Refused for good: this try is over (a new one gets a new key).
      ctx.db
        .update(payments)
        .set({ status: 'declined', updatedAt: Date.now() })
        .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
        .run()
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

/* ---------- outcomes ---------- */

/** What an acquirer-verified payment means for our row: the amount must be ours to the kopeck. */
function outcomeOf(p: PaymentRow, ap: AcquirerPayment): 'pending' | 'succeeded' | 'declined' | 'mismatch' {
  if (ap.status === 'canceled') return 'declined'
  if (ap.status !== 'succeeded') return 'pending'
  if (!ap.paid || ap.amount !== p.amount * 100 || ap.currency !== 'RUB') return 'mismatch'
  return 'succeeded'
}

/**
 * Applies an outcome to a payment and its order in one transaction; idempotent. A payment
 * already settled changes nothing — except, for an acquirer-verified success, a payment the shop
 * itself marked declined when the order was cancelled: the money did arrive, so it is recorded
 * and refunded. Answers the payment's status and whether anything changed.
 */
function settle(
  db: DB,
  paymentId: string,
  outcome: 'succeeded' | 'declined',
  opts: { fromAcquirer?: boolean } = {},
): { status: string; changed: boolean; refundIds: number[] } {
  const result = db.transaction((tx) => {
    const p = tx.select().from(payments).where(eq(payments.id, paymentId)).get()
    if (!p) throw notFound('payment.unknown')
    const lateSuccess = opts.fromAcquirer && outcome === 'succeeded' && p.status === 'declined'
    if (p.status !== 'pending' && !lateSuccess) return { status: p.status, changed: false, refundIds: [] }
    const now = Date.now()
    tx.update(payments).set({ status: outcome, updatedAt: now }).where(eq(payments.id, p.id)).run()
    const o = tx
      .select({
        id: orders.id,
        number: orders.number,
        status: orders.status,
        fullname: orders.fullname,
        phone: orders.phone,
        email: orders.email,
      })
      .from(orders)
      .where(eq(orders.id, p.orderId))
      .get()
    const refundIds: number[] = []
    let notice: StatusNotice | null = null
    if (o && outcome === 'succeeded') {
      if (o.status === 'awaiting-payment') {
        tx.update(orders).set({ status: 'paid', holdUntil: null, updatedAt: now }).where(eq(orders.id, o.id)).run()
        tx.insert(orderStatusHistory)
          .values({ orderId: o.id, status: 'paid', comment: comment('order.historyPaid'), createdAt: now })
          .run()
        const { id: orderId, number, fullname, phone, email } = o
        notice = { orderId, number, status: 'paid', fullname, phone, email, refund: false }
      } else {
        // Paid after a cancel (or twice through two payments): the money goes back.
        tx.insert(orderStatusHistory)
          .values({ orderId: o.id, status: o.status, comment: comment('order.historyLatePayment'), createdAt: now })
          .run()
        refundIds.push(...queueRefunds(tx, o.id, o.status, [p.id]))
      }
    } else if (o) {
      tx.insert(orderStatusHistory)
        .values({ orderId: o.id, status: o.status, comment: comment('order.historyDeclined'), createdAt: now })
        .run()
    }
    return { status: outcome, changed: true, refundIds, notice }
  }, IMMEDIATE)
  // The customer hears of the payment the way they hear of every status (order-status.ts), after the commit.
  if ('notice' in result && result.notice) void notifyStatus(db, result.notice)
  return { status: result.status, changed: result.changed, refundIds: result.refundIds }
}

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
  const p = ctx.db.select().from(payments).where(eq(payments.id, n.paymentId)).get()
  if (!p) throw notFound('payment.unknown')
  if (String(p.amount) !== n.amount) throw new AppError(422, 'payment.badAmount')
  const r = settle(ctx.db, p.id, outcome)
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
    const row = findRefund(ctx.db, r)
    if (!row) return ignored
    const status = applyRefund(ctx.db, row.id, r)
    return { success: true, message: t(ctx.locale, 'payment.accepted'), status }
  }
  const ap = await provider.fetchPayment!(body.object.id, { quick: true })
  if (!ap?.externalId) return ignored
  const p = findPayment(ctx.db, ap)
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
  const r = settle(ctx.db, p.id, outcome, { fromAcquirer: true })
  if (r.refundIds.length) await processRefunds(ctx.db, r.refundIds)
  return {
    success: true,
    message: t(ctx.locale, r.changed ? 'payment.accepted' : 'payment.alreadyProcessed'),
    status: r.status,
  }
}

/** Our row of an acquirer's payment: by its id, else by the payment id we put in its metadata (a create call whose answer we never got). */
function findPayment(db: DB, ap: AcquirerPayment): PaymentRow | undefined {
  const byExternal = db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, 'yookassa'), eq(payments.externalId, ap.externalId)))
    .get()
  if (byExternal) return byExternal
  const ours = ap.metadata.paymentId
  if (!ours) return undefined
  const row = db
    .select()
    .from(payments)
    .where(and(eq(payments.id, ours), eq(payments.provider, 'yookassa'), isNull(payments.externalId)))
    .get()
  if (!row) return undefined
  db.update(payments).set({ externalId: ap.externalId, updatedAt: Date.now() }).where(eq(payments.id, row.id)).run()
  return { ...row, externalId: ap.externalId }
}

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
  const open = db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider.code), eq(payments.status, 'pending')))
    .orderBy(asc(payments.createdAt))
    .limit(200)
    .all()
    .filter((p) => p.externalId && now - p.createdAt >= (opts.minAgeMs ?? 60_000) && now - p.createdAt < 24 * 3600_000)
  for (const p of open) {
    out.checked++
    try {
      const ap = await provider.fetchPayment(p.externalId!)
      if (!ap) continue
      const outcome = outcomeOf(p, ap)
      if (outcome !== 'succeeded' && outcome !== 'declined') continue
      const r = settle(db, p.id, outcome, { fromAcquirer: true })
      if (r.changed) out.settled++
      if (r.refundIds.length) await processRefunds(db, r.refundIds)
    } catch (e) {
      log.warn('Could not re-read a payment from the acquirer', { paymentId: p.id, error: String(e) })
    }
  }
  return out
}

/* ---------- refunds ---------- */

/**
 * Inside the cancel's (or late payment's) transaction: one pending refund row per succeeded
 * payment of the order that has no refund yet, each with its own idempotence key, and a line in
 * the order history. Answers the new rows' ids for `processRefunds` after the commit.
 */
export function queueRefunds(tx: Tx, orderId: number, orderStatus: string, onlyPayments?: string[]): number[] {
  const paid = tx
    .select({ id: payments.id, amount: payments.amount })
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.status, 'succeeded'),
        ...(onlyPayments ? [inArray(payments.id, onlyPayments)] : []),
      ),
    )
    .all()
  const ids: number[] = []
  const now = Date.now()
  for (const p of paid) {
    const existing = tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.paymentId, p.id)).get()
    if (existing) continue
    const row = tx
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
      .get()
    ids.push(row.id)
    tx.insert(orderStatusHistory)
      .values({
        orderId,
        status: orderStatus as typeof orderStatusHistory.$inferInsert.status,
        comment: comment('payment.historyRefundStarted', { amount: rub(p.amount) }),
        createdAt: now,
      })
      .run()
  }
  return ids
}

type RefundRow = typeof refunds.$inferSelect

function findRefund(db: DB, r: AcquirerRefund): RefundRow | undefined {
  const byExternal = db.select().from(refunds).where(eq(refunds.externalId, r.externalId!)).get()
  if (byExternal) return byExternal
  if (!r.externalPaymentId) return undefined
  // A create call whose answer we never got: the pending refund of that payment.
  const row = db
    .select({ refund: refunds })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(eq(payments.externalId, r.externalPaymentId), eq(refunds.status, 'pending'), isNull(refunds.externalId)))
    .get()?.refund
  if (!row) return undefined
  db.update(refunds).set({ externalId: r.externalId, updatedAt: Date.now() }).where(eq(refunds.id, row.id)).run()
  return { ...row, externalId: r.externalId }
}

/** Records what the acquirer says about a refund (idempotent); answers the row's status. */
function applyRefund(db: DB, refundId: number, r: AcquirerRefund): string {
  return db.transaction((tx) => {
    const row = tx.select().from(refunds).where(eq(refunds.id, refundId)).get()
    if (!row) return 'unknown'
    const now = Date.now()
    if (row.status !== 'pending') return row.status
    if (r.status === 'pending') {
      if (r.externalId && !row.externalId)
        tx.update(refunds)
          .set({ externalId: r.externalId, error: '', updatedAt: now })
          .where(eq(refunds.id, row.id))
          .run()
      return 'pending'
    }
    const ok = r.status === 'succeeded'
    tx.update(refunds)
      .set({
        status: ok ? 'succeeded' : 'failed',
        externalId: r.externalId ?? row.externalId,
        error: ok ? '' : r.reason || 'canceled',
        updatedAt: now,
      })
      .where(eq(refunds.id, row.id))
      .run()
    const o = tx.select({ status: orders.status }).from(orders).where(eq(orders.id, row.orderId)).get()
    tx.insert(orderStatusHistory)
      .values({
        orderId: row.orderId,
        status: o?.status ?? 'cancelled',
        comment: ok
          ? comment('payment.historyRefunded', { amount: rub(row.amount) })
          : comment('payment.historyRefundFailed', { amount: rub(row.amount), reason: r.reason || 'canceled' }),
        createdAt: now,
      })
      .run()
    return ok ? 'succeeded' : 'failed'
  }, IMMEDIATE)
}

/** Records a failed call: transient keeps the row pending (retried later with the same key); a refusal fails it. */
function refundCallFailed(db: DB, row: RefundRow, e: unknown) {
  const text = (e instanceof Error ? e.message : String(e)).slice(0, 500)
  if (e instanceof AcquirerError && !e.transient) {
    applyRefund(db, row.id, {
      externalId: row.externalId,
      externalPaymentId: null,
      status: 'canceled',
      amount: row.amount * 100,
      reason: text,
    })
  } else {
    db.update(refunds).set({ error: text, updatedAt: Date.now() }).where(eq(refunds.id, row.id)).run()
  }
  log.error('Refund failed', { refundId: row.id, orderId: row.orderId, error: text })
}

/** Asks the acquirer for each refund (create, or re-read one it already has). Never throws. */
export async function processRefunds(db: DB, ids: number[]): Promise<void> {
  if (!ids.length) return
  const provider = paymentProvider()
  const rows = db
    .select({ refund: refunds, payment: payments, number: orders.number })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(and(inArray(refunds.id, ids), eq(refunds.status, 'pending')))
    .orderBy(asc(refunds.id))
    .all()
  for (const { refund, payment, number } of rows) {
    try {
      if (payment.provider !== provider.code)
        throw new AcquirerError(
          `payment ${payment.id} was made through ${payment.provider}, not ${provider.code}`,
          true,
        )
      if (refund.externalId && provider.fetchRefund) {
        const r = await provider.fetchRefund(refund.externalId)
        if (r) applyRefund(db, refund.id, r)
        continue
      }
      if (provider.code !== 'test' && !payment.externalId)
        throw new AcquirerError(`payment ${payment.id} has no acquirer id`, false)
      const r = await provider.createRefund({
        externalPaymentId: payment.externalId ?? payment.id,
        amount: refund.amount * 100,
        idempotenceKey: refund.idempotenceKey,
        receipt: orderReceipt(db, refund.orderId),
        description: `Возврат по заказу ${number}`,
      })
      applyRefund(db, refund.id, r)
    } catch (e) {
      refundCallFailed(db, refund, e)
    }
  }
}

/**
 * The periodic job's entry: every refund still pending (the acquirer was down, or has not
 * finished it) is asked again with its own key. Safe in several processes at once: the key makes
 * a repeated create the same refund, and a settled row is never changed again.
 */
export async function retryPendingRefunds(db: DB): Promise<{ succeeded: number; pending: number; failed: number }> {
  const ids = db
    .select({ id: refunds.id })
    .from(refunds)
    .where(eq(refunds.status, 'pending'))
    .orderBy(asc(refunds.id))
    .limit(100)
    .all()
    .map((r) => r.id)
  await processRefunds(db, ids)
  const out = { succeeded: 0, pending: 0, failed: 0 }
  if (!ids.length) return out
  for (const r of db.select({ status: refunds.status }).from(refunds).where(inArray(refunds.id, ids)).all())
    out[r.status]++
  return out
}

/* ---------- the test acquirer's page ---------- */

/** The test acquirer's confirmation page data (no ownership check: the payment id is the secret). */
export function testPaymentInfo(ctx: Ctx, paymentId: string) {
  const p = ctx.db
    .select({
      id: payments.id,
      amount: payments.amount,
      status: payments.status,
      provider: payments.provider,
      orderId: payments.orderId,
      number: orders.number,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.id, paymentId), eq(payments.provider, 'test')))
    .get()
  return p ? { ...p, returnUrl: orderLink(p.orderId) } : null
}
