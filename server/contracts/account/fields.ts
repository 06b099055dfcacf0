import { z } from 'zod'
import { normalizePhone, optionalString } from '../common'
import {
  isAccountKeyValid,
  isCorrespondentAccountFormat,
  isCorrespondentKeyValid,
  isCurrentAccountFormat,
  isValidBic,
  isValidInn,
} from './checksums'
import { PASSWORD_MAX, PASSWORD_MIN } from './limits'
import './messages'

// Field builders shared by the account inputs, and the legal customer's rules

export { PASSWORD_MAX, PASSWORD_MIN }

/** ASVS 5.0 V6.2: at least 8 characters, long passphrases allowed; the spec adds a letter and a digit. */
export const password = () =>
  z
    .string()
    .min(PASSWORD_MIN)
    .max(PASSWORD_MAX)
    .refine((v) => /\p{L}/u.test(v), { params: { type: 'includeLetters' } })
    .refine((v) => /\d/.test(v), { params: { type: 'includeDigits' } })

/** Phone or e-mail, as typed; the service decides which (an '@' means e-mail). */
export const loginField = () =>
  z
    .string()
    .trim()
    .min(1)
    .max(254)
    .refine((v) => (v.includes('@') ? z.email().safeParse(v).success : normalizePhone(v) !== null), {
      params: { type: 'login' },
    })

export const smsCode = () =>
  z
    .string()
    .trim()
    .min(1)
    .refine((v) => /^\d{4}$/.test(v), { params: { type: 'smsCode' } })

/** Digits only, spaces and dashes dropped (people paste '40702 810 ...'). */
const digitString = (max: number) =>
  z.preprocess(
    (v) =>
      typeof v === 'number' ? String(v) : typeof v === 'string' ? v.replace(/[\s-]/g, '') : v === null ? undefined : v,
    z.string().max(max).optional().default(''),
  )

export const USER_TYPES = ['individual', 'legal'] as const
export const USER_SUBTYPES = ['organization', 'individual'] as const
export type UserType = (typeof USER_TYPES)[number]
export type UserSubtype = (typeof USER_SUBTYPES)[number]

const nullableSubtype = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(USER_SUBTYPES).optional())

/** Fields of the user-type switch: type, legal details and bank details. */
export const legalShape = {
  type: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(USER_TYPES).optional().default('individual'),
  ),
  subtype: nullableSubtype,
  taxId: digitString(12),
  organization: optionalString(300),
  contactPerson: optionalString(200),
  bic: digitString(9),
  bankName: optionalString(300),
  correspondentAccount: digitString(20),
  currentAccount: digitString(20),
}

interface LegalValues {
  type: UserType
  subtype?: UserSubtype | undefined
  taxId: string
  organization: string
  bic: string
  correspondentAccount: string
  currentAccount: string
}

/**
 * Legal customers: subtype, INN with checksum, organization; bank details when given. Both
 * accounts carry the Bank of Russia control key, checked against the BIC: the correspondent
 * account with the BIC's 5th-6th digits, the current account with its last three. An account
 * without a BIC cannot be checked, so it needs one.
 */
export function legalRules(v: LegalValues, ctx: z.RefinementCtx) {
  const issue = (path: string, type: string, input: unknown) =>
    ctx.addIssue({ code: 'custom', path: [path], params: { type }, input })
  if (v.type !== 'legal') return
  if (!v.subtype) issue('subtype', 'required', '')
  const subtype = v.subtype ?? 'organization'
  if (!v.taxId) issue('taxId', 'required', '')
  else if (!isValidInn(v.taxId, subtype)) issue('taxId', 'taxId', v.taxId)
  if (!v.organization) issue('organization', 'required', '')
  if (v.bic && !isValidBic(v.bic)) issue('bic', 'bic', v.bic)
  let needsBic = false
  for (const account of BANK_ACCOUNTS) {
    const value = v[account.field]
    if (!value) continue
    if (!account.format(value)) issue(account.field, account.field, value)
    else if (!v.bic) needsBic = true
    else if (isValidBic(v.bic) && !account.key(v.bic, value)) issue(account.field, `${account.field}Key`, value)
  }
  if (needsBic) issue('bic', 'required', '')
}

/** The two bank accounts of the form: their format and their control key against the BIC. */
const BANK_ACCOUNTS = [
  { field: 'correspondentAccount', format: isCorrespondentAccountFormat, key: isCorrespondentKeyValid },
  { field: 'currentAccount', format: isCurrentAccountFormat, key: isAccountKeyValid },
] as const

/** An individual keeps no legal details: they are cleared, not kept half-valid. */
export function normalizeLegal<T extends LegalValues & { contactPerson: string; bankName: string }>(v: T): T {
  if (v.type === 'legal') return { ...v, subtype: v.subtype ?? 'organization' }
  return {
    ...v,
    subtype: undefined,
    taxId: '',
    organization: '',
    contactPerson: '',
    bic: '',
    bankName: '',
    correspondentAccount: '',
    currentAccount: '',
  }
}
