import type { UserInfo } from '../../../server/contracts/account'

/** Form values of the account schema from the user-info answer. */
export const accountDefaults = (user: UserInfo) => ({
  fullname: user.info.fullname,
  phone: user.info.phone,
  email: user.info.email,
  type: user.meta.type,
  subtype: user.meta.subtype ?? 'organization',
  taxId: user.info.taxId,
  organization: user.info.organization,
  contactPerson: user.info.contactPerson,
  bic: user.bank.bic,
  bankName: user.bank.bankName,
  correspondentAccount: user.bank.correspondentAccount,
  currentAccount: user.bank.currentAccount,
})
