import { and, eq, isNull, ne, or, sql } from 'drizzle-orm'
import type { DB } from '../../../db/client'
import { isConstraintViolation } from '../../../db/engine'
import { orders, sessions, users } from '../../../db/schema'
import type { Ctx } from '../../context'
import { AppError } from '../../errors'
import { t } from '../../contracts/i18n'
import { normalizePhone } from '../../contracts/common'
import type { UserResult } from '../../contracts/account'
import { mergeVisitorCart } from '../cart'
import { mergeVisitorFavorites } from '../favorites'
import { userInfo } from './user'
import { claimGuestBookings } from '../booking/mine'

// Sign-in plumbing: session rotation, the visitor's cart, favorites and guest orders; logins

/** A new session id for the signed-in user (ASVS V7.2.4); the visitor's rows join the account. */
export async function signIn(ctx: Ctx, userId: number): Promise<void> {
  await ctx.session.rotate((oldId, _newId, tx) => joinVisitorToUser(tx, oldId, userId))
  await ctx.session.update({ userId })
}

/**
 * Moves the visitor's cart lines, favorites and matching guest orders and visits to the account (nothing
 * is lost either way: see mergeVisitorCart). Runs inside the session rotation's transaction.
 */
async function joinVisitorToUser(db: DB, sessionId: string, userId: number): Promise<void> {
  await mergeVisitorCart(db, sessionId, userId)
  await mergeVisitorFavorites(db, sessionId, userId)
  await claimGuestOrders(db, sessionId, userId)
  await claimGuestBookings(db, sessionId, userId)
}

/**
 * Orders placed as a guest in this very session with the account's phone or e-mail join the
 * account ("Мои заказы"). Both conditions: a phone match alone from another session would
 * hand a stranger's orders to whoever registers that phone.
 */
async function claimGuestOrders(db: DB, sessionId: string, userId: number): Promise<void> {
  const [user] = await db.select({ phone: users.phone, email: users.email }).from(users).where(eq(users.id, userId))
  const sameContact = or(
    user?.phone ? eq(orders.phone, user.phone) : undefined,
    user?.email ? sql`lower(${orders.email}) = lower(${user.email})` : undefined,
  )
  if (!sameContact) return
  await db
    .update(orders)
    .set({ userId })
    .where(and(eq(orders.sessionId, sessionId), isNull(orders.userId), sameContact))
}

export async function signedIn(ctx: Ctx, key: string): Promise<UserResult> {
  return { success: true, message: t(ctx.locale, key), user: await userInfo(ctx) }
}

const loginColumns = {
  id: users.id,
  phone: users.phone,
  email: users.email,
  passwordHash: users.passwordHash,
  phoneVerifiedAt: users.phoneVerifiedAt,
}

export async function findByLogin(db: DB, login: string) {
  const trimmed = login.trim()
  if (trimmed.includes('@')) {
    const [byEmail] = await db.select(loginColumns).from(users).where(eq(users.email, trimmed.toLowerCase()))
    return byEmail
  }
  const phone = normalizePhone(trimmed)
  if (!phone) return undefined
  const [byPhone] = await db.select(loginColumns).from(users).where(eq(users.phone, phone))
  return byPhone
}

/**
 * The phone of an account that never proved it has just been proven (by a sign-in or a restore
 * code): the account is the phone owner's now. Whoever registered with it (issue 12, pre-account
 * takeover) loses every session and the password, and their name and e-mail go too (issue 25 §4),
 * so the owner neither inherits a stranger's contacts nor can the squatter sign in by that e-mail.
 * Runs inside the caller's transaction.
 */
export async function evictSquatter(tx: DB, userId: number, now: number): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId))
  await tx
    .update(users)
    .set({
      passwordHash: null,
      fullname: '',
      email: null,
      emailVerifiedAt: null,
      phoneVerifiedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, userId))
}

/** The throttling key of a login: the normalised phone or the lower-cased e-mail. */
export const loginKey = (login: string) =>
  login.includes('@') ? login.trim().toLowerCase() : (normalizePhone(login) ?? login.trim())

/** The counter of password attempts on a login from one client address (LIMITS.loginPerLogin). */
export const loginAttemptsKey = (key: string, clientIp: string) => `login:id:${key}@${clientIp}`

export const isUniqueViolation = (e: unknown) => e instanceof Error && isConstraintViolation(e)

export async function assertFree(db: DB, phone: string | null, email: string | null, exceptId?: number) {
  const errors: Record<string, string> = {}
  const others = await db
    .select({ id: users.id, phone: users.phone, email: users.email })
    .from(users)
    .where(
      and(
        or(phone ? eq(users.phone, phone) : sql`false`, email ? eq(users.email, email) : sql`false`),
        exceptId !== undefined ? ne(users.id, exceptId) : undefined,
      ),
    )
  for (const o of others) {
    if (phone && o.phone === phone) errors.phone = 'account.duplicatePhone'
    if (email && o.email === email) errors.email = 'account.duplicateEmail'
  }
  if (Object.keys(errors).length) throw new AppError(409, 'account.duplicate', {}, { errors })
}
