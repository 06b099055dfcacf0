import { and, eq, ne } from 'drizzle-orm'
import { sessions, users } from '../../../db/schema'
import { transaction } from '../../../db/engine'
import type { Ctx } from '../../context'
import { AppError } from '../../errors'
import { t } from '../../contracts/i18n'
import { SMS_RESEND_SECONDS, type SmsResult, type UserResult } from '../../contracts/account'
import { hashPassword, passwordProblem } from '../../auth/password'
import { hit, reset, tooMany, waitSeconds } from '../../auth/throttle'
import { log } from '../../logger'
import { assertSmsBudgetLeft, countClientSms } from '../sms-limits'
import { consumeCode, recordDecoyCode, sendCode } from './codes'
import { LIMITS } from './limits'
import { evictSquatter, findByLogin, loginAttemptsKey, loginKey, signedIn, signIn } from './sign-in'

/**
 * Password restore. Step 1 (`{login}`) sends a code to the account's phone. Its answer — status,
 * body and waits — is the same whether or not the account exists: the wait is kept per typed
 * login in the throttle table (one request per 60 s, five an hour), for unknown logins too; the
 * client's SMS limits and the shop's SMS budget are checked for both; the account's own phone
 * limits, and a failed send, only skip the SMS silently (logged). A login no account has gets a
 * decoy code nobody can type, so step 2 answers alike too (ADR 040).
 * Step 2 (`{login, code, password}`) checks the code first, then the password's rules (a common
 * password gets its error only with the right code: nothing about the account shows before), sets
 * the new password, marks the phone verified — a squatter's name and e-mail go (evictSquatter) —,
 * ends the account's other sessions and signs in.
 */
export async function restorePassword(
  ctx: Ctx,
  input: { login: string; code?: string | undefined; password?: string | undefined },
): Promise<SmsResult | UserResult> {
  const key = loginKey(input.login)
  const user = await findByLogin(ctx.db, input.login)
  if (input.code === undefined || input.password === undefined) {
    await assertSmsBudgetLeft(ctx.db)
    await countClientSms(ctx)
    const wait = await waitSeconds(ctx.db, `restore:wait:${key}`, LIMITS.restoreWaitPerLogin)
    if (wait > 0) throw tooMany(wait, 'account.smsWait')
    await hit(ctx.db, `restore:login:${key}`, LIMITS.restorePerLogin)
    await hit(ctx.db, `restore:wait:${key}`, LIMITS.restoreWaitPerLogin)
    if (user?.phone) await sendRestoreCode(ctx, user.phone, key)
    else await recordDecoyCode(ctx.db, key)
    return { success: true, message: t(ctx.locale, 'account.restoreSent'), timeout: SMS_RESEND_SECONDS }
  }
  const password = input.password
  if (!user?.phone) {
    // Never right: the decoy's answers (wrong, then burnt), counted like any wrong code.
    await consumeCode(ctx, key, input.code, 'restore')
    throw new AppError(422, 'account.codeInvalid', {}, { errors: { code: 'account.codeInvalid' } })
  }
  const phone = user.phone
  await consumeCode(ctx, phone, input.code, 'restore', () => {
    const problem = passwordProblem(password, { phone, email: user.email })
    if (problem) throw new AppError(422, problem, {}, { errors: { password: problem } })
  })
  const passwordHash = await hashPassword(password)
  const now = Date.now()
  const current = ctx.session.id
  await transaction(
    ctx.db,
    async (tx) => {
      if (user.phoneVerifiedAt === null) {
        await evictSquatter(tx, user.id, now)
        log.info('Unverified phone proven by a restore code: other sessions ended, name and e-mail cleared', {
          requestId: ctx.requestId,
          userId: user.id,
        })
      }
      await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id))
      await tx
        .delete(sessions)
        .where(and(eq(sessions.userId, user.id), current ? ne(sessions.id, current) : undefined))
    },
    { behavior: 'immediate' },
  )
  await reset(ctx.db, loginAttemptsKey(phone, ctx.clientIp))
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
    // A number no text can reach (a landline) is like no account: a decoy, and the wait stands.
    if (e.key === 'sms.notMobile') return recordDecoyCode(ctx.db, phone)
    // A failed send starts no wait: the shopper may ask again at once, like after any failure.
    if (e.status === 503 || e.status === 422) await reset(ctx.db, `restore:wait:${key}`)
  }
}
