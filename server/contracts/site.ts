import { z } from 'zod'

export const SOCIAL_TYPES = ['vk', 'fb', 'ok', 'ig', 'tw', 'tg', 'yt', 'be', 'dr', 'li', 'vb', 'wa', 'md', 'pi', 'yz'] as const

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
  z.object({ id: z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v), z.number().int().positive()) }),
  z.object({
    latitude: z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number().min(-90).max(90)),
    longitude: z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number().min(-180).max(180)),
  }),
])
export type SetCityInput = z.infer<typeof SetCityInput>

/** Merged contacts for one city: the shell shows these (spec §3). */
export interface ResolvedContacts {
  phones: string[]
  emails: string[]
  workhours: string[]
  address: string[]
  social: { type: string; link: string }[]
}

/**
 * The spec's contact rule, shared by the server-rendered shell and the client:
 * the record of the user's city, else the common record, else the first; phones and
 * emails of its contact groups merged and de-duplicated.
 */
export function resolveContacts(records: SiteContact[], cityId: number | null | undefined): ResolvedContacts {
  const record =
    records.find((r) => cityId != null && r.city?.id === cityId) ?? records.find((r) => r.common) ?? records[0]
  if (!record) return { phones: [], emails: [], workhours: [], address: [], social: [] }
  const uniq = (xs: string[]) => {
    const seen = new Set<string>()
    return xs.filter((x) => {
      const key = x.replace(/[\s()-]/g, '').toLowerCase()
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
  }
  return {
    phones: uniq(record.contacts.flatMap((c) => c.phones)),
    emails: uniq(record.contacts.flatMap((c) => c.emails)),
    workhours: record.workhours,
    address: record.address,
    social: record.social,
  }
}

/** tel: link for a displayed phone; a leading 8 becomes 7 when asked (spec §9). */
export function phoneHref(phone: string, eightToSeven = true): string {
  let digits = phone.replace(/[^\d+]/g, '')
  if (eightToSeven && digits.startsWith('8')) digits = '+7' + digits.slice(1)
  return `tel:${digits}`
}
