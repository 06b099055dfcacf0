/**
 * The account forms' schemas, loaded on demand (ADR 028): one loader per schema, made once, so
 * `useZodForm` keeps a loaded schema for the form's life (an inline loader is a new function on
 * every render, and would be loaded again after each one).
 */
const contracts = () => import('../../../server/contracts/account')

export const loginSchema = () => contracts().then((m) => m.LoginInput)
export const loginCodeSchema = () => contracts().then((m) => m.LoginCodeInput)
export const restoreSchema = () => contracts().then((m) => m.RestoreInput)
export const registrationSchema = () => contracts().then((m) => m.RegistrationInput)
export const accountUpdateSchema = () => contracts().then((m) => m.AccountUpdateInput)
export const addressSchema = () => contracts().then((m) => m.AddressInput)
