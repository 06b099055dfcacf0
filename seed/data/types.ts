// Shapes of the seed data files. Plain data: no imports from db/ or server/.
// Every record carries a stable `id` (integer) or `slug` so that `npm run seed` can upsert it.

export type SocialType =
  'vk' | 'fb' | 'ok' | 'ig' | 'tw' | 'tg' | 'yt' | 'be' | 'dr' | 'li' | 'vb' | 'wa' | 'md' | 'pi' | 'yz'

export interface SeedCity {
  id: number
  name: string // Russian name, e.g. 'Москва'
  nameEn: string // 'Moscow'
  region: string // Russian region name, e.g. 'Московская область' / 'Республика Татарстан'
  latitude: number // true coordinates, 4 decimals
  longitude: number
  timeZone: string // IANA zone, e.g. 'Asia/Novosibirsk': salon times are local to it (issue 26)
  isDefault?: boolean // exactly one city (Moscow)
}

export interface SeedContact {
  id: number
  cityId: number | null // null for the one common record
  common: boolean
  phones: string[] // '+7 (495) 123-45-67' or '8 (800) 555-35-35'
  emails: string[]
  workhours: string[] // 'Пн–Пт 9:00–21:00'
  workhoursEn: string[]
  address: string[] // full postal address strings
  addressEn: string[]
  social: { type: SocialType; link: string }[]
  /** The salon (seed/data/commerce.ts pickup point) the record stands for; the footer shows its hours. */
  pickupPointId?: number
}

export interface SeedNavItem {
  id: number // unique across the tree (header and footer separately)
  label: string // Russian
  labelEn: string
  link: string // site path with trailing slash, e.g. '/catalog/shampoo/'
  items?: SeedNavItem[]
}

export interface SeedSection {
  slug: string // 'shampoo'
  title: string // 'Шампуни'
  titleEn: string
  description: string
  descriptionEn: string
  sort: number
}

export interface SeedBrand {
  slug: string // 'kerastase'
  name: string // Latin spelling as on the bottle: 'Kérastase'
  nameRu: string // Cyrillic spelling shoppers type: 'Керастаз'
  country: string
  countryEn: string
}

export interface SeedProductOption {
  volume: number // ml (or g)
  price: number // integer roubles paid now
  oldPrice: number | null // regular price when discounted (> price), else null
  stock: number // 0 = out of stock
  sku: string
}

export interface SeedProduct {
  slug: string
  name: string // Russian product name, e.g. 'Шампунь для окрашенных волос Chroma Absolu'
  nameEn: string
  sectionSlug: string
  brandSlug: string
  description: string // 2-4 sentences, Russian
  descriptionEn: string
  hairTypes: string[] // from HAIR_TYPES codes
  purposes: string[] // from PURPOSES codes
  image: string // path under /images/, e.g. '/images/products/bottle-3.svg'
  gallery: string[] // 1-3 image paths (the first = image)
  options: SeedProductOption[] // 1-3
  popularity: number // 0..1000
  createdAt: string // ISO date within 2025-2026
}

export interface SeedServiceParam {
  code: string // 'length' | 'density' | ...
  label: string
  labelEn: string
  kind: 'select' | 'number'
  // select: options each with a price coefficient (multiplier in percent, 100 = base)
  options?: { value: string; label: string; labelEn: string; percent: number }[]
  // number: min, max, step, and roubles added per unit above min
  min?: number
  max?: number
  step?: number
  perUnit?: number
  unit?: string // 'см'
}

export interface SeedService {
  slug: string
  sectionSlug: string
  title: string
  titleEn: string
  description: string
  descriptionEn: string
  basePrice: number // integer roubles
  durationMin: number
  params: SeedServiceParam[]
  bookableOnline?: boolean // default true; false: the request form only (issue 26)
  yclientsServiceId?: string // the service's id in YCLIENTS, where the chain uses it
}

export interface SeedServiceSection {
  slug: string
  title: string
  titleEn: string
  description: string
  descriptionEn: string
  sort: number
}

export interface SeedPost {
  slug: string
  title: string
  titleEn: string
  excerpt: string
  excerptEn: string
  html: string // rich HTML: <h2>, <p>, <ul>/<ol>, <img src="/images/blog/..." width height alt>
  htmlEn: string
  image: string
  publishedAt: string // ISO date
  tags: string[]
}

export interface SeedFaqGroup {
  slug: string
  title: string
  titleEn: string
  items: { question: string; questionEn: string; answer: string; answerEn: string }[] // answer may contain simple HTML (<p>, <a>)
}

export interface SeedPage {
  slug: 'about' | 'delivery' | 'payment' | 'privacy' | 'requisites'
  title: string
  titleEn: string
  description: string
  descriptionEn: string
  html: string
  htmlEn: string
}

export interface SeedBank {
  bic: string // 9 digits starting with 04
  name: string
  correspondentAccount: string // 20 digits starting with 30101
  city: string
}

export interface SeedPromo {
  code: string
  kind: 'percent' | 'fixed'
  value: number // percent (1..100) or roubles
  minSum: number // roubles, 0 = none
  validFrom: string | null // ISO date
  validTo: string | null
  usageLimit: number | null
  /** Only a customer's first order (no earlier order that was not cancelled). */
  firstOrderOnly?: boolean
  /** Uses per customer (account or phone); absent = no limit. */
  perCustomerLimit?: number | null
  description: string
}

export interface SeedRedirect {
  from: string
  to: string
  status: 301 | 302
}

export interface SeedFormField {
  name: string
  label: string
  labelEn: string
  type: 'text' | 'phone' | 'email' | 'textarea' | 'date' | 'select'
  required: boolean
  minLength?: number
  maxLength?: number
  options?: string[]
  /** Options read at request time instead of `options`: `services` = every service of the shop. */
  optionsFrom?: 'services'
}

export interface SeedForm {
  code: string // 'service-booking' | 'question' | 'feedback'
  title: string
  titleEn: string
  subject: string
  fields: SeedFormField[]
}
