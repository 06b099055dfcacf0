import { and, eq, ne } from 'drizzle-orm'
import { sessions, users } from '../../../db/schema'
import type { Ctx } from '../../context'
import { AppError } from '../../errors'
import { t } from '../../contracts/i18n'
import { SMS_RESEND_SECONDS, type SmsResult, type UserResult } from '../../contracts/account'
import { hashPassword, passwordProblem } from '../../auth/password'
import { hit, reset, tooMany, waitSeconds } from '../../auth/throttle'
import { log } from '../../logger'
import { assertCodeChecksLeft, consumeCode, countWrongCode, sendCode } from './codes'
import { LIMITS } from './limits'
import { findByLogin, loginKey, signedIn, signIn } from './sign-in'

/**
 * Password restore. Step 1 (`{login}`) sends a code to the account's phone. Its answer — status,
 * body and waits — is the same whether or not the account exists: the wait is kept per typed
 * login in the throttle table (one request per 60 s, five an hour), for unknown logins too; the
 * account's own phone limits, and a failed send, only skip the SMS silently (logged).
 * Step 2 (`{login, code, password}`) sets the new password, marks the phone verified (the code
 * was sent there), ends the account's other sessions and signs in.
 */
export async function restorePassword(
  ctx: Ctx,
  input: { login: string; code?: string | undefined; password?: string | undefined },
): Promise<SmsResult | UserResult> {
  const key = loginKey(input.login)
  const user = await findByLogin(ctx.db, input.login)
  if (input.code === undefined || input.password === undefined) {
    await hit(ctx.db, `sms:ip:${ctx.clientIp}`, LIMITS.smsPerIp)
    const wait = await waitSeconds(ctx.db, `restore:wait:${key}`, LIMITS.restoreWaitPerLogin)
    if (wait > 0) throw tooMany(wait, 'account.smsWait')
    await hit(ctx.db, `restore:login:${key}`, LIMITS.restorePerLogin)
    await hit(ctx.db, `restore:wait:${key}`, LIMITS.restoreWaitPerLogin)
    if (user?.phone) await sendRestoreCode(ctx, user.phone, key)
    return { success: true, message: t(ctx.locale, 'account.restoreSent'), timeout: SMS_RESEND_SECONDS }
  }
  // Wrong codes count against the account's phone, or the typed login when there is no account.
  const codeLogin = user?.phone ?? key
  if (!user?.phone) {
    await hit(ctx.db, `code:ip:${ctx.clientIp}`, LIMITS.codePerIp)
    await assertCodeChecksLeft(ctx.db, codeLogin)
    await countWrongCode(ctx.db, codeLogin, Date.now())
    throw new AppError(422, 'account.codeInvalid', {}, { errors: { code: 'account.codeInvalid' } })
  }
  const problem = passwordProblem(input.password, { phone: user.phone, email: user.email })
  if (problem) throw new AppError(422, problem, {}, { errors: { password: problem } })
  await consumeCode(ctx, user.phone, input.code, 'restore')
  const passwordHash = await hashPassword(input.password)
  const now = Date.now()
  await ctx.db
    .update(users)
    .set({ passwordHash, phoneVerifiedAt: user.phoneVerifiedAt ?? now, updatedAt: now })
    .where(eq(users.id, user.id))
  const current = ctx.session.id
  await ctx.db
    .delete(sessions)
    .where(and(eq(sessions.userId, user.id), current ? ne(sessions.id, current) : undefined))
  await reset(ctx.db, `login:id:${user.phone}`)
  await signIn(ctx, user.id)
  return signedIn(ctx, 'account.passwordChanged')
}

/** The SMS of step 1 for an existing account; any refusal is logged, never shown (see above). */
async function sendRestoreCode(ctx: Ctx, phone: string, key: string) {
  try {
    // The client address was counted already, for known and unknown logins alike.
    await sendCode(ctx, phone, 'restore', 'sms', false)
  } catch (e) {
    if (!(e instanceof AppError)) throw e
    log.info('Restore code not sent', { requestId: ctx.requestId, reason: e.key })
    // A failed send starts no wait: the shopper may ask again at once, like after any failure.
    if (e.status === 503 || e.status === 422) await reset(ctx.db, `restore:wait:${key}`)
  }
}
