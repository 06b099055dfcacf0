import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm'
import type { DB } from '../../db/client'
import { transaction, type Tx } from '../../db/engine'
import { orderStatusHistory, orders } from '../../db/schema'
import { registerMessages, t, type Locale } from '../contracts/i18n'
import { log } from '../logger'
import { releaseOrder } from './order-status'
import { INVOICE_VALID_DAYS } from './orders/shared'
import { stockMayHaveReturned } from './stock-alerts'

/**
 * Stock holds (issue 12 §7, issue 25). An order awaiting payment took its stock when it was placed; it
 * keeps it until `orders.hold_until` (set at checkout: PAYMENT_HOLD_MINUTES for a card payment,
 * the invoice's validity for an invoice), cleared when the order is paid or cancelled. An order
 * paid only once it is handed over (one-click, on delivery; an invoice too) is `pending` until
 * the phone is confirmed by SMS (orders/confirm.ts) or 1C takes it (`takenByBackOffice`): until
 * then it holds its stock UNCONFIRMED_HOLD_MINUTES.
 *
 * `expireHolds` cancels every order whose hold has passed: the stock and the promo code use go
 * back, pending payments are marked declined (a payment that still succeeds later is recorded as
 * a late payment, refund due — see handlePaymentNotification) and the reason is written to the
 * order's history. A periodic job calls it at least once a minute; it is safe to run in several
 * processes at once: each order is cancelled in its own IMMEDIATE transaction that re-reads the
 * order, so a second runner finds it already cancelled and does nothing.
 */

const IMMEDIATE = { behavior: 'immediate' } as const
/** Orders cancelled per run at most; the rest wait for the next run (a minute later). */
const BATCH = 500
const INVOICE_VALID_MS = INVOICE_VALID_DAYS * 24 * 3600 * 1000
/** The statuses in which an order may hold stock with nothing paid. */
const HELD = ['new', 'awaiting-payment'] as const
const isHeld = (s: string) => (HELD as readonly string[]).includes(s)

/** "30 минут", "2 часа", "5 дней" — the hold as said in the order history (plural forms by Intl.PluralRules). */
export function holdPeriod(locale: Locale, minutes: number): string {
  const [n, unit] =
    minutes % 1440 === 0 ? [minutes / 1440, 'day'] : minutes % 60 === 0 ? [minutes / 60, 'hour'] : [minutes, 'minute']
  const form = new Intl.PluralRules(locale).select(n)
  return t(locale, `order.holdPeriod.${unit}.${form}`, { n })
}

/** Cancels the orders whose payment hold passed by `now`; answers how many this call cancelled. */
export async function expireHolds(db: DB, now = Date.now()): Promise<number> {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(inArray(orders.status, HELD), isNotNull(orders.holdUntil), lte(orders.holdUntil, now)))
    .orderBy(asc(orders.holdUntil), asc(orders.id))
    .limit(BATCH)
  let cancelled = 0
  for (const { id } of due) {
    try {
      if (await expireOne(db, id, now)) cancelled++
    } catch (e) {
      // Busy past the timeout, most likely: the order stays due and the next run takes it.
      log.error('Hold expiry failed', { orderId: id, error: String(e) })
    }
  }
  if (cancelled) {
    log.info('Unpaid orders cancelled', { count: cancelled })
    stockMayHaveReturned(db)
  }
  return cancelled
}

async function expireOne(db: DB, id: number, now: number): Promise<boolean> {
  return await transaction(
    db,
    async (tx) => {
      const [o] = await tx
        .select({
          status: orders.status,
          holdUntil: orders.holdUntil,
          createdAt: orders.createdAt,
          promocode: orders.promocode,
          confirmation: orders.confirmation,
        })
        .from(orders)
        .where(eq(orders.id, id))
      // Re-checked inside the write lock: paid, cancelled or expired by another runner meanwhile.
      if (!o || !isHeld(o.status) || o.holdUntil === null || o.holdUntil > now) return false
      // Stock and the promo use back, pending payments declined: the same bookkeeping as any cancel.
      await releaseOrder(tx, { id, promocode: o.promocode })
      await tx
        .update(orders)
        .set({ status: 'cancelled', holdUntil: null, updatedAt: now })
        .where(and(eq(orders.id, id), eq(orders.status, o.status)))
      const minutes = Math.max(1, Math.round((o.holdUntil - o.createdAt) / 60_000))
      await tx.insert(orderStatusHistory).values({
        orderId: id,
        status: 'cancelled',
        // History comments are records in the shop's language (as in orders/shared.ts).
        comment: t('ru', o.confirmation === 'pending' ? 'order.historyNotConfirmed' : 'order.historyHoldExpired', {
          period: holdPeriod('ru', minutes),
        }),
        createdAt: now,
      })
      return true
    },
    IMMEDIATE,
  )
}

/**
 * 1C took these orders (`mode=success` of the sale exchange): the pending ones are confirmed by the
 * back office. One paid on delivery holds its stock until it is handled (no hold); an invoice, while
 * it is valid. Inside the acknowledging transaction; updated_at is left alone (nothing to send back).
 */
export async function takenByBackOffice(tx: Tx, ids: number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    const some = inArray(orders.id, ids.slice(i, i + 500))
    const pending = eq(orders.confirmation, 'pending')
    await tx
      .update(orders)
      .set({ confirmation: 'back-office', holdUntil: null })
      .where(and(some, pending, eq(orders.status, 'new')))
    await tx
      .update(orders)
      .set({ confirmation: 'back-office', holdUntil: sql`${orders.createdAt} + ${INVOICE_VALID_MS}` })
      .where(and(some, pending, eq(orders.status, 'awaiting-payment')))
  }
}

registerMessages({
  en: {
    'order.holdPeriod.minute.one': '{n} minute',
    'order.holdPeriod.minute.other': '{n} minutes',
    'order.holdPeriod.hour.one': '{n} hour',
    'order.holdPeriod.hour.other': '{n} hours',
    'order.holdPeriod.day.one': '{n} day',
    'order.holdPeriod.day.other': '{n} days',
    'order.historyHoldExpired': 'Not paid within {period}: cancelled, the goods are back on sale',
  },
  ru: {
    'order.holdPeriod.minute.one': '{n} минуту',
    'order.holdPeriod.minute.few': '{n} минуты',
    'order.holdPeriod.minute.many': '{n} минут',
    'order.holdPeriod.hour.one': '{n} час',
    'order.holdPeriod.hour.few': '{n} часа',
    'order.holdPeriod.hour.many': '{n} часов',
    'order.holdPeriod.day.one': '{n} день',
    'order.holdPeriod.day.few': '{n} дня',
    'order.holdPeriod.day.many': '{n} дней',
    'order.historyHoldExpired': 'Не оплачен за {period}: заказ отменён, товары возвращены в продажу',
  },
})
