import { z } from 'zod'
import { email, normalizePhone, optionalString, phone, id } from './common'
import { registerMessages } from './i18n'

/**
 * Accounts: sign-up, sign-in, personal info, addresses, suggestions. Shared by the API and the
 * React forms (zodResolver), so a rule is written once. Isomorphic: no server imports.
 */

// ---------------------------------------------------------------------------------------------
// Pure checksum rules (Russian tax and bank numbers)

const digitsOnly = (v: string) => /^\d+$/.test(v)
const weighted = (digits: number[], weights: number[]) => weights.reduce((sum, w, i) => sum + w * (digits[i] ?? 0), 0)

/** INN of an organization: 10 digits, the last one a weighted checksum mod 11 mod 10. */
export function isValidInn10(inn: string): boolean {
  if (inn.length !== 10 || !digitsOnly(inn)) return false
  const d = [...inn].map(Number)
  return (weighted(d, [2, 4, 10, 3, 5, 9, 4, 6, 8]) % 11) % 10 === d[9]
}

/** INN of a person or sole trader: 12 digits, the last two are checksums. */
export function isValidInn12(inn: string): boolean {
  if (inn.length !== 12 || !digitsOnly(inn)) return false
  const d = [...inn].map(Number)
  const n11 = (weighted(d, [7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) % 11) % 10
  const n12 = (weighted(d, [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) % 11) % 10
  return n11 === d[10] && n12 === d[11]
}

/** 10 digits for an organization, 12 for a sole trader. */
export function isValidInn(inn: string, subtype: 'organization' | 'individual'): boolean {
  return subtype === 'organization' ? isValidInn10(inn) : isValidInn12(inn)
}

/** BIC: 9 digits starting with 04 (Russia). */
export const isValidBic = (bic: string) => bic.length === 9 && digitsOnly(bic) && bic.startsWith('04')

/**
 * The Bank of Russia control key: the 23 digits (3 from the BIC + the 20-digit account) are
 * multiplied by 7,1,3,7,1,3…; the sum of the products' last digits must end in 0.
 */
function controlKeyOk(prefix: string, account: string): boolean {
  const s = prefix + account
  if (s.length !== 23 || !digitsOnly(s)) return false
  const weights = [7, 1, 3]
  let sum = 0
  for (let i = 0; i < 23; i++) sum += (Number(s[i]) * weights[i % 3]!) % 10
  return sum % 10 === 0
}

/** A current (settlement) account at a credit institution: checked with the BIC's last 3 digits. */
export function isAccountKeyValid(bic: string, account: string): boolean {
  if (bic.length !== 9 || !digitsOnly(bic)) return false
  return controlKeyOk(bic.slice(6), account)
}

/** A correspondent account: checked with '0' + the BIC's 5th and 6th digits. */
export function isCorrespondentKeyValid(bic: string, account: string): boolean {
  if (bic.length !== 9 || !digitsOnly(bic)) return false
  return controlKeyOk('0' + bic.slice(4, 6), account)
}

export const isCurrentAccountFormat = (v: string) => v.length === 20 && digitsOnly(v) && v.startsWith('40')
export const isCorrespondentAccountFormat = (v: string) => v.length === 20 && digitsOnly(v) && v.startsWith('30101')

// ---------------------------------------------------------------------------------------------
// Field builders

export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 128

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
const legalShape = {
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

/** Legal customers: subtype, INN with checksum, organization; bank details when given. */
function legalRules(v: LegalValues, ctx: z.RefinementCtx) {
  const issue = (path: string, type: string, input: unknown) =>
    ctx.addIssue({ code: 'custom', path: [path], params: { type }, input })
  if (v.type !== 'legal') return
  if (!v.subtype) issue('subtype', 'required', '')
  const subtype = v.subtype ?? 'organization'
  if (!v.taxId) issue('taxId', 'required', '')
  else if (!isValidInn(v.taxId, subtype)) issue('taxId', 'taxId', v.taxId)
  if (!v.organization) issue('organization', 'required', '')
  if (v.bic && !isValidBic(v.bic)) issue('bic', 'bic', v.bic)
  if (v.correspondentAccount && !isCorrespondentAccountFormat(v.correspondentAccount))
    issue('correspondentAccount', 'correspondentAccount', v.correspondentAccount)
  if (v.currentAccount) {
    if (!isCurrentAccountFormat(v.currentAccount)) issue('currentAccount', 'currentAccount', v.currentAccount)
    else if (!v.bic) issue('bic', 'required', '')
    else if (isValidBic(v.bic) && !isAccountKeyValid(v.bic, v.currentAccount))
      issue('currentAccount', 'currentAccountKey', v.currentAccount)
  }
}

/** An individual keeps no legal details: they are cleared, not kept half-valid. */
function normalizeLegal<T extends LegalValues & { contactPerson: string; bankName: string }>(v: T): T {
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

// ---------------------------------------------------------------------------------------------
// Inputs

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

/**
 * Personal info and the user-type switch, one schema for the form and the API. A phone or e-mail
 * other than the saved one needs the code sent there (POST /api/user-contact-code/).
 */
export const AccountUpdateInput = z
  .object({
    fullname: z.string().trim().min(1).max(200),
    phone: phone(),
    email: email(),
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

// ---------------------------------------------------------------------------------------------
// Outputs

export const Address = z.object({
  id: z.number().int(),
  full: z.string(),
  postal: z.string(),
  country: z.string(),
  city: z.string(),
  street: z.string(),
  house: z.string(),
  flat: z.string(),
  entrance: z.string(),
  floor: z.string(),
  intercom: z.string(),
})
export type Address = z.infer<typeof Address>

export const UserInfo = z.object({
  isAuthorized: z.boolean(),
  id: z.number().int(),
  city: z.object({ id: z.number().int(), name: z.string(), isConfirmed: z.boolean() }),
  info: z.object({
    fullname: z.string(),
    taxId: z.string(),
    organization: z.string(),
    contactPerson: z.string(),
    phone: z.string(),
    email: z.string(),
  }),
  meta: z.object({ type: z.enum(USER_TYPES), subtype: z.enum(USER_SUBTYPES).nullable() }),
  /** Bank details of a legal customer (empty strings otherwise); an addition to the contract's shape. */
  bank: z.object({
    bic: z.string(),
    bankName: z.string(),
    correspondentAccount: z.string(),
    currentAccount: z.string(),
  }),
  addresses: z.array(Address),
})
export type UserInfo = z.infer<typeof UserInfo>

export const Result = z.object({ success: z.boolean(), message: z.string() })
export const UserResult = Result.extend({ user: UserInfo })
export type UserResult = z.infer<typeof UserResult>
export const CheckResult = z.object({ success: z.boolean(), exists: z.boolean() })
export const SmsResult = Result.extend({ timeout: z.number().int() })
export type SmsResult = z.infer<typeof SmsResult>
export const AddressListResult = Result.extend({ list: z.array(Address) })
export type AddressListResult = z.infer<typeof AddressListResult>

export const BankSuggestion = z.object({ bic: z.string(), bank: z.string(), correspondentAccount: z.string() })
export type BankSuggestion = z.infer<typeof BankSuggestion>
export const AddressSuggestion = z.object({
  value: z.string(),
  full: z.string(),
  postal: z.string(),
  country: z.string(),
  city: z.string(),
  street: z.string(),
  house: z.string(),
})
export type AddressSuggestion = z.infer<typeof AddressSuggestion>
export const NameSuggestion = z.object({
  value: z.string(),
  kind: z.enum(['first', 'patronymic', 'surname']),
  gender: z.enum(['m', 'f']),
})
export type NameSuggestion = z.infer<typeof NameSuggestion>
export const CitySuggestion = z.object({ id: z.number().int(), name: z.string(), region: z.string() })
export type CitySuggestion = z.infer<typeof CitySuggestion>

export const SocialProvider = z.object({ code: z.string(), label: z.string(), link: z.string() })
export type SocialProvider = z.infer<typeof SocialProvider>

export const SMS_RESEND_SECONDS = 60
export const SMS_CODE_TTL_MINUTES = 10
export const SMS_CODE_MAX_ATTEMPTS = 5

registerMessages({
  en: {
    'errors.login': 'Enter a phone number or an e-mail',
    'errors.smsCode': 'The code has 4 digits',
    'errors.postal': 'The postal code has 6 digits',
    'account.registered': 'Registration completed',
    'account.signedIn': 'You are signed in',
    'account.signedOut': 'You are signed out',
    'account.loginFailed': 'Wrong login or password',
    'account.duplicate': 'An account with this phone or e-mail already exists',
    'account.duplicatePhone': 'An account with this phone already exists',
    'account.duplicateEmail': 'An account with this e-mail already exists',
    'account.smsSent': 'The code has been sent by SMS',
    'account.smsText': 'Your code: {code}. Do not tell it to anyone',
    'account.smsWait': 'A new code can be requested in {seconds} s',
    'account.codeInvalid': 'Wrong or expired code',
    'account.codeBurned': 'Too many wrong attempts. Request a new code',
    'account.restoreSent': 'If the account exists, a code has been sent to its phone',
    'account.passwordChanged': 'The password has been changed',
    'account.saved': 'Data saved',
    'account.addressSaved': 'Address saved',
    'account.addressDeleted': 'Address deleted',
    'account.addressLimit': 'No more than {max} addresses',
    'account.oauthUnknown': 'Unknown sign-in provider',
    'account.oauthDemoLabel': 'Test ID (demo sign-in)',
    'errors.contactOne': 'Send either a phone or an e-mail',
    'account.passwordCommon': 'This password is one of the most common ones. Choose another',
    'account.passwordPersonal': 'The password must not contain your phone or e-mail',
    'account.smsFailed': 'The SMS could not be sent. Check the number or try again later',
    'account.mailFailed': 'The e-mail could not be sent. Check the address or try again later',
    'account.mailNotConfigured': 'E-mail cannot be confirmed on this site: sending mail is not set up',
    'account.mailSent': 'The code has been sent by e-mail',
    'account.mailSubject': 'Confirmation code',
    'account.mailText': 'Your confirmation code: {code}. Do not tell it to anyone',
    'account.codeCap': 'Too many wrong codes for this number today. Try again later',
    'account.contactCodeRequired': 'Enter the code sent to the new contact',
  },
  ru: {
    'errors.login': 'Введите телефон или E-mail',
    'errors.smsCode': 'Код состоит из 4 цифр',
    'errors.postal': 'Индекс состоит из 6 цифр',
    'account.registered': 'Регистрация завершена',
    'account.signedIn': 'Вы вошли в личный кабинет',
    'account.signedOut': 'Вы вышли из личного кабинета',
    'account.loginFailed': 'Неверный логин или пароль',
    'account.duplicate': 'Аккаунт с таким телефоном или E-mail уже существует',
    'account.duplicatePhone': 'Аккаунт с таким телефоном уже существует',
    'account.duplicateEmail': 'Аккаунт с таким E-mail уже существует',
    'account.smsSent': 'Код отправлен по SMS',
    'account.smsText': 'Ваш код: {code}. Никому его не сообщайте',
    'account.smsWait': 'Новый код можно запросить через {seconds} с',
    'account.codeInvalid': 'Неверный или просроченный код',
    'account.codeBurned': 'Слишком много неверных попыток. Запросите новый код',
    'account.restoreSent': 'Если аккаунт существует, код отправлен на его телефон',
    'account.passwordChanged': 'Пароль изменён',
    'account.saved': 'Данные сохранены',
    'account.addressSaved': 'Адрес сохранён',
    'account.addressDeleted': 'Адрес удалён',
    'account.addressLimit': 'Не больше {max} адресов',
    'account.oauthUnknown': 'Неизвестный способ входа',
    'account.oauthDemoLabel': 'Test ID (демо-вход)',
    'errors.contactOne': 'Укажите либо телефон, либо E-mail',
    'account.passwordCommon': 'Этот пароль — один из самых распространённых. Придумайте другой',
    'account.passwordPersonal': 'Пароль не должен содержать ваш телефон или E-mail',
    'account.smsFailed': 'Не удалось отправить SMS. Проверьте номер или попробуйте позже',
    'account.mailFailed': 'Не удалось отправить письмо. Проверьте адрес или попробуйте позже',
    'account.mailNotConfigured': 'Подтвердить E-mail на сайте нельзя: отправка почты не настроена',
    'account.mailSent': 'Код отправлен на E-mail',
    'account.mailSubject': 'Код подтверждения',
    'account.mailText': 'Ваш код подтверждения: {code}. Никому его не сообщайте',
    'account.codeCap': 'Слишком много неверных кодов для этого номера за сутки. Попробуйте позже',
    'account.contactCodeRequired': 'Введите код, отправленный на новый контакт',
  },
})

export const SuggestLists = {
  address: z.object({ list: z.array(AddressSuggestion) }),
  name: z.object({ list: z.array(NameSuggestion) }),
  city: z.object({ list: z.array(CitySuggestion) }),
  bank: z.object({ list: z.array(BankSuggestion) }),
}
