/**
 * Accounts (contract §6), by concern: limits, reading the user, sign-in plumbing, one-time
 * codes, sign-up and sign-in, password restore, the profile, addresses. The visitor's cart
 * merge at sign-in lives with the cart (services/cart/merge.ts).
 */
export { LIMITS, MAX_ADDRESSES } from './limits'
export { userInfo } from './user'
export { signIn } from './sign-in'
export { resendWait, smsOutboxList } from './codes'
export { login, loginWithCode, logout, register, sendLoginSms, userCheck } from './login'
export { restorePassword } from './restore'
export { sendContactCode, updateAccount } from './profile'
export { addAddress, deleteAddress, listAddresses, updateAddress } from './addresses'
