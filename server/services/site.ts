import { asc, eq } from 'drizzle-orm'
import type { Ctx } from '../context'
import {
  cities,
  siteContacts,
  siteOptions,
  navItems,
  catalogSections,
  serviceSections,
  pickupPoints,
} from '../../db/schema'
import type { CityRef, NavItem, SectionLink, SiteCity, SiteContact, SiteOptions } from '../contracts/site'
import { SOCIAL_TYPES } from '../contracts/site'
import { cachedByContent } from '../cache'
import { localized, localizedText } from '../contracts/localized'
import { hoursLines, salonOfContact } from './pickup-points'

// Startup data: small, read on every page, changed only by the seed scripts. `cachedByContent`
// keeps it against the database's data version (server/cache.ts), so an admin's
// `npm run seed` shows up at once.

export function getSiteOptions(ctx: Ctx): Promise<SiteOptions> {
  return cachedByContent(ctx.db, `options:${ctx.locale}`, async () => {
    const rows = await ctx.db.select().from(siteOptions)
    const get = (k: string) => rows.find((r) => r.key === k)?.value as string | undefined
    const privacy = (get('privacy') ?? { link: '/privacy/', label: '', labelEn: '' }) as unknown as {
      link: string
      label: string
      labelEn: string
    }
    return {
      title: localizedText({ title: get('title') ?? '', titleEn: get('titleEn') }, 'title', ctx.locale),
      copyright: localizedText(
        { copyright: get('copyright') ?? '', copyrightEn: get('copyrightEn') },
        'copyright',
        ctx.locale,
      ),
      privacy: { link: privacy.link, label: localizedText(privacy, 'label', ctx.locale) },
    }
  })
}

export function getSiteDescription(ctx: Ctx): Promise<string> {
  return cachedByContent(ctx.db, `description:${ctx.locale}`, async () => {
    const text = async (key: string) => {
      const [row] = await ctx.db.select().from(siteOptions).where(eq(siteOptions.key, key))
      return typeof row?.value === 'string' ? row.value : null
    }
    return localizedText(
      { description: (await text('description')) ?? '', descriptionEn: await text('descriptionEn') },
      'description',
      ctx.locale,
    )
  })
}

export function listCities(ctx: Ctx): Promise<(SiteCity & { isDefault: boolean; nameEn: string })[]> {
  return cachedByContent(ctx.db, `cities:${ctx.locale}`, async () => {
    const rows = await ctx.db.select().from(cities)
    const collator = new Intl.Collator(ctx.locale)
    return rows
      .map((c) => ({
        id: c.id,
        name: localizedText(c, 'name', ctx.locale),
        nameEn: c.nameEn,
        region: c.region,
        latitude: c.latitude,
        longitude: c.longitude,
        isDefault: c.isDefault,
      }))
      .sort((a, b) => collator.compare(a.name, b.name))
  })
}

export async function siteCities(ctx: Ctx): Promise<SiteCity[]> {
  return (await listCities(ctx)).map(({ id, name, region, latitude, longitude }) => ({
    id,
    name,
    region,
    latitude,
    longitude,
  }))
}

export async function defaultCity(ctx: Ctx) {
  const all = await listCities(ctx)
  return all.find((c) => c.isDefault) ?? all[0]
}

/** The session's city, else the default city (not confirmed). */
export async function userCity(ctx: Ctx): Promise<CityRef> {
  const session = ctx.session.get()
  const all = await listCities(ctx)
  const chosen = session?.cityId != null ? all.find((c) => c.id === session.cityId) : undefined
  const city = chosen ?? (await defaultCity(ctx))
  if (!city) return { id: 0, name: '', isConfirmed: false }
  return { id: city.id, name: city.name, isConfirmed: Boolean(chosen && session?.cityConfirmed) }
}

/**
 * Contact records in the caller's language. A city record at a salon's address shows the
 * salon's hours from its pickup point (the one source, issue 17), so the footer and the
 * checkout's pickup option never disagree.
 */
export function siteContactsList(ctx: Ctx): Promise<SiteContact[]> {
  return cachedByContent(ctx.db, `contacts:${ctx.locale}`, async () => {
    const points = await ctx.db.select().from(pickupPoints)
    const rows = await ctx.db.select().from(siteContacts).orderBy(asc(siteContacts.id))
    return rows.map((r) => {
      const salon = salonOfContact(points, r.pickupPointId)
      const workhours = salon
        ? hoursLines(localizedText(salon, 'workhours', ctx.locale))
        : localized(r, 'workhours', ctx.locale).value
      return {
        id: r.id,
        city: r.cityId === null ? null : { id: r.cityId },
        common: r.common,
        contacts: [{ phones: r.phones, emails: r.emails }],
        workhours,
        address: localized(r, 'address', ctx.locale).value,
        social: r.social.filter((s): s is SiteContact['social'][number] =>
          (SOCIAL_TYPES as readonly string[]).includes(s.type),
        ),
      }
    })
  })
}

/** Social networks by name, for the links' accessible names (SocialLinks in the shell). */
const SOCIAL_NAMES: Record<string, string> = {
  vk: 'ВКонтакте',
  fb: 'Facebook',
  ok: 'Одноклассники',
  ig: 'Instagram',
  tw: 'Twitter',
  tg: 'Telegram',
  yt: 'YouTube',
  be: 'Behance',
  dr: 'Dribbble',
  li: 'LinkedIn',
  vb: 'Viber',
  wa: 'WhatsApp',
  md: 'Medium',
  pi: 'Pinterest',
  yz: 'Дзен',
}
const SOCIAL_NAMES_EN: Record<string, string> = { vk: 'VK', ok: 'Odnoklassniki', yz: 'Dzen' }

/** A contact record as the shell shows it: each social link with its network's name in the caller's language. */
export function withSocialLabels(ctx: Ctx, record: SiteContact) {
  const names = (type: string) =>
    (ctx.locale === 'en' ? SOCIAL_NAMES_EN[type] : undefined) ?? SOCIAL_NAMES[type] ?? type
  return { ...record, social: record.social.map((s) => ({ ...s, label: names(s.type) })) }
}

function navTree(ctx: Ctx, menu: 'header' | 'footer'): Promise<NavItem[]> {
  return cachedByContent(ctx.db, `nav:${menu}:${ctx.locale}`, async () => {
    const rows = await ctx.db
      .select()
      .from(navItems)
      .where(eq(navItems.menu, menu))
      .orderBy(asc(navItems.sort), asc(navItems.id))
    const byParent = new Map<number | null, typeof rows>()
    for (const r of rows) {
      const list = byParent.get(r.parentId) ?? []
      list.push(r)
      byParent.set(r.parentId, list)
    }
    const build = (parent: number | null, depth: number): NavItem[] =>
      depth > 5
        ? []
        : (byParent.get(parent) ?? []).map((r) => ({
            id: r.id,
            label: localizedText(r, 'label', ctx.locale),
            link: r.link,
            items: build(r.id, depth + 1),
          }))
    return build(null, 0)
  })
}

export const navHeader = (ctx: Ctx) => navTree(ctx, 'header')
export const navFooter = (ctx: Ctx) => navTree(ctx, 'footer')

export function catalogSectionLinks(ctx: Ctx): Promise<SectionLink[]> {
  return cachedByContent(ctx.db, `catalog-sections:${ctx.locale}`, async () =>
    (await ctx.db.select().from(catalogSections).orderBy(asc(catalogSections.sort), asc(catalogSections.id))).map(
      (s) => ({ id: s.id, title: localizedText(s, 'title', ctx.locale), link: `/catalog/${s.slug}/` }),
    ),
  )
}

export function serviceSectionLinks(ctx: Ctx): Promise<SectionLink[]> {
  return cachedByContent(ctx.db, `services-sections:${ctx.locale}`, async () =>
    (await ctx.db.select().from(serviceSections).orderBy(asc(serviceSections.sort), asc(serviceSections.id))).map(
      (s) => ({ id: s.id, title: localizedText(s, 'title', ctx.locale), link: `/services/${s.slug}/` }),
    ),
  )
}
