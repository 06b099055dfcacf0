import { and, eq } from 'drizzle-orm'
import { transaction } from '../../../db/engine'
import type { Ctx } from '../../context'
import { orderStatusHistory, orders, users } from '../../../db/schema'
import { conflict } from '../../errors'
import { t } from '../../contracts/i18n'
import { formatPhone, normalizePhone } from '../../contracts/phone'
import type { OrderDetail } from '../../contracts/orders'
import { consumeCode, sendCode } from '../account/codes'
import { getOrder } from './reading'
import { IMMEDIATE, INVOICE_VALID_DAYS, ownOrder, statusComment } from './shared'

/**
 * Confirming an order's phone with the shop's SMS code (issue 25, ADR 039). Orders paid only
 * after they are handed over (one-click, on delivery, invoice) are `pending` until then: they hold
 * their stock UNCONFIRMED_HOLD_MINUTES and count against the per-address caps. The code is the
 * account service's one-time code with purpose `contact` (proving a phone), so its limits (60 s
 * between sends, per phone and per address an hour, 5 tries, 20 wrong a day per phone) hold here too.
 */

/** POST /api/order-phone-code/: texts a code to the phone (before an order, or for one placed). */
export async function sendOrderCode(ctx: Ctx, input: { phone: string }): Promise<{ success: true; message: string }> {
  await sendCode(ctx, input.phone, 'contact')
  return { success: true, message: t(ctx.locale, 'order.codeSent', { phone: formatPhone(input.phone) }) }
}

/** An order's `code` field: true when given and right (it is spent), false when absent; a wrong one is 422 on `code`. */
export async function phoneConfirmed(ctx: Ctx, phone: string, code: string | undefined): Promise<boolean> {
  // A signed-in account whose phone the shop has proven by SMS has confirmed it already.
  if (!code) return accountPhoneProven(ctx, phone)
  await consumeCode(ctx, phone, code, 'contact')
  return true
}

async function accountPhoneProven(ctx: Ctx, phone: string): Promise<boolean> {
  const userId = ctx.session.userId
  if (userId === null) return false
  const [user] = await ctx.db
    .select({ phone: users.phone, verifiedAt: users.phoneVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
  return !!user && user.verifiedAt !== null && user.phone === normalizePhone(phone)
}

/** POST /api/order-confirm/: the caller's pending order, confirmed with the code texted to its phone. */
export async function confirmOrder(
  ctx: Ctx,
  input: { id: number; code: string },
): Promise<{ success: true; message: string; order: OrderDetail }> {
  const o = await ownOrder(ctx, input.id)
  const open = o.status === 'new' || o.status === 'awaiting-payment'
  if (o.confirmation !== 'pending' || !open) throw conflict('order.nothingToConfirm')
  await consumeCode(ctx, o.phone, input.code, 'contact')
  const now = Date.now()
  await transaction(
    ctx.db,
    async (tx) => {
      // Re-read under the write lock: expired, cancelled or taken by 1C meanwhile changes nothing here.
      const [row] = await tx
        .select({ status: orders.status, confirmation: orders.confirmation, createdAt: orders.createdAt })
        .from(orders)
        .where(eq(orders.id, o.id))
      if (!row || row.confirmation !== 'pending' || (row.status !== 'new' && row.status !== 'awaiting-payment')) return
      await tx
        .update(orders)
        // An invoice keeps its goods while it is valid; an order paid on delivery, until it is handled.
        .set({
          confirmation: 'phone',
          holdUntil: row.status === 'awaiting-payment' ? row.createdAt + INVOICE_VALID_DAYS * 24 * 3600 * 1000 : null,
          updatedAt: now,
        })
        .where(and(eq(orders.id, o.id), eq(orders.confirmation, 'pending')))
      await tx.insert(orderStatusHistory).values({
        orderId: o.id,
        status: row.status,
        comment: statusComment('order.historyPhoneConfirmed'),
        createdAt: now,
      })
    },
    IMMEDIATE,
  )
  const order = await getOrder(ctx, o.id)
  if (order.confirmation !== 'confirmed') throw conflict('order.nothingToConfirm')
  return { success: true, message: t(ctx.locale, 'order.confirmed', { number: order.number }), order }
}
