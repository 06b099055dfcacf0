import { eq } from 'drizzle-orm'
import { users } from '../../../db/schema'
import { transaction } from '../../../db/engine'
import type { Ctx } from '../../context'
import { AppError } from '../../errors'
import { t } from '../../contracts/i18n'
import { normalizePhone } from '../../contracts/common'
import { SMS_RESEND_SECONDS, type RegistrationData, type SmsResult, type UserResult } from '../../contracts/account'
import { hashPassword, needsRehash, passwordProblem, verifyPassword } from '../../auth/password'
import { hit, reset } from '../../auth/throttle'
import { log } from '../../logger'
import { consumeCode, sendCode } from './codes'
import { LIMITS } from './limits'
import { maskLogin } from './mask'
import {
  assertFree,
  evictSquatter,
  findByLogin,
  isUniqueViolation,
  loginAttemptsKey,
  loginKey,
  signedIn,
  signIn,
} from './sign-in'

// Routes of contract §6

export async function userCheck(ctx: Ctx, input: { phone?: string | undefined; email?: string | undefined }) {
  await hit(ctx.db, `check:ip:${ctx.clientIp}`, LIMITS.checkPerIp)
  const phone = input.phone ? normalizePhone(input.phone) : null
  const [row] = phone
    ? await ctx.db.select({ id: users.id }).from(users).where(eq(users.phone, phone))
    : await ctx.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, (input.email ?? '').trim().toLowerCase()))
  return { success: true, exists: Boolean(row) }
}

export async function register(ctx: Ctx, data: RegistrationData): Promise<UserResult> {
  await hit(ctx.db, `register:ip:${ctx.clientIp}`, LIMITS.registerPerIp)
  const problem = passwordProblem(data.password, data)
  if (problem) throw new AppError(422, problem, {}, { errors: { password: problem } })
  await assertFree(ctx.db, data.phone, data.email)
  const passwordHash = await hashPassword(data.password)
  const now = Date.now()
  let userId: number
  try {
    const [inserted] = await ctx.db
      .insert(users)
      .values({
        type: data.type,
        subtype: data.type === 'legal' ? (data.subtype ?? 'organization') : null,
        fullname: data.fullname,
        taxId: data.taxId,
        organization: data.organization,
        contactPerson: data.contactPerson,
        phone: data.phone,
        email: data.email,
        passwordHash,
        bic: data.bic,
        bankName: data.bankName,
        correspondentAccount: data.correspondentAccount,
        currentAccount: data.currentAccount,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: users.id })
    userId = inserted!.id
  } catch (e) {
    // Two sign-ups racing for the same phone: the unique index decides.
    if (isUniqueViolation(e)) throw new AppError(409, 'account.duplicate')
    throw e
  }
  await signIn(ctx, userId)
  return signedIn(ctx, 'account.registered')
}

/**
 * Password sign-in. Attempts count per client address, and per (login, client address): a
 * guesser's address is stopped after LIMITS.loginPerLogin wrong passwords, the owner's is not
 * (issue 25 §4, ADR 040). Failures and refusals are logged with the address and a masked login.
 */
export async function login(ctx: Ctx, input: { login: string; password: string }): Promise<UserResult> {
  const key = loginKey(input.login)
  const logged = { requestId: ctx.requestId, clientIp: ctx.clientIp, login: maskLogin(key) }
  try {
    await hit(ctx.db, `login:ip:${ctx.clientIp}`, LIMITS.loginPerIp)
    await hit(ctx.db, loginAttemptsKey(key, ctx.clientIp), LIMITS.loginPerLogin)
  } catch (e) {
    if (e instanceof AppError) log.warn('Sign-in attempts refused', { ...logged, kind: 'password' })
    throw e
  }
  const user = await findByLogin(ctx.db, input.login)
  const ok = await verifyPassword(input.password, user?.passwordHash)
  // One answer for an unknown login and a wrong password (ASVS V6.3.8).
  if (!user || !ok) {
    log.info('Sign-in failed', logged)
    throw new AppError(401, 'account.loginFailed')
  }
  await reset(ctx.db, loginAttemptsKey(key, ctx.clientIp))
  if (user.passwordHash && needsRehash(user.passwordHash)) {
    const passwordHash = await hashPassword(input.password)
    await ctx.db.update(users).set({ passwordHash }).where(eq(users.id, user.id))
  }
  await signIn(ctx, user.id)
  return signedIn(ctx, 'account.signedIn')
}

export async function logout(ctx: Ctx) {
  // The session row goes (the old cookie stops working); the account's cart is keyed by
  // the user and stays with it, the next visit starts an empty visitor session. The city is
  // the browser's, not the account's: a chosen city (and its confirmation) carries over into
  // a new visitor session, so the header neither switches city nor asks "Это ваш город?" again.
  const city = ctx.session.get()
  await ctx.session.destroy()
  if (city?.cityId != null) await ctx.session.update({ cityId: city.cityId, cityConfirmed: city.cityConfirmed })
  return { success: true, message: t(ctx.locale, 'account.signedOut') }
}

export async function sendLoginSms(ctx: Ctx, input: { phone: string }): Promise<SmsResult> {
  await sendCode(ctx, input.phone, 'login')
  return { success: true, message: t(ctx.locale, 'account.smsSent'), timeout: SMS_RESEND_SECONDS }
}

/**
 * Signs in by SMS code; a phone seen for the first time becomes a new account, with the phone
 * verified. Pre-account takeover (issue 12): when the phone is claimed by an account that never
 * proved it (someone registered with it and a password of their own), proving it now ends every
 * session of that account and clears its password, name and e-mail before the prover is signed
 * in (evictSquatter) — whoever registered with a stranger's phone loses the account to the owner.
 */
export async function loginWithCode(ctx: Ctx, input: { phone: string; code: string }): Promise<UserResult> {
  await consumeCode(ctx, input.phone, input.code, 'login')
  const now = Date.now()
  const userId = await transaction(
    ctx.db,
    async (tx) => {
      const [user] = await tx
        .select({ id: users.id, phoneVerifiedAt: users.phoneVerifiedAt })
        .from(users)
        .where(eq(users.phone, input.phone))
      if (!user) {
        const [created] = await tx
          .insert(users)
          .values({ phone: input.phone, phoneVerifiedAt: now, createdAt: now, updatedAt: now })
          .returning({ id: users.id })
        return created!.id
      }
      if (user.phoneVerifiedAt === null) {
        await evictSquatter(tx, user.id, now)
        log.info('Unverified phone proven by SMS: other sessions ended, password, name and e-mail cleared', {
          requestId: ctx.requestId,
          userId: user.id,
        })
      }
      return user.id
    },
    { behavior: 'immediate' },
  )
  await reset(ctx.db, loginAttemptsKey(input.phone, ctx.clientIp))
  await signIn(ctx, userId)
  return signedIn(ctx, 'account.signedIn')
}
