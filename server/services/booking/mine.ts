import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm'
import type { DB } from '../../../db/client'
import { bookings, users } from '../../../db/schema'
import type { Ctx } from '../../context'
import type { UserBooking } from '../../contracts/booking'
import { describeBookings } from './shared'

/**
 * GET /api/user-bookings/ ("Мои записи"): the account's visits, or a guest's booked in this
 * session; upcoming first (soonest first), then past ones (latest first).
 */
export async function myBookings(ctx: Ctx): Promise<UserBooking[]> {
  const userId = ctx.session.userId
  const sessionId = ctx.session.id
  if (userId === null && sessionId === null) return []
  const owner =
    userId !== null ? eq(bookings.userId, userId) : and(eq(bookings.sessionId, sessionId!), isNull(bookings.userId))
  const rows = await ctx.db
    .select()
    .from(bookings)
    .where(and(owner, ne(bookings.status, 'pending')))
    .orderBy(asc(bookings.startAt))
    .limit(500)
  const now = Date.now()
  // A visit moved to another time is the new one; the old (cancelled by the move) is not listed.
  const replaced = new Set(rows.map((r) => r.movedFrom).filter((id) => id !== null))
  const list = await describeBookings(
    ctx,
    rows.filter((r) => !replaced.has(r.id)),
    now,
  )
  const upcoming = list.filter((b) => !b.past)
  const past = list.filter((b) => b.past).reverse()
  return [...upcoming, ...past]
}

/**
 * On sign-in: visits booked as a guest in this very session with the account's phone or e-mail
 * join the account, by the same rule as guest orders (account/sign-in.ts claimGuestOrders).
 * Runs inside the session rotation's transaction.
 */
export async function claimGuestBookings(db: DB, sessionId: string, userId: number): Promise<void> {
  const [user] = await db.select({ phone: users.phone, email: users.email }).from(users).where(eq(users.id, userId))
  const sameContact = or(
    user?.phone ? eq(bookings.phone, user.phone) : undefined,
    user?.email ? sql`lower(${bookings.email}) = lower(${user.email})` : undefined,
  )
  if (!sameContact) return
  await db
    .update(bookings)
    .set({ userId })
    .where(and(eq(bookings.sessionId, sessionId), isNull(bookings.userId), sameContact))
}
