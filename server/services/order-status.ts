import { and, eq, sql } from 'drizzle-orm'
import type { DB } from '../../db/client'
import { greatest, transaction, type Tx } from '../../db/engine'
import { orderLines, orderStatusHistory, orders, payments, productOffers, promoCodes } from '../../db/schema'
import { registerMessages, t } from '../contracts/i18n'
import type { OrderStatus } from '../contracts/orders'
import { log } from '../logger'
import { refreshProducts } from './orders/stock'
import { processRefunds, queueRefunds } from './payments'
import { notifyStatus, type StatusNotice } from './order-notify'
import { stockMayHaveReturned } from './stock-alerts'

/**
 * Order statuses set by the back office (1C through `server/exchange/sale/`; any later admin
 * tool): ONE function, `setOrderStatus`, checks the move, writes the order and its history, and
 * tells the customer.
 *
 * Moves (the rest of ADR 008 is the checkout's and the acquirer's):
 *
 * | from \ to                  | paid | processing | shipped | done | cancelled |
 * |----------------------------|------|------------|---------|------|-----------|
 * | new, awaiting-payment      | yes  | yes        | yes     | yes  | yes       |
 * | paid                       | —    | yes        | yes     | yes  | yes       |
 * | processing                 | no   | —          | yes     | yes  | yes       |
 * | shipped                    | no   | no         | —       | yes  | yes       |
 * | done, cancelled            | no   | no         | no      | no   | no        |
 *
 * `new` and `awaiting-payment` are never set from outside (the order is placed so); the same
 * status again is "unchanged" (no history, no message). A backward move is refused with a reason.
 *
 * Cancelling returns the stock and the promo code use, declines pending payments, and queues a
 * refund of every succeeded payment through the payments service (`queueRefunds` in the same
 * transaction, `processRefunds` after it — the same path as the customer's cancel).
 *
 * The customer hears of `paid`, `shipped` and `cancelled` (order-notify.ts): an SMS to the order's phone, and an
 * e-mail when the order has one and a mail provider is configured. Texts are Russian (the
 * shop's language; an order keeps no locale). Sending happens after the commit and never undoes
 * the change: a failed send is logged.
 */

const IMMEDIATE = { behavior: 'immediate' } as const

export type StatusSource = '1c' | 'admin'

/** Statuses the back office may set. */
export const BACK_OFFICE_STATUSES = ['paid', 'processing', 'shipped', 'done', 'cancelled'] as const
export type BackOfficeStatus = (typeof BACK_OFFICE_STATUSES)[number]

const RANK: Record<OrderStatus, number> = {
  new: 0,
  'awaiting-payment': 0,
  paid: 1,
  processing: 2,
  shipped: 3,
  done: 4,
  cancelled: 5,
}

/** How far along an order is: new/awaiting-payment 0, paid 1, processing 2, shipped 3, done 4, cancelled 5. */
export const statusRank = (s: OrderStatus) => RANK[s]

/** The statuses the customer is told about. */
export const NOTIFIED: readonly OrderStatus[] = ['paid', 'shipped', 'cancelled']

registerMessages({
  en: {
    'orderStatus.unchanged': 'The order is already {status}',
    'orderStatus.final': 'The order is {status}: its status can no longer change',
    'orderStatus.backward': 'The order is {from}: it cannot go back to {to}',
    'orderStatus.notSettable': 'Status {to} cannot be set from outside',
    'orderStatus.unknownOrder': 'Order not found',
    'orderStatus.history.1c': 'Set in 1C',
    'orderStatus.history.admin': 'Set by the shop',
  },
  ru: {
    'orderStatus.unchanged': 'Заказ уже в статусе «{status}»',
    'orderStatus.final': 'Заказ в статусе «{status}»: статус больше не меняется',
    'orderStatus.backward': 'Заказ в статусе «{from}»: вернуть его в «{to}» нельзя',
    'orderStatus.notSettable': 'Статус «{to}» нельзя установить извне',
    'orderStatus.unknownOrder': 'Заказ не найден',
    'orderStatus.history.1c': 'Установлено в 1С',
    'orderStatus.history.admin': 'Установлено магазином',
  },
})

const ru = (key: string, params?: Record<string, string | number>) => t('ru', key, params)
const label = (s: OrderStatus) => ru(`order.status.${s}`)

/** Why a move is refused (a Russian sentence for 1C's log and ours), or null when allowed. */
export function transitionProblem(from: OrderStatus, to: OrderStatus): string | null {
  if (!(BACK_OFFICE_STATUSES as readonly string[]).includes(to)) return ru('orderStatus.notSettable', { to: label(to) })
  if (from === 'done' || from === 'cancelled') return ru('orderStatus.final', { status: label(from) })
  if (to === 'cancelled') return null
  if (RANK[to] < RANK[from]) return ru('orderStatus.backward', { from: label(from), to: label(to) })
  return null
}

export type StatusResult =
  | { ok: true; changed: boolean; status: OrderStatus; notice: StatusNotice | null; refundIds: number[] }
  | { ok: false; reason: string }

type OrderRow = Pick<
  typeof orders.$inferSelect,
  'id' | 'number' | 'status' | 'promocode' | 'fullname' | 'phone' | 'email' | 'updatedAt' | 'exportedAt'
>

const orderColumns = {
  id: orders.id,
  number: orders.number,
  status: orders.status,
  promocode: orders.promocode,
  fullname: orders.fullname,
  phone: orders.phone,
  email: orders.email,
  updatedAt: orders.updatedAt,
  exportedAt: orders.exportedAt,
}

/** Reads the order for a status change inside the caller's transaction. */
export async function orderForStatus(tx: Tx, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await tx.select(orderColumns).from(orders).where(eq(orders.id, orderId))
  return row
}

/**
 * Inside the caller's IMMEDIATE transaction: moves the order to `to` (or refuses), writing the
 * order, a history row (`detail` joined to the source's note) and, for a cancel, the stock, the
 * promo use, the pending payments and the refunds. The caller commits, then calls
 * `afterStatusChange` with the result.
 */
export async function changeStatusInTx(
  tx: Tx,
  o: OrderRow,
  to: OrderStatus,
  opts: { source: StatusSource; detail?: string; now?: number },
): Promise<StatusResult> {
  if (o.status === to) return { ok: true, changed: false, status: to, notice: null, refundIds: [] }
  const problem = transitionProblem(o.status, to)
  if (problem) return { ok: false, reason: problem }
  const now = opts.now ?? Date.now()
  // An order 1C already had, changed by 1C itself, stays acknowledged (it is not sent back).
  const inSync = o.exportedAt !== null && o.updatedAt <= o.exportedAt
  const exportedAt = opts.source === '1c' && inSync ? now : o.exportedAt
  let refundIds: number[] = []
  if (to === 'cancelled') await releaseOrder(tx, o)
  await tx.update(orders).set({ status: to, holdUntil: null, updatedAt: now, exportedAt }).where(eq(orders.id, o.id))
  const note = ru(`orderStatus.history.${opts.source}`)
  await tx
    .insert(orderStatusHistory)
    .values({ orderId: o.id, status: to, comment: opts.detail ? `${note}: ${opts.detail}` : note, createdAt: now })
  if (to === 'cancelled') refundIds = await queueRefunds(tx, o.id, 'cancelled')
  const notice: StatusNotice | null = NOTIFIED.includes(to)
    ? {
        orderId: o.id,
        number: o.number,
        status: to,
        fullname: o.fullname,
        phone: o.phone,
        email: o.email,
        refund: refundIds.length > 0,
      }
    : null
  return { ok: true, changed: true, status: to, notice, refundIds }
}

/**
 * A cancel's bookkeeping inside its transaction (the customer's cancel in orders/cancel.ts and the back
 * office's here): the stock and the promo code use go back; payments not yet made are declined
 * (one that still succeeds later is refunded as a late payment).
 */
export async function releaseOrder(tx: Tx, o: Pick<OrderRow, 'id' | 'promocode'>): Promise<void> {
  const lines = await tx
    .select({ offerId: orderLines.offerId, productId: orderLines.productId, quantity: orderLines.quantity })
    .from(orderLines)
    .where(eq(orderLines.orderId, o.id))
  for (const l of lines) {
    await tx
      .update(productOffers)
      .set({ stock: sql`${productOffers.stock} + ${l.quantity}` })
      .where(eq(productOffers.id, l.offerId))
  }
  await refreshProducts(
    tx,
    lines.map((l) => l.productId),
  )
  if (o.promocode) {
    await tx
      .update(promoCodes)
      .set({ usedCount: greatest(0, sql`${promoCodes.usedCount} - 1`) })
      .where(eq(promoCodes.code, o.promocode))
  }
  await tx
    .update(payments)
    .set({ status: 'declined', updatedAt: Date.now() })
    .where(and(eq(payments.orderId, o.id), eq(payments.status, 'pending')))
}

/**
 * After the commit: the refunds go to the acquirer and the customer is told. Both run in the
 * background (the exchange answers 1C at once); failures are logged, never thrown.
 */
export function afterStatusChange(db: DB, result: StatusResult): Promise<void> {
  if (!result.ok) return Promise.resolve()
  // A cancel put its goods back on sale: "Сообщить о поступлении" alerts go out.
  if (result.changed && result.status === 'cancelled') stockMayHaveReturned(db)
  const jobs: Promise<unknown>[] = []
  if (result.refundIds.length)
    jobs.push(
      processRefunds(db, result.refundIds).catch((e: unknown) =>
        log.error('Refund after a status change failed', { error: String(e) }),
      ),
    )
  if (result.notice) jobs.push(notifyStatus(db, result.notice))
  return Promise.all(jobs).then(() => undefined)
}

/** One status change in its own transaction; see changeStatusInTx. */
export async function setOrderStatus(
  db: DB,
  orderId: number,
  to: OrderStatus,
  opts: { source: StatusSource; detail?: string },
): Promise<StatusResult> {
  const result = await transaction(
    db,
    async (tx): Promise<StatusResult> => {
      const o = await orderForStatus(tx, orderId)
      if (!o) return { ok: false, reason: ru('orderStatus.unknownOrder') }
      return await changeStatusInTx(tx, o, to, opts)
    },
    IMMEDIATE,
  )
  void afterStatusChange(db, result)
  return result
}
