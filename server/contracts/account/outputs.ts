import { z } from 'zod'
import { USER_SUBTYPES, USER_TYPES } from './fields'

// Outputs: the user, addresses, answers, suggestions; code timings

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

export const SuggestLists = {
  address: z.object({ list: z.array(AddressSuggestion) }),
  name: z.object({ list: z.array(NameSuggestion) }),
  city: z.object({ list: z.array(CitySuggestion) }),
  bank: z.object({ list: z.array(BankSuggestion) }),
}
