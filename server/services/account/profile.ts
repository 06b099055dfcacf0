import { eq } from 'drizzle-orm'
import { users } from '../../../db/schema'
import type { Ctx } from '../../context'
import { AppError, unauthorized } from '../../errors'
import { t } from '../../contracts/i18n'
import {
  SMS_RESEND_SECONDS,
  type AccountUpdateData,
  type ContactCodeData,
  type SmsResult,
  type UserResult,
} from '../../contracts/account'
import { mailProvider } from '../../providers/mail'
import { consumeCodes, sendCode, type CodeCheck } from './codes'
import { assertFree, isUniqueViolation } from './sign-in'
import { requireUser, userInfo } from './user'

// Personal info: the profile, and the codes that prove a new phone or e-mail

/**
 * POST /api/user-contact-code/: a code to a new phone (SMS) or e-mail, to prove it before the
 * profile takes it (`phoneCode` / `emailCode` of the account update). Signed-in users only; a
 * phone or e-mail of another account is 409.
 */
export async function sendContactCode(ctx: Ctx, input: ContactCodeData): Promise<SmsResult> {
  const userId = requireUser(ctx)
  const phone = input.phone ?? null
  const email = input.email ?? null
  await assertFree(ctx.db, phone, email, userId)
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

/**
 * Saves the profile. A phone or e-mail other than the saved one must be proven first: a code
 * sent there (POST /api/user-contact-code/) comes as `phoneCode` / `emailCode`; without a right
 * one the answer is 422 with the field error on that code. A contact proven so is verified.
 * With MAIL_PROVIDER=none an e-mail cannot be proven, so it cannot change (409); the e-mail may
 * stay empty, so an account made by SMS saves its profile whatever the mail set-up.
 */
export async function updateAccount(ctx: Ctx, data: AccountUpdateData): Promise<UserResult> {
  const userId = requireUser(ctx)
  const [current] = await ctx.db
    .select({
      phone: users.phone,
      email: users.email,
      phoneVerifiedAt: users.phoneVerifiedAt,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
  if (!current) throw unauthorized()
  const email = data.email || null
  await assertFree(ctx.db, data.phone, email, userId)
  const phoneChanged = data.phone !== current.phone
  const emailChanged = email !== current.email
  const checks: CodeCheck[] = []
  const missing: Record<string, string> = {}
  if (phoneChanged) {
    if (data.phoneCode) checks.push({ login: data.phone, purpose: 'contact', code: data.phoneCode, field: 'phoneCode' })
    else missing.phoneCode = 'account.contactCodeRequired'
  }
  if (emailChanged && email) {
    if (!mailProvider())
      throw new AppError(409, 'account.mailNotConfigured', {}, { errors: { email: 'account.mailNotConfigured' } })
    if (data.emailCode) checks.push({ login: email, purpose: 'contact', code: data.emailCode, field: 'emailCode' })
    else missing.emailCode = 'account.contactCodeRequired'
  }
  if (Object.keys(missing).length) throw new AppError(422, 'account.contactCodeRequired', {}, { errors: missing })
  if (checks.length) await consumeCodes(ctx, checks)
  const now = Date.now()
  try {
    await ctx.db
      .update(users)
      .set({
        fullname: data.fullname,
        phone: data.phone,
        email,
        phoneVerifiedAt: phoneChanged ? now : current.phoneVerifiedAt,
        emailVerifiedAt: emailChanged ? (email ? now : null) : current.emailVerifiedAt,
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
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError(409, 'account.duplicate')
    throw e
  }
  return { success: true, message: t(ctx.locale, 'account.saved'), user: await userInfo(ctx) }
}
