import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm'
import type { DB } from '../../db/client'
import {
  authCodes,
  carts,
  cartLines,
  productOffers,
  rateLimits,
  sessions,
  smsOutbox,
  userAddresses,
  users,
} from '../../db/schema'
import type { Ctx } from '../context'
import { AppError, notFound, unauthorized } from '../errors'
import { t } from '../contracts/i18n'
import { errorMap, flattenErrors, formatPhone, normalizePhone } from '../contracts/common'
import {
  SMS_CODE_MAX_ATTEMPTS,
  SMS_CODE_TTL_MINUTES,
  SMS_RESEND_SECONDS,
  AddressInput,
  type AccountUpdateData,
  type ContactCodeData,
  type Address,
  type AddressPatch,
  type AddressData,
  type AddressListResult,
  type RegistrationData,
  type SmsResult,
  type UserInfo,
  type UserResult,
} from '../contracts/account'
import { hashPassword, needsRehash, passwordProblem, verifyPassword } from '../auth/password'
import { hit, reset, tooMany, waitSeconds, type Limit } from '../auth/throttle'
import { isOutbox, smsProvider, SmsSendError } from '../providers/sms'
import { isDemo } from '../env'
import { mailProvider, MailSendError } from '../providers/mail'
import { log } from '../logger'
import { userCity } from './site'

// ---------------------------------------------------------------------------------------------
// Limits (ASVS V2.2 / V6.3: anti-automation on every credential and code endpoint)

const MINUTE = 60_000
export const LIMITS = {
  loginPerLogin: { max: 10, windowMs: 15 * MINUTE },
  loginPerIp: { max: 100, windowMs: 15 * MINUTE },
  smsPerPhone: { max: 5, windowMs: 60 * MINUTE },
  smsPerIp: { max: 20, windowMs: 60 * MINUTE },
  codePerIp: { max: 30, windowMs: 15 * MINUTE },
  registerPerIp: { max: 20, windowMs: 60 * MINUTE },
  checkPerIp: { max: 60, windowMs: MINUTE },
  /** Restore requests per typed login, whether or not an account has it: one per 60 s, 5 an hour. */
  restoreWaitPerLogin: { max: 1, windowMs: SMS_RESEND_SECONDS * 1000 },
  restorePerLogin: { max: 5, windowMs: 60 * MINUTE },
  /** E-mail codes (profile e-mail change): per address and per client address. */
  mailPerAddress: { max: 5, windowMs: 60 * MINUTE },
  mailPerIp: { max: 20, windowMs: 60 * MINUTE },
  /**
   * Wrong codes per phone (or e-mail), across every code sent there, whatever the purpose:
   * 20 a day. A code has 4 digits (10,000 values) and each wrong guess rules out one, so the
   * chance that guessing gets into one phone's account within a day is at most
   * 20 / (10,000 − 19) ≈ 0.2 % (< 0.5 %, issue 12). Once spent, every code check for that phone
   * answers 429 until the window ends, even a right code.
   */
  wrongCodesPerLogin: { max: 20, windowMs: 24 * 60 * MINUTE },
} satisfies Record<string, Limit>

export const MAX_ADDRESSES = 20

// ---------------------------------------------------------------------------------------------
// Reading the user

const userColumns = {
  id: users.id,
  type: users.type,
  subtype: users.subtype,
  fullname: users.fullname,
  taxId: users.taxId,
  organization: users.organization,
  contactPerson: users.contactPerson,
  phone: users.phone,
  email: users.email,
  bic: users.bic,
  bankName: users.bankName,
  correspondentAccount: users.correspondentAccount,
  currentAccount: users.currentAccount,
}

const addressColumns = {
  id: userAddresses.id,
  full: userAddresses.full,
  postal: userAddresses.postal,
  country: userAddresses.country,
  city: userAddresses.city,
  street: userAddresses.street,
  house: userAddresses.house,
  flat: userAddresses.flat,
  entrance: userAddresses.entrance,
  floor: userAddresses.floor,
  intercom: userAddresses.intercom,
}

function addressList(db: DB, userId: number): Address[] {
  return db
    .select(addressColumns)
    .from(userAddresses)
    .where(eq(userAddresses.userId, userId))
    .orderBy(userAddresses.id)
    .all()
}

/** The header's and every page's view of the caller (contract §5). */
export function userInfo(ctx: Ctx): UserInfo {
  const city = userCity(ctx)
  const userId = ctx.session.userId
  const row = userId === null ? undefined : ctx.db.select(userColumns).from(users).where(eq(users.id, userId)).get()
  if (!row) {
    return {
      isAuthorized: false,
      id: -1,
      city,
      info: { fullname: '', taxId: '', organization: '', contactPerson: '', phone: '', email: '' },
      meta: { type: 'individual', subtype: null },
      bank: { bic: '', bankName: '', correspondentAccount: '', currentAccount: '' },
      addresses: [],
    }
  }
  return {
    isAuthorized: true,
    id: row.id,
    city,
    info: {
      fullname: row.fullname,
      taxId: row.taxId,
      organization: row.organization,
      contactPerson: row.contactPerson,
      phone: row.phone ? formatPhone(row.phone) : '',
      email: row.email ?? '',
    },
    meta: { type: row.type, subtype: row.type === 'legal' ? (row.subtype ?? 'organization') : null },
    bank: {
      bic: row.bic,
      bankName: row.bankName,
      correspondentAccount: row.correspondentAccount,
      currentAccount: row.currentAccount,
    },
    addresses: addressList(ctx.db, row.id),
  }
}

function requireUser(ctx: Ctx): number {
  const id = ctx.session.userId
  if (id === null) throw unauthorized()
  return id
}

// ---------------------------------------------------------------------------------------------
// Sign-in plumbing: session rotation and the visitor's cart and favorites

/**
 * Moves the visitor's cart lines, favorites and matching guest orders to the account.
 * Quantities of a product in both carts are added, bounded by stock, but never below what
 * either side had: nothing is lost either way. Runs inside the session rotation's transaction.
 */
export function mergeVisitorIntoUser(db: DB, sessionId: string, userId: number) {
  const now = Date.now()
  const visitorCart = db.select().from(carts).where(eq(carts.sessionId, sessionId)).get()
  if (visitorCart) {
    const userCart = db.select().from(carts).where(eq(carts.userId, userId)).get()
    if (!userCart) {
      db.update(carts).set({ userId, sessionId: null, updatedAt: now }).where(eq(carts.id, visitorCart.id)).run()
    } else {
      const lines = db
        .select({
          offerId: cartLines.offerId,
          quantity: cartLines.quantity,
          addedAt: cartLines.addedAt,
          stock: productOffers.stock,
        })
        .from(cartLines)
        .innerJoin(productOffers, eq(productOffers.id, cartLines.offerId))
        .where(eq(cartLines.cartId, visitorCart.id))
        .all()
      for (const line of lines) {
        const existing = db
          .select({ quantity: cartLines.quantity })
          .from(cartLines)
          .where(and(eq(cartLines.cartId, userCart.id), eq(cartLines.offerId, line.offerId)))
          .get()
        if (!existing) {
          db.insert(cartLines)
            .values({ cartId: userCart.id, offerId: line.offerId, quantity: line.quantity, addedAt: line.addedAt })
            .run()
        } else {
          const merged = Math.max(
            Math.min(existing.quantity + line.quantity, line.stock),
            existing.quantity,
            line.quantity,
          )
          db.update(cartLines)
            .set({ quantity: merged })
            .where(and(eq(cartLines.cartId, userCart.id), eq(cartLines.offerId, line.offerId)))
            .run()
        }
      }
      db.update(carts)
        .set({ promocode: userCart.promocode ?? visitorCart.promocode, updatedAt: now })
        .where(eq(carts.id, userCart.id))
        .run()
      db.delete(carts).where(eq(carts.id, visitorCart.id)).run()
    }
  }
  db.$client
    .prepare(
      `INSERT OR IGNORE INTO favorites (user_id, product_id, created_at)
       SELECT ?, product_id, created_at FROM favorites WHERE session_id = ?`,
    )
    .run(userId, sessionId)
  db.$client.prepare('DELETE FROM favorites WHERE session_id = ?').run(sessionId)
  // Orders placed as a guest in this very session with the account's phone or e-mail join the
  // account ("Мои заказы"). Both conditions: a phone match alone from another session would
  // hand a stranger's orders to whoever registers that phone.
  db.$client
    .prepare(
      `UPDATE orders SET user_id = ?
       WHERE session_id = ? AND user_id IS NULL
         AND EXISTS (SELECT 1 FROM users u WHERE u.id = ?
           AND ((u.phone IS NOT NULL AND u.phone = orders.phone)
             OR (u.email IS NOT NULL AND u.email <> '' AND lower(u.email) = lower(orders.email))))`,
    )
    .run(userId, sessionId, userId)
}

/** A new session id for the signed-in user (ASVS V7.2.4); the visitor's rows join the account. */
export function signIn(ctx: Ctx, userId: number) {
  ctx.session.rotate((oldId) => mergeVisitorIntoUser(ctx.db, oldId, userId))
  ctx.session.update({ userId })
}

function signedIn(ctx: Ctx, key: string): UserResult {
  return { success: true, message: t(ctx.locale, key), user: userInfo(ctx) }
}

const loginColumns = {
  id: users.id,
  phone: users.phone,
  email: users.email,
  passwordHash: users.passwordHash,
  phoneVerifiedAt: users.phoneVerifiedAt,
}

function findByLogin(db: DB, login: string) {
  const trimmed = login.trim()
  if (trimmed.includes('@')) {
    return db.select(loginColumns).from(users).where(eq(users.email, trimmed.toLowerCase())).get()
  }
  const phone = normalizePhone(trimmed)
  if (!phone) return undefined
  return db.select(loginColumns).from(users).where(eq(users.phone, phone)).get()
}

/** The throttling key of a login: the normalised phone or the lower-cased e-mail. */
const loginKey = (login: string) =>
  login.includes('@') ? login.trim().toLowerCase() : (normalizePhone(login) ?? login.trim())

const isUniqueViolation = (e: unknown) =>
  e instanceof Error &&
  (e as { code?: string }).code !== undefined &&
  String((e as { code?: string }).code).startsWith('SQLITE_CONSTRAINT')

function assertFree(db: DB, phone: string | null, email: string | null, exceptId?: number) {
  const errors: Record<string, string> = {}
  const others = db
    .select({ id: users.id, phone: users.phone, email: users.email })
    .from(users)
    .where(
      and(
        or(phone ? eq(users.phone, phone) : sql`0`, email ? eq(users.email, email) : sql`0`),
        exceptId !== undefined ? ne(users.id, exceptId) : undefined,
      ),
    )
    .all()
  for (const o of others) {
    if (phone && o.phone === phone) errors.phone = 'account.duplicatePhone'
    if (email && o.email === email) errors.email = 'account.duplicateEmail'
  }
  if (Object.keys(errors).length) throw new AppError(409, 'account.duplicate', {}, { errors })
}

// ---------------------------------------------------------------------------------------------
// Routes of contract §6

export function userCheck(ctx: Ctx, input: { phone?: string | undefined; email?: string | undefined }) {
  hit(ctx.db, `check:ip:${ctx.clientIp}`, LIMITS.checkPerIp)
  const phone = input.phone ? normalizePhone(input.phone) : null
  const row = phone
    ? ctx.db.select({ id: users.id }).from(users).where(eq(users.phone, phone)).get()
    : ctx.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, (input.email ?? '').trim().toLowerCase()))
        .get()
  return { success: true, exists: Boolean(row) }
}

export async function register(ctx: Ctx, data: RegistrationData): Promise<UserResult> {
  hit(ctx.db, `register:ip:${ctx.clientIp}`, LIMITS.registerPerIp)
  const problem = passwordProblem(data.password, data)
  if (problem) throw new AppError(422, problem, {}, { errors: { password: problem } })
  assertFree(ctx.db, data.phone, data.email)
  const passwordHash = await hashPassword(data.password)
  const now = Date.now()
  let userId: number
  try {
    userId = ctx.db
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
      .get().id
  } catch (e) {
    // Two sign-ups racing for the same phone: the unique index decides.
    if (isUniqueViolation(e)) throw new AppError(409, 'account.duplicate')
    throw e
  }
  signIn(ctx, userId)
  return signedIn(ctx, 'account.registered')
}

export async function login(ctx: Ctx, input: { login: string; password: string }): Promise<UserResult> {
  const key = loginKey(input.login)
  hit(ctx.db, `login:ip:${ctx.clientIp}`, LIMITS.loginPerIp)
  hit(ctx.db, `login:id:${key}`, LIMITS.loginPerLogin)
  const user = findByLogin(ctx.db, input.login)
  const ok = await verifyPassword(input.password, user?.passwordHash)
  // One answer for an unknown login and a wrong password (ASVS V6.3.8).
  if (!user || !ok) throw new AppError(401, 'account.loginFailed')
  reset(ctx.db, `login:id:${key}`)
  if (user.passwordHash && needsRehash(user.passwordHash)) {
    ctx.db
      .update(users)
      .set({ passwordHash: await hashPassword(input.password) })
      .where(eq(users.id, user.id))
      .run()
  }
  signIn(ctx, user.id)
  return signedIn(ctx, 'account.signedIn')
}

export function logout(ctx: Ctx) {
  // The session row goes (the old cookie stops working); the account's cart is keyed by
  // the user and stays with it, the next visit starts an empty visitor session. The city is
  // the browser's, not the account's: a chosen city (and its confirmation) carries over into
  // a new visitor session, so the header neither switches city nor asks "Это ваш город?" again.
  const city = ctx.session.get()
  ctx.session.destroy()
  if (city?.cityId != null) ctx.session.update({ cityId: city.cityId, cityConfirmed: city.cityConfirmed })
  return { success: true, message: t(ctx.locale, 'account.signedOut') }
}

// ---------------------------------------------------------------------------------------------
// One-time codes

type Purpose = 'login' | 'restore' | 'contact'
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
export function resendWait(db: DB, login: string, purpose: Purpose, now = Date.now()): number {
  const last = db
    .select({ createdAt: authCodes.createdAt })
    .from(authCodes)
    .where(and(eq(authCodes.login, login), eq(authCodes.purpose, purpose)))
    .orderBy(desc(authCodes.createdAt))
    .get()
  if (!last) return 0
  const left = last.createdAt + SMS_RESEND_SECONDS * 1000 - now
  return left > 0 ? Math.ceil(left / 1000) : 0
}

/** The daily wrong-code counter of a phone or e-mail (LIMITS.wrongCodesPerLogin). */
const wrongCodesKey = (login: string) => `code:wrong:${login}`

/** 429 when the phone's (or e-mail's) wrong codes of the day are spent. */
function assertCodeChecksLeft(db: DB, login: string) {
  const wait = waitSeconds(db, wrongCodesKey(login), LIMITS.wrongCodesPerLogin)
  if (wait > 0) throw tooMany(wait, 'account.codeCap')
}

/**
 * Sends a fresh code by SMS (or e-mail). The gateway is asked first: the code is recorded, and
 * the 60 s wait starts, only once the send succeeded. A refused or failed send is a 503 with a
 * message for the shopper, and the next request may come at once.
 */
async function sendCode(ctx: Ctx, login: string, purpose: Purpose, channel: Channel = 'sms', countIp = true) {
  const wait = resendWait(ctx.db, login, purpose)
  if (wait > 0) throw tooMany(wait, 'account.smsWait')
  if (channel === 'sms') {
    if (countIp) hit(ctx.db, `sms:ip:${ctx.clientIp}`, LIMITS.smsPerIp)
    hit(ctx.db, `sms:phone:${login}`, LIMITS.smsPerPhone)
  } else {
    hit(ctx.db, `mail:ip:${ctx.clientIp}`, LIMITS.mailPerIp)
    hit(ctx.db, `mail:to:${login}`, LIMITS.mailPerAddress)
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
  const now = Date.now()
  ctx.db.transaction(
    (tx) => {
      // Codes older than a day are of no use to anyone.
      tx.delete(authCodes)
        .where(lt(authCodes.createdAt, now - 24 * 60 * MINUTE))
        .run()
      // A new code replaces the previous ones.
      tx.update(authCodes)
        .set({ usedAt: now })
        .where(and(eq(authCodes.login, login), eq(authCodes.purpose, purpose), isNull(authCodes.usedAt)))
        .run()
      tx.insert(authCodes)
        .values({
          login,
          purpose,
          codeHash: hashCode(code),
          createdAt: now,
          expiresAt: now + SMS_CODE_TTL_MINUTES * MINUTE,
        })
        .run()
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
interface CodeCheck {
  login: string
  purpose: Purpose
  code: string
  field: string
}

/**
 * Checks codes: each single use, valid for 10 minutes, burnt after 5 wrong attempts; a wrong one
 * also counts against its phone's daily allowance (LIMITS.wrongCodesPerLogin), and once that is
 * spent every check answers 429. Several codes (a new phone and a new e-mail) are used only
 * together: when one is wrong, none is spent. Throws 422 with a field error otherwise.
 */
function consumeCodes(ctx: Ctx, checks: CodeCheck[]) {
  hit(ctx.db, `code:ip:${ctx.clientIp}`, LIMITS.codePerIp)
  for (const c of checks) assertCodeChecksLeft(ctx.db, c.login)
  const now = Date.now()
  const failures = ctx.db.transaction(
    (tx) => {
      const found = checks.map((c) => {
        const row = tx
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
          .get()
        return { check: c, row, ok: row !== undefined && codeMatches(c.code, row.codeHash) }
      })
      if (found.every((f) => f.ok)) {
        for (const f of found) tx.update(authCodes).set({ usedAt: now }).where(eq(authCodes.id, f.row!.id)).run()
        return []
      }
      const out: { field: string; key: string }[] = []
      for (const f of found) {
        if (f.ok) continue
        countWrongCode(tx, f.check.login, now)
        if (!f.row) {
          out.push({ field: f.check.field, key: 'account.codeInvalid' })
          continue
        }
        const attempts = f.row.attempts + 1
        const burned = attempts >= SMS_CODE_MAX_ATTEMPTS
        tx.update(authCodes)
          .set({ attempts, usedAt: burned ? now : null })
          .where(eq(authCodes.id, f.row.id))
          .run()
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

/** One more wrong code for this phone today (inside the checking transaction, so exact). */
function countWrongCode(db: Pick<DB, 'insert'>, login: string, now: number) {
  const resetAt = now + LIMITS.wrongCodesPerLogin.windowMs
  const expired = sql`${rateLimits.resetAt} <= ${now}`
  db.insert(rateLimits)
    .values({ key: wrongCodesKey(login), count: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        resetAt: sql`CASE WHEN ${expired} THEN ${resetAt} ELSE ${rateLimits.resetAt} END`,
      },
    })
    .run()
}

const consumeCode = (ctx: Ctx, login: string, code: string, purpose: Purpose) =>
  consumeCodes(ctx, [{ login, purpose, code, field: 'code' }])

export async function sendLoginSms(ctx: Ctx, input: { phone: string }): Promise<SmsResult> {
  await sendCode(ctx, input.phone, 'login')
  return { success: true, message: t(ctx.locale, 'account.smsSent'), timeout: SMS_RESEND_SECONDS }
}

/**
 * Signs in by SMS code; a phone seen for the first time becomes a new account, with the phone
 * verified. Pre-account takeover (issue 12): when the phone is claimed by an account that never
 * proved it (someone registered with it and a password of their own), proving it now ends every
 * session of that account and clears its password before the prover is signed in — whoever
 * registered with a stranger's phone loses the account to the phone's owner.
 */
export function loginWithCode(ctx: Ctx, input: { phone: string; code: string }): UserResult {
  consumeCode(ctx, input.phone, input.code, 'login')
  const now = Date.now()
  const userId = ctx.db.transaction(
    (tx) => {
      const user = tx
        .select({ id: users.id, phoneVerifiedAt: users.phoneVerifiedAt })
        .from(users)
        .where(eq(users.phone, input.phone))
        .get()
      if (!user) {
        return tx
          .insert(users)
          .values({ phone: input.phone, phoneVerifiedAt: now, createdAt: now, updatedAt: now })
          .returning({ id: users.id })
          .get().id
      }
      if (user.phoneVerifiedAt === null) {
        tx.delete(sessions).where(eq(sessions.userId, user.id)).run()
        tx.update(users)
          .set({ passwordHash: null, phoneVerifiedAt: now, updatedAt: now })
          .where(eq(users.id, user.id))
          .run()
        log.info('Unverified phone proven by SMS: other sessions ended, password cleared', {
          requestId: ctx.requestId,
          userId: user.id,
        })
      }
      return user.id
    },
    { behavior: 'immediate' },
  )
  reset(ctx.db, `login:id:${input.phone}`)
  signIn(ctx, userId)
  return signedIn(ctx, 'account.signedIn')
}

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
  const user = findByLogin(ctx.db, input.login)
  if (input.code === undefined || input.password === undefined) {
    hit(ctx.db, `sms:ip:${ctx.clientIp}`, LIMITS.smsPerIp)
    const wait = waitSeconds(ctx.db, `restore:wait:${key}`, LIMITS.restoreWaitPerLogin)
    if (wait > 0) throw tooMany(wait, 'account.smsWait')
    hit(ctx.db, `restore:login:${key}`, LIMITS.restorePerLogin)
    hit(ctx.db, `restore:wait:${key}`, LIMITS.restoreWaitPerLogin)
    if (user?.phone) await sendRestoreCode(ctx, user.phone, key)
    return { success: true, message: t(ctx.locale, 'account.restoreSent'), timeout: SMS_RESEND_SECONDS }
  }
  // Wrong codes count against the account's phone, or the typed login when there is no account.
  const codeLogin = user?.phone ?? key
  if (!user?.phone) {
    hit(ctx.db, `code:ip:${ctx.clientIp}`, LIMITS.codePerIp)
    assertCodeChecksLeft(ctx.db, codeLogin)
    countWrongCode(ctx.db, codeLogin, Date.now())
    throw new AppError(422, 'account.codeInvalid', {}, { errors: { code: 'account.codeInvalid' } })
  }
  const problem = passwordProblem(input.password, { phone: user.phone, email: user.email })
  if (problem) throw new AppError(422, problem, {}, { errors: { password: problem } })
  consumeCode(ctx, user.phone, input.code, 'restore')
  const passwordHash = await hashPassword(input.password)
  const now = Date.now()
  ctx.db
    .update(users)
    .set({ passwordHash, phoneVerifiedAt: user.phoneVerifiedAt ?? now, updatedAt: now })
    .where(eq(users.id, user.id))
    .run()
  const current = ctx.session.id
  ctx.db
    .delete(sessions)
    .where(and(eq(sessions.userId, user.id), current ? ne(sessions.id, current) : undefined))
    .run()
  reset(ctx.db, `login:id:${user.phone}`)
  signIn(ctx, user.id)
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
    if (e.status === 503 || e.status === 422) reset(ctx.db, `restore:wait:${key}`)
  }
}

/**
 * POST /api/user-contact-code/: a code to a new phone (SMS) or e-mail, to prove it before the
 * profile takes it (`phoneCode` / `emailCode` of the account update). Signed-in users only; a
 * phone or e-mail of another account is 409.
 */
export async function sendContactCode(ctx: Ctx, input: ContactCodeData): Promise<SmsResult> {
  const userId = requireUser(ctx)
  const phone = input.phone ?? null
  const email = input.email ?? null
  assertFree(ctx.db, phone, email, userId)
  if (phone) {
    await sendCode(ctx, phone, 'contact', 'sms')
    return { success: true, message: t(ctx.locale, 'account.smsSent'), timeout: SMS_RESEND_SECONDS }
  }
  if (!mailProvider()) {
    throw new AppError(409, 'account.mailNotConfigured', {}, { errors: { email: 'account.mailNotConfigured' } })
  }
  await sendCode(ctx, email ?? '', 'contact', 'mail')
  return { success: true, message: t(ctx.locale, 'account.mailSent'), timeout: SMS_RESEND_SECONDS }
}

/** GET /api/dev/sms-outbox/: demo mode with the outbox provider only; 404 otherwise. */
export function smsOutboxList(ctx: Ctx, phone: string) {
  if (!isDemo() || !isOutbox()) throw notFound('api.routeNotFound')
  const list = ctx.db
    .select({ phone: smsOutbox.phone, text: smsOutbox.text, code: smsOutbox.code, createdAt: smsOutbox.createdAt })
    .from(smsOutbox)
    .where(eq(smsOutbox.phone, phone))
    .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
    .limit(50)
    .all()
  return { list: list.map((m) => ({ ...m, createdAt: new Date(m.createdAt).toISOString() })) }
}

// ---------------------------------------------------------------------------------------------
// Personal info

/**
 * Saves the profile. A phone or e-mail other than the saved one must be proven first: a code
 * sent there (POST /api/user-contact-code/) comes as `phoneCode` / `emailCode`; without a right
 * one the answer is 422 with the field error on that code. A contact proven so is verified.
 * With MAIL_PROVIDER=none an e-mail cannot be proven, so it cannot change (409).
 */
export function updateAccount(ctx: Ctx, data: AccountUpdateData): UserResult {
  const userId = requireUser(ctx)
  const current = ctx.db
    .select({
      phone: users.phone,
      email: users.email,
      phoneVerifiedAt: users.phoneVerifiedAt,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .get()
  if (!current) throw unauthorized()
  assertFree(ctx.db, data.phone, data.email, userId)
  const phoneChanged = data.phone !== current.phone
  const emailChanged = (data.email || null) !== current.email
  const checks: CodeCheck[] = []
  const missing: Record<string, string> = {}
  if (phoneChanged) {
    if (data.phoneCode) checks.push({ login: data.phone, purpose: 'contact', code: data.phoneCode, field: 'phoneCode' })
    else missing.phoneCode = 'account.contactCodeRequired'
  }
  if (emailChanged && data.email) {
    if (!mailProvider())
      throw new AppError(409, 'account.mailNotConfigured', {}, { errors: { email: 'account.mailNotConfigured' } })
    if (data.emailCode) checks.push({ login: data.email, purpose: 'contact', code: data.emailCode, field: 'emailCode' })
    else missing.emailCode = 'account.contactCodeRequired'
  }
  if (Object.keys(missing).length) throw new AppError(422, 'account.contactCodeRequired', {}, { errors: missing })
  if (checks.length) consumeCodes(ctx, checks)
  const now = Date.now()
  try {
    ctx.db
      .update(users)
      .set({
        fullname: data.fullname,
        phone: data.phone,
        email: data.email,
        phoneVerifiedAt: phoneChanged ? now : current.phoneVerifiedAt,
        emailVerifiedAt: emailChanged ? (data.email ? now : null) : current.emailVerifiedAt,
        type: data.type,
        subtype: data.type === 'legal' ? (data.subtype ?? 'organization') : null,
        taxId: data.taxId,
        organization: data.organization,
        contactPerson: data.contactPerson,
        bic: data.bic,
        bankName: data.bankName,
        correspondentAccount: data.correspondentAccount,
        currentAccount: data.currentAccount,
        updatedAt: now,
      })
      .where(eq(users.id, userId))
      .run()
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError(409, 'account.duplicate')
    throw e
  }
  return { success: true, message: t(ctx.locale, 'account.saved'), user: userInfo(ctx) }
}

// ---------------------------------------------------------------------------------------------
// Addresses

function composeFull(a: AddressData): string {
  if (a.full) return a.full
  const parts = [a.postal, a.city, a.street, a.house, a.flat ? `кв. ${a.flat}` : ''].filter(Boolean)
  return parts.join(', ')
}

function addressValues(a: AddressData) {
  return {
    full: composeFull(a),
    postal: a.postal,
    country: a.country || 'Россия',
    city: a.city,
    street: a.street,
    house: a.house,
    flat: a.flat,
    entrance: a.entrance,
    floor: a.floor,
    intercom: a.intercom,
  }
}

const listResult = (ctx: Ctx, userId: number, key: string): AddressListResult => ({
  success: true,
  message: key ? t(ctx.locale, key) : '',
  list: addressList(ctx.db, userId),
})

export function listAddresses(ctx: Ctx): AddressListResult {
  return listResult(ctx, requireUser(ctx), '')
}

export function addAddress(ctx: Ctx, a: AddressData): AddressListResult {
  const userId = requireUser(ctx)
  ctx.db.transaction(
    (tx) => {
      const count =
        tx
          .select({ n: sql<number>`count(*)` })
          .from(userAddresses)
          .where(eq(userAddresses.userId, userId))
          .get()?.n ?? 0
      if (count >= MAX_ADDRESSES) throw new AppError(409, 'account.addressLimit', { max: MAX_ADDRESSES })
      tx.insert(userAddresses)
        .values({ userId, ...addressValues(a), createdAt: Date.now() })
        .run()
    },
    { behavior: 'immediate' },
  )
  return listResult(ctx, userId, 'account.addressSaved')
}

/**
 * Edits the fields sent; the merged address must still be valid. Another user's address
 * answers 404, exactly like a missing one (no IDOR oracle).
 */
export function updateAddress(ctx: Ctx, input: AddressPatch): AddressListResult {
  const userId = requireUser(ctx)
  const { id, ...patch } = input
  const owned = and(eq(userAddresses.id, id), eq(userAddresses.userId, userId))
  const current = ctx.db.select(addressColumns).from(userAddresses).where(owned).get()
  if (!current) throw notFound()
  const changes = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined))
  // The one-line address is recomposed from the parts unless the caller sends a new one.
  const merged = AddressInput.safeParse({ ...current, full: '', ...changes }, { error: errorMap(ctx.locale) })
  if (!merged.success) throw new AppError(422, 'api.validation', {}, { errors: flattenErrors(merged.error) })
  ctx.db.update(userAddresses).set(addressValues(merged.data)).where(owned).run()
  return listResult(ctx, userId, 'account.addressSaved')
}

export function deleteAddress(ctx: Ctx, input: { id: number }): AddressListResult {
  const userId = requireUser(ctx)
  const res = ctx.db
    .delete(userAddresses)
    .where(and(eq(userAddresses.id, input.id), eq(userAddresses.userId, userId)))
    .run()
  if (res.changes === 0) throw notFound()
  return listResult(ctx, userId, 'account.addressDeleted')
}
