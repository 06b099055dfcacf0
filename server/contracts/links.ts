/**
 * Named site links (spec §2) — zod-free, so the shell can import them without pulling the
 * validation library into every page's first load. Re-exported by ./entity.ts.
 */
export const LINK_ENTITIES = {
  index: '/',
  catalog: '/catalog/',
  services: '/services/',
  blog: '/blog/',
  faq: '/faq/',
  cart: '/cart/',
  'order-checkout': '/order/checkout/',
  'order-offline': '/order/offline/',
  favorites: '/favorites/',
  search: '/search/',
  login: '/login/',
  registration: '/registration/',
  'personal-info': '/personal/',
  'personal-addresses': '/personal/addresses/',
  'personal-orders': '/personal/orders/',
  about: '/about/',
  delivery: '/delivery/',
  payment: '/payment/',
  privacy: '/privacy/',
  requisites: '/requisites/',
} as const
export type LinkEntity = keyof typeof LINK_ENTITIES

export const PERSONAL_ENTITIES: readonly string[] = ['personal-info', 'personal-addresses', 'personal-orders']
