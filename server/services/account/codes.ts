import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { DB } from '../../../db/client'
import { transaction } from '../../../db/engine'
import { authCodes, rateLimits, smsOutbox } from '../../../db/schema'
import type { Ctx } from '../../context'
import { AppError, notFound } from '../../errors'
import { t } from '../../contracts/i18n'
import { SMS_CODE_MAX_ATTEMPTS, SMS_CODE_TTL_MINUTES, SMS_RESEND_SECONDS } from '../../contracts/account'
import { hit, tooMany, waitSeconds, type Limit } from '../../auth/throttle'
import { isOutbox, smsProvider, SmsSendError } from '../../providers/sms'
import { isDemo } from '../../env'
import { mailProvider, MailSendError } from '../../providers/mail'
import { log } from '../../logger'
import { assertMobile, countClientSms, spendSmsBudget } from '../sms-limits'
import { LIMITS, MINUTE } from './limits'
import { maskLogin } from './mask'

// One-time codes

export type Purpose = 'login' | 'restore' | 'contact'
type Channel = 'sms' | 'mail'

function hashCode(code: string): string {
  const salt = randomBytes(16)
  return salt.toString('base64url') + '$' + createHmac('sha256', salt).update(code).digest('base64url')
}

function codeMatches(code: string, stored: string): boolean {
  const [salt = '', mac = ''] = stored.split('$')
  const expected = Buffer.from(mac, 'base64url')
  const actual = createHmac('sha256', Buffer.from(salt, 'base64url')).update(code).digest()
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}

/** Seconds before another code may be sent to this phone (or e-mail) for this purpose. */
export async function resendWait(db: DB, login: string, purpose: Purpose, now = Date.now()): Promise<number> {
  const [last] = await db
    .select({ createdAt: authCodes.createdAt })
    .from(authCodes)
    .where(and(eq(authCodes.login, login), eq(authCodes.purpose, purpose)))
    .orderBy(desc(authCodes.createdAt))
    .limit(1)
  if (!last) return 0
  const left = last.createdAt + SMS_RESEND_SECONDS * 1000 - now
  return left > 0 ? Math.ceil(left / 1000) : 0
}

/**
 * The wrong-code counters (LIMITS, ADR 040): of the phone (or e-mail) across every address — it
 * only shortens a code's life —, of the (phone, client address) pair and of the client address —
 * these stop that address.
 */
const wrongKeys = (login: string, clientIp: string) => ({
  login: `code:wrong:${login}`,
  client: `code:wrong:${login}@${clientIp}`,
  ip: `code:wrong:ip:${clientIp}`,
})

/** 429 for this client address when its wrong codes (for this phone, or for any) are spent. */
export async function assertCodeChecksLeft(ctx: Ctx, login: string): Promise<void> {
  const keys = wrongKeys(login, ctx.clientIp)
  const wait = Math.max(
    await waitSeconds(ctx.db, keys.client, LIMITS.wrongCodesPerClient),
    await waitSeconds(ctx.db, keys.ip, LIMITS.wrongCodesPerIp),
  )
  if (wait > 0) {
    log.warn('Sign-in attempts refused', {
      requestId: ctx.requestId,
      clientIp: ctx.clientIp,
      login: maskLogin(login),
      kind: 'code',
      seconds: wait,
    })
    throw tooMany(wait, 'account.codeTooManyWrong')
  }
}

/**
 * Sends a fresh code by SMS (or e-mail). The gateway is asked first: the code is recorded, and
 * the 60 s wait starts, only once the send succeeded. A refused or failed send is a 503 with a
 * message for the shopper, and the next request may come at once.
 */
export async function sendCode(ctx: Ctx, login: string, purpose: Purpose, channel: Channel = 'sms', countIp = true) {
  if (channel === 'sms') assertMobile(login)
  const wait = await resendWait(ctx.db, login, purpose)
  if (wait > 0) throw tooMany(wait, 'account.smsWait')
  if (channel === 'sms') {
    if (countIp) await countClientSms(ctx)
    await hit(ctx.db, `sms:phone:${login}`, LIMITS.smsPerPhone)
    // Last: a request refused above spends nothing of the shop's budget.
    await spendSmsBudget(ctx.db)
  } else {
    await hit(ctx.db, `mail:ip:${ctx.clientIp}`, LIMITS.mailPerIp)
    await hit(ctx.db, `mail:to:${login}`, LIMITS.mailPerAddress)
  }
  const code = String(randomInt(0, 10_000)).padStart(4, '0')
  try {
    if (channel === 'sms') {
      await smsProvider().send(ctx.db, { phone: login, text: t(ctx.locale, 'account.smsText', { code }), code })
    } else {
      const mail = mailProvider()
      if (!mail)
        throw new AppError(409, 'account.mailNotConfigured', {}, { errors: { email: 'account.mailNotConfigured' } })
      await mail.send(ctx.db, {
        to: login,
        subject: t(ctx.locale, 'account.mailSubject'),
        text: t(ctx.locale, 'account.mailText', { code }),
        code,
      })
    }
  } catch (e) {
    throw sendFailure(ctx, e, channel, purpose)
  }
  await recordCode(ctx.db, login, purpose, hashCode(code))
}

/**
 * A code that nobody can type, for a restore of a login no account has: step 2 then answers
 * exactly as for an account (wrong, then burnt after a few tries), telling nothing (ADR 040).
 */
export const recordDecoyCode = (db: DB, login: string) =>
  recordCode(db, login, 'restore', hashCode(randomBytes(12).toString('base64url')))

/** Stores a new code for (login, purpose), replacing the earlier ones. */
async function recordCode(db: DB, login: string, purpose: Purpose, codeHash: string): Promise<void> {
  const now = Date.now()
  await transaction(
    db,
    async (tx) => {
      // Codes older than a day are of no use to anyone.
      await tx.delete(authCodes).where(lt(authCodes.createdAt, now - 24 * 60 * MINUTE))
      // A new code replaces the previous ones.
      await tx
        .update(authCodes)
        .set({ usedAt: now })
        .where(and(eq(authCodes.login, login), eq(authCodes.purpose, purpose), isNull(authCodes.usedAt)))
      await tx.insert(authCodes).values({
        login,
        purpose,
        codeHash,
        createdAt: now,
        expiresAt: now + SMS_CODE_TTL_MINUTES * MINUTE,
      })
    },
    { behavior: 'immediate' },
  )
}

/**
 * The shopper's answer to a send that failed: a number or address the gateway refuses is a
 * 422 on that field; anything else (gateway down, out of money, its own limits) is a 503. The
 * gateway's reason goes to the log — never the code or the text.
 */
function sendFailure(ctx: Ctx, e: unknown, channel: Channel, purpose: Purpose): AppError {
  if (e instanceof AppError) return e
  log.warn('One-time code not sent', {
    requestId: ctx.requestId,
    channel,
    purpose,
    error: e instanceof Error ? `${e.name}: ${e.message}` : String(e),
  })
  if (e instanceof SmsSendError) {
    if (e.reason === 'number') return new AppError(422, e.messageKey, {}, { errors: { phone: e.messageKey } })
    return new AppError(503, e.messageKey)
  }
  if (e instanceof MailSendError && e.reason === 'address')
    return new AppError(422, 'account.mailFailed', {}, { errors: { email: 'account.mailFailed' } })
  return new AppError(503, channel === 'sms' ? 'account.smsFailed' : 'account.mailFailed')
}

/** One code to check: where it was sent, for what, the answer's field for its error. */
export interface CodeCheck {
  login: string
  purpose: Purpose
  code: string
  field: string
}

/**
 * Checks codes: each single use, valid for 10 minutes, burnt after 5 wrong attempts (after 1 once
 * the phone had LIMITS.wrongCodesPerLogin wrong codes today). A wrong one counts against the
 * client address, alone and with that phone: once either is spent, that address gets 429 — never
 * another address, so the owner who asks for a new code and types it signs in (ADR 040).
 * Several codes (a new phone and a new e-mail) are used only together: when one is wrong, none
 * is spent. `beforeUse` runs once every code is right, before any is spent: what it throws is the
 * answer and the codes stay usable. Throws 422 with a field error otherwise.
 */
export async function consumeCodes(ctx: Ctx, checks: CodeCheck[], beforeUse?: () => void): Promise<void> {
  await hit(ctx.db, `code:ip:${ctx.clientIp}`, LIMITS.codePerIp)
  for (const c of checks) await assertCodeChecksLeft(ctx, c.login)
  const now = Date.now()
  const failures = await transaction(
    ctx.db,
    async (tx) => {
      const found: { check: CodeCheck; row: typeof authCodes.$inferSelect | undefined; ok: boolean }[] = []
      for (const c of checks) {
        const [row] = await tx
          .select()
          .from(authCodes)
          .where(
            and(
              eq(authCodes.login, c.login),
              eq(authCodes.purpose, c.purpose),
              isNull(authCodes.usedAt),
              gt(authCodes.expiresAt, now),
            ),
          )
          .orderBy(desc(authCodes.createdAt))
          .limit(1)
        found.push({ check: c, row, ok: row !== undefined && codeMatches(c.code, row.codeHash) })
      }
      if (found.every((f) => f.ok)) {
        beforeUse?.()
        for (const f of found) await tx.update(authCodes).set({ usedAt: now }).where(eq(authCodes.id, f.row!.id))
        return []
      }
      const out: { field: string; key: string }[] = []
      for (const f of found) {
        if (f.ok) continue
        const phoneWrongs = await countWrongCode(tx, f.check.login, ctx.clientIp, now)
        log.info('Wrong one-time code', {
          requestId: ctx.requestId,
          clientIp: ctx.clientIp,
          login: maskLogin(f.check.login),
          purpose: f.check.purpose,
        })
        if (!f.row) {
          out.push({ field: f.check.field, key: 'account.codeInvalid' })
          continue
        }
        const attempts = f.row.attempts + 1
        const burned = attempts >= SMS_CODE_MAX_ATTEMPTS || phoneWrongs > LIMITS.wrongCodesPerLogin.max
        await tx
          .update(authCodes)
          .set({ attempts, usedAt: burned ? now : null })
          .where(eq(authCodes.id, f.row.id))
        out.push({ field: f.check.field, key: burned ? 'account.codeBurned' : 'account.codeInvalid' })
      }
      return out
    },
    { behavior: 'immediate' },
  )
  if (failures.length === 0) return
  const errors = Object.fromEntries(failures.map((f) => [f.field, f.key]))
  throw new AppError(422, failures[0]!.key, {}, { errors })
}

/** Adds one to a counter (inside the checking transaction, so exact); answers its new count. */
async function count(db: Pick<DB, 'insert'>, key: string, limit: Limit, now: number): Promise<number> {
  const resetAt = now + limit.windowMs
  const expired = sql`${rateLimits.resetAt} <= ${now}`
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        resetAt: sql`CASE WHEN ${expired} THEN ${resetAt} ELSE ${rateLimits.resetAt} END`,
      },
    })
    .returning({ count: rateLimits.count })
  return row?.count ?? 1
}

/** One more wrong code for this phone, from this client address; answers the phone's count of the day. */
async function countWrongCode(db: Pick<DB, 'insert'>, login: string, clientIp: string, now: number): Promise<number> {
  const keys = wrongKeys(login, clientIp)
  await count(db, keys.client, LIMITS.wrongCodesPerClient, now)
  await count(db, keys.ip, LIMITS.wrongCodesPerIp, now)
  return count(db, keys.login, LIMITS.wrongCodesPerLogin, now)
}

export const consumeCode = (ctx: Ctx, login: string, code: string, purpose: Purpose, beforeUse?: () => void) =>
  consumeCodes(ctx, [{ login, purpose, code, field: 'code' }], beforeUse)

/** GET /api/dev/sms-outbox/: demo mode with the outbox provider only; 404 otherwise. */
export async function smsOutboxList(ctx: Ctx, phone: string) {
  if (!isDemo() || !isOutbox()) throw notFound('api.routeNotFound')
  const list = await ctx.db
    .select({ phone: smsOutbox.phone, text: smsOutbox.text, code: smsOutbox.code, createdAt: smsOutbox.createdAt })
    .from(smsOutbox)
    .where(eq(smsOutbox.phone, phone))
    .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
    .limit(50)
  return { list: list.map((m) => ({ ...m, createdAt: new Date(m.createdAt).toISOString() })) }
}
