import { z } from 'zod'
import { email, normalizePhone, optionalString, phone, id } from '../common'
import { legalRules, legalShape, loginField, normalizeLegal, password, PASSWORD_MAX, smsCode } from './fields'

// Inputs: sign-up, sign-in, restore, personal info, contact codes, addresses, suggestions

export const UserCheckInput = z
  .object({ phone: z.string().trim().max(50).optional(), email: z.string().trim().max(254).optional() })
  .superRefine((v, ctx) => {
    if (!v.phone && !v.email) ctx.addIssue({ code: 'custom', path: ['phone'], params: { type: 'required' }, input: '' })
    else if (v.phone && normalizePhone(v.phone) === null)
      ctx.addIssue({ code: 'custom', path: ['phone'], params: { type: 'phone' }, input: v.phone })
    else if (!v.phone && v.email && !z.email().safeParse(v.email).success)
      ctx.addIssue({ code: 'custom', path: ['email'], params: { type: 'email' }, input: v.email })
  })
export type UserCheckInput = z.input<typeof UserCheckInput>

export const RegistrationInput = z
  .object({
    fullname: z.string().trim().min(1).max(200),
    phone: phone(),
    email: email(),
    password: password(),
    ...legalShape,
  })
  .superRefine(legalRules)
  .transform(normalizeLegal)
export type RegistrationInput = z.input<typeof RegistrationInput>
export type RegistrationData = z.output<typeof RegistrationInput>

export const LoginInput = z.object({ login: loginField(), password: z.string().min(1).max(PASSWORD_MAX) })
export type LoginInput = z.input<typeof LoginInput>

export const SmsInput = z.object({ phone: phone() })
export type SmsInput = z.input<typeof SmsInput>

export const LoginCodeInput = z.object({ phone: phone(), code: smsCode() })
export type LoginCodeInput = z.input<typeof LoginCodeInput>

/** Step 1: `{login}` sends a code. Step 2: `{login, code, password}` sets the new password. */
export const RestoreInput = z
  .object({
    login: loginField(),
    code: z.preprocess((v) => (v === '' || v === null ? undefined : v), smsCode().optional()),
    password: z.preprocess((v) => (v === '' || v === null ? undefined : v), password().optional()),
  })
  .superRefine((v, ctx) => {
    if (v.code !== undefined && v.password === undefined)
      ctx.addIssue({ code: 'custom', path: ['password'], params: { type: 'required' }, input: '' })
    if (v.password !== undefined && v.code === undefined)
      ctx.addIssue({ code: 'custom', path: ['code'], params: { type: 'required' }, input: '' })
  })
export type RestoreInput = z.input<typeof RestoreInput>

const optionalCode = () => z.preprocess((v) => (v === '' || v === null ? undefined : v), smsCode().optional())

/** The shop's e-mail rule, or nothing ('' or absent, read as ''): a typed string in the form. */
const emailOrEmpty = () =>
  z
    .string()
    .trim()
    .max(254)
    .refine((v) => v === '' || email().safeParse(v).success, { params: { type: 'email' } })
    .transform((v) => v.toLowerCase())
    .optional()
    .transform((v) => v ?? '')

/**
 * Personal info and the user-type switch, one schema for the form and the API. A phone or e-mail
 * other than the saved one needs the code sent there (POST /api/user-contact-code/).
 */
export const AccountUpdateInput = z
  .object({
    fullname: z.string().trim().min(1).max(200),
    phone: phone(),
    /** May stay empty: an account made by SMS has none, and with MAIL_PROVIDER=none cannot prove one. */
    email: emailOrEmpty(),
    /** The code sent to a new phone. */
    phoneCode: optionalCode(),
    /** The code sent to a new e-mail. */
    emailCode: optionalCode(),
    ...legalShape,
  })
  .superRefine(legalRules)
  .transform(normalizeLegal)
export type AccountUpdateInput = z.input<typeof AccountUpdateInput>
export type AccountUpdateData = z.output<typeof AccountUpdateInput>

/** A code to prove a new phone (`{phone}`, by SMS) or e-mail (`{email}`) before saving it. */
export const ContactCodeInput = z
  .object({
    phone: z.preprocess((v) => (v === '' || v === null ? undefined : v), phone().optional()),
    email: z.preprocess((v) => (v === '' || v === null ? undefined : v), email().optional()),
  })
  .superRefine((v, ctx) => {
    if (!v.phone && !v.email) ctx.addIssue({ code: 'custom', path: ['phone'], params: { type: 'required' }, input: '' })
    if (v.phone && v.email) ctx.addIssue({ code: 'custom', path: ['email'], params: { type: 'contactOne' }, input: '' })
  })
export type ContactCodeInput = z.input<typeof ContactCodeInput>
export type ContactCodeData = z.output<typeof ContactCodeInput>

const postal = () =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v === null ? undefined : v),
    z
      .string()
      .trim()
      .max(6)
      .refine((v) => v === '' || /^\d{6}$/.test(v), { params: { type: 'postal' } })
      .optional()
      .default(''),
  )

const addressShape = {
  full: optionalString(500),
  postal: postal(),
  country: optionalString(100),
  city: optionalString(100),
  street: optionalString(200),
  house: optionalString(50),
  flat: optionalString(50),
  /** Courier details (issue 17): entrance, floor, intercom code. */
  entrance: optionalString(20),
  floor: optionalString(20),
  intercom: optionalString(20),
}

/** Either a full one-line address or at least street and house. */
function addressRules(v: { full: string; street: string; house: string }, ctx: z.RefinementCtx) {
  if (v.full) return
  if (!v.street) ctx.addIssue({ code: 'custom', path: ['street'], params: { type: 'required' }, input: '' })
  if (!v.house) ctx.addIssue({ code: 'custom', path: ['house'], params: { type: 'required' }, input: '' })
}

export const AddressInput = z.object(addressShape).superRefine(addressRules)
export type AddressInput = z.input<typeof AddressInput>
export type AddressData = z.output<typeof AddressInput>

const patchString = (max: number) => z.preprocess((v) => (v === null ? '' : v), z.string().trim().max(max).optional())

/**
 * PATCH `{id, ...fields}`: only the fields sent change. The service merges them onto the stored
 * address and checks the result with AddressInput (so a partial edit cannot leave it invalid).
 */
export const AddressUpdateInput = z.object({
  id: id(),
  full: patchString(500),
  postal: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v === null ? '' : v),
    z
      .string()
      .trim()
      .max(6)
      .refine((v) => v === '' || /^\d{6}$/.test(v), { params: { type: 'postal' } })
      .optional(),
  ),
  country: patchString(100),
  city: patchString(100),
  street: patchString(200),
  house: patchString(50),
  flat: patchString(50),
  entrance: patchString(20),
  floor: patchString(20),
  intercom: patchString(20),
})
export type AddressUpdateInput = z.input<typeof AddressUpdateInput>
export type AddressPatch = z.output<typeof AddressUpdateInput>

export const AddressDeleteInput = z.object({ id: id() })

export const SuggestInput = z.object({
  query: z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string().max(200)),
})

export const SmsOutboxInput = z.object({ phone: phone() })
