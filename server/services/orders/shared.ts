import { eq } from 'drizzle-orm'
import type { Ctx } from '../../context'
import { orders, users, type OrderAddress } from '../../../db/schema'
import { AppError, notFound } from '../../errors'
import { t } from '../../contracts/i18n'
import type { OrderStatus } from '../../contracts/orders'
import type { Tx } from '../../../db/engine'

/** Pieces every part of the orders service uses (checkout, reading, cancel, payment, invoice). */

export const IMMEDIATE = { behavior: 'immediate' } as const

/** An invoice is valid (and its order holds its stock) this many days. */
export const INVOICE_VALID_DAYS = 5

export type OrderRow = typeof orders.$inferSelect

/** History comments are stored in Russian (the shop's language): they are records, not UI. */
export const statusComment = (key: string, params?: Record<string, string | number>) => t('ru', key, params)

export const statusLabel = (ctx: Ctx, s: OrderStatus) => t(ctx.locale, `order.status.${s}`)

/** Entrance, floor and intercom of an address, only those given. */
export function extrasOf(a: { entrance?: string | null; floor?: string | null; intercom?: string | null }) {
  const out: Pick<OrderAddress, 'entrance' | 'floor' | 'intercom'> = {}
  for (const k of ['entrance', 'floor', 'intercom'] as const) {
    const v = a[k]?.trim()
    if (v) out[k] = v
  }
  return out
}

export const fieldError = (status: 404 | 409 | 422, key: string, field: string) =>
  new AppError(status, key, {}, { errors: { [field]: key } })

/** Whether the order is the caller's: a user's by account, a guest's by the session that placed it. */
export function isOwnOrder(ctx: Ctx, row: Pick<OrderRow, 'userId' | 'sessionId'>): boolean {
  const userId = ctx.session.userId
  const sessionId = ctx.session.id
  return row.userId !== null
    ? row.userId === userId
    : sessionId !== null && row.sessionId === sessionId && userId === null
}

/** The caller's order (isOwnOrder); else 404. */
export async function ownOrder(ctx: Ctx, id: number, tx: Tx = ctx.db): Promise<OrderRow> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id))
  if (!row || !isOwnOrder(ctx, row)) throw notFound()
  return row
}

/** The signed-in user's contact and company details, or null for a guest. */
export async function signedInUser(ctx: Ctx) {
  const userId = ctx.session.userId
  if (userId === null) return null
  const [user] = await ctx.db
    .select({
      id: users.id,
      type: users.type,
      subtype: users.subtype,
      fullname: users.fullname,
      phone: users.phone,
      email: users.email,
      organization: users.organization,
      taxId: users.taxId,
      bic: users.bic,
      bankName: users.bankName,
      correspondentAccount: users.correspondentAccount,
      currentAccount: users.currentAccount,
    })
    .from(users)
    .where(eq(users.id, userId))
  return user ?? null
}
