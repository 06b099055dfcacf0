import { definePage, NoData } from './define'

/** Sign-in, registration and the personal area (visitors are sent to /login/, the signed-in on from it). */

export const loginPage = definePage({
  type: 'login',
  pattern: '/login/',
  local: true,
  data: NoData,
  description: 'Sign in (a signed-in visitor is redirected to `?back=`)',
})

export const registrationPage = definePage({
  type: 'registration',
  pattern: '/registration/',
  local: true,
  data: NoData,
  description: 'Registration (a signed-in visitor is redirected to `?back=`)',
})

export const personalInfoPage = definePage({
  type: 'personal-info',
  pattern: '/personal/',
  local: true,
  data: NoData,
  description: 'The personal account (the profile comes from /api/user-info/)',
})

export const personalAddressesPage = definePage({
  type: 'personal-addresses',
  pattern: '/personal/addresses/',
  local: true,
  data: NoData,
  description: 'Saved addresses (from /api/user-address-list/)',
})

/** In match order. */
export const accountPages = [loginPage, registrationPage, personalInfoPage, personalAddressesPage] as const
