import { and, asc, eq, inArray, or, sql } from 'drizzle-orm'
import { orders, promoCodes, users } from '../../../db/schema'
import type { Ctx } from '../../context'
import {
  customerPromoProblem,
  normalizePromoCode,
  type PromoHistory,
  type PromoProblem,
  type PromoRule,
} from '../../contracts/cart'
import type { Tx } from './rows'

/* ---------- promo codes: the rules of a code, and its customer's history ---------- */

export async function promoByCode(tx: Tx, code: string): Promise<PromoRule | undefined> {
  const [row] = await tx
    .select({
      code: promoCodes.code,
      kind: promoCodes.kind,
      value: promoCodes.value,
      minSum: promoCodes.minSum,
      validFrom: promoCodes.validFrom,
      validTo: promoCodes.validTo,
      usageLimit: promoCodes.usageLimit,
      usedCount: promoCodes.usedCount,
      firstOrderOnly: promoCodes.firstOrderOnly,
      perCustomerLimit: promoCodes.perCustomerLimit,
    })
    .from(promoCodes)
    .where(eq(promoCodes.code, normalizePromoCode(code)))
  return row
}

/** Who uses a promo code: the account, and the phones that stand for the customer (normalised). */
export interface PromoCustomer {
  userId: number | null
  phones: string[]
}

/** The signed-in customer (account and its phone); null for a guest, whose phone is known only at checkout. */
export async function signedInCustomer(ctx: Ctx, tx: Tx): Promise<PromoCustomer | null> {
  const userId = ctx.session.userId
  if (userId === null) return null
  const [user] = await tx.select({ phone: users.phone }).from(users).where(eq(users.id, userId))
  const phone = user?.phone
  return { userId, phones: phone ? [phone] : [] }
}

/**
 * The customer's earlier orders that were not cancelled: by the account, by any of the phones, or
 * by the account registered with one of those phones.
 */
export async function promoHistory(tx: Tx, code: string, customer: PromoCustomer): Promise<PromoHistory> {
  const byPhone = customer.phones.length
    ? [
        inArray(orders.phone, customer.phones),
        inArray(orders.userId, tx.select({ id: users.id }).from(users).where(inArray(users.phone, customer.phones))),
      ]
    : []
  const who = [...(customer.userId !== null ? [eq(orders.userId, customer.userId)] : []), ...byPhone]
  if (!who.length) return { orders: 0, uses: 0 }
  const [row] = await tx
    .select({
      orders: sql<number>`count(*)`,
      uses: sql<number>`coalesce(sum(case when ${orders.promocode} = ${code} then 1 else 0 end), 0)`,
    })
    .from(orders)
    .where(and(sql`${orders.status} <> 'cancelled'`, or(...who)))
  return { orders: Number(row?.orders ?? 0), uses: Number(row?.uses ?? 0) }
}

/** Why the code does not apply to this customer (first order only, uses per customer); null when it does. */
export async function customerProblem(
  tx: Tx,
  promo: PromoRule,
  customer: PromoCustomer | null,
): Promise<PromoProblem | null> {
  if (!customer || (!promo.firstOrderOnly && promo.perCustomerLimit === null)) return null
  return customerPromoProblem(promo, await promoHistory(tx, promo.code, customer))
}

/** A promo code in force, for the promotions page (/promo/): its rules, which the page words. */
export interface PublicPromo {
  code: string
  kind: 'percent' | 'fixed'
  value: number
  minSum: number
  validFrom: number | null
  validTo: number | null
  firstOrderOnly: boolean
  perCustomerLimit: number | null
}

/**
 * Codes in force now (started, not expired, not used up); single-use certificates are not offers.
 */
export async function currentPromos(ctx: Ctx): Promise<PublicPromo[]> {
  const now = Date.now()
  const rows = await ctx.db.select().from(promoCodes).orderBy(asc(promoCodes.minSum), asc(promoCodes.code))
  return rows
    .filter(
      (p) =>
        (p.validFrom === null || p.validFrom <= now) &&
        (p.validTo === null || p.validTo >= now) &&
        (p.usageLimit === null || (p.usageLimit > 1 && p.usedCount < p.usageLimit)),
    )
    .map((p) => ({
      code: p.code,
      kind: p.kind,
      value: p.value,
      minSum: p.minSum,
      validFrom: p.validFrom,
      validTo: p.validTo,
      firstOrderOnly: p.firstOrderOnly,
      perCustomerLimit: p.perCustomerLimit,
    }))
}
