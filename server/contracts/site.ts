import { z } from 'zod'

export const SOCIAL_TYPES = [
  'vk',
  'fb',
  'ok',
  'ig',
  'tw',
  'tg',
  'yt',
  'be',
  'dr',
  'li',
  'vb',
  'wa',
  'md',
  'pi',
  'yz',
] as const

export const CityRef = z.object({ id: z.number().int(), name: z.string(), isConfirmed: z.boolean() })
export type CityRef = z.infer<typeof CityRef>

export const SiteCity = z.object({
  id: z.number().int(),
  name: z.string(),
  region: z.string(),
  latitude: z.number(),
  longitude: z.number(),
})
export type SiteCity = z.infer<typeof SiteCity>

export const SocialLink = z.object({ type: z.enum(SOCIAL_TYPES), link: z.string() })
export const SiteContact = z.object({
  id: z.number().int(),
  city: z.object({ id: z.number().int() }).nullable(),
  common: z.boolean(),
  contacts: z.array(z.object({ phones: z.array(z.string()), emails: z.array(z.string()) })),
  workhours: z.array(z.string()),
  address: z.array(z.string()),
  social: z.array(SocialLink),
})
export type SiteContact = z.infer<typeof SiteContact>

export const SiteOptions = z.object({
  title: z.string(),
  copyright: z.string(),
  privacy: z.object({ link: z.string(), label: z.string() }),
})
export type SiteOptions = z.infer<typeof SiteOptions>

export interface NavItem {
  id: number
  label: string
  link: string
  items: NavItem[]
}
export const NavItem: z.ZodType<NavItem> = z.lazy(() =>
  z.object({ id: z.number().int(), label: z.string(), link: z.string(), items: z.array(NavItem) }),
)

export const SectionLink = z.object({ id: z.number().int(), title: z.string(), link: z.string() })
export type SectionLink = z.infer<typeof SectionLink>

export const SetCityInput = z.union([
  z.object({
    id: z.preprocess(
      (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
      z.number().int().positive(),
    ),
  }),
  z.object({
    latitude: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
      z.number().min(-90).max(90),
    ),
    longitude: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
      z.number().min(-180).max(180),
    ),
  }),
])
export type SetCityInput = z.infer<typeof SetCityInput>

export { resolveContacts, phoneHref, type ResolvedContacts } from './contacts'
