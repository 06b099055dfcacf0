/**
 * Accounts: sign-up, sign-in, personal info, addresses, suggestions. Shared by the API and the
 * React forms (zodResolver), so a rule is written once. Isomorphic: no server imports.
 *
 * By concern: checksums.ts (INN, BIC, account keys), fields.ts (field builders and the legal
 * customer's rules), inputs.ts, outputs.ts, messages.ts (texts, registered on import).
 */
import './messages'

export * from './checksums'
export {
  loginField,
  password,
  PASSWORD_MAX,
  PASSWORD_MIN,
  smsCode,
  USER_SUBTYPES,
  USER_TYPES,
  type UserSubtype,
  type UserType,
} from './fields'
export * from './inputs'
export * from './outputs'
