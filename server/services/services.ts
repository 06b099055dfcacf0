import { asc, eq } from 'drizzle-orm'
import type { Ctx } from '../context'
import { serviceSections, services } from '../../db/schema'
import type { ServiceParam } from '../../db/schema'
import {
  calculateServicePrice,
  minServicePrice,
  validateServiceValues,
  type ServiceCard,
  type ServiceParamDef,
  type ServicePriceResult,
  type ServiceValues,
} from '../contracts/services'
import { fieldMessage } from '../contracts/common'
import { AppError, notFound } from '../errors'
import { localizedText } from '../contracts/localized'
import { registerMessages, t } from '../contracts/i18n'

/**
 * Services of the salons: sections, service cards and pages, and the price calculator
 * (the rule itself is `calculateServicePrice` in the contract, shared with the page).
 */

/** Units of the price calculator's parameters, stored in Russian: their message keys. */
const UNIT_KEYS: Record<string, string> = { 'шт.': 'services.unit.pcs', см: 'services.unit.cm' }
registerMessages({
  ru: { 'services.unit.pcs': 'шт.', 'services.unit.cm': 'см' },
  en: { 'services.unit.pcs': 'pcs', 'services.unit.cm': 'cm' },
})
const unitText = (ctx: Ctx, unit: string) => (UNIT_KEYS[unit] ? t(ctx.locale, UNIT_KEYS[unit]) : unit)

/** Six illustrations, one per section in order (800×600 SVG). */
const SECTION_IMAGES = 6
export function sectionImage(sort: number, alt: string) {
  const n = ((((sort - 1) % SECTION_IMAGES) + SECTION_IMAGES) % SECTION_IMAGES) + 1
  return { src: `/images/services/service-${n}.svg`, width: 800, height: 600, alt }
}

export const sectionLink = (slug: string) => `/services/${slug}/`
export const serviceLink = (sectionSlug: string, slug: string) => `/services/${sectionSlug}/${slug}/`

function localizeParams(ctx: Ctx, params: ServiceParam[]): ServiceParamDef[] {
  return params.map((p) => ({
    code: p.code,
    label: localizedText(p, 'label', ctx.locale),
    kind: p.kind,
    ...(p.options
      ? {
          options: p.options.map((o) => ({
            value: o.value,
            label: localizedText(o, 'label', ctx.locale),
            percent: o.percent,
          })),
        }
      : {}),
    ...(p.min !== undefined ? { min: p.min } : {}),
    ...(p.max !== undefined ? { max: p.max } : {}),
    ...(p.step !== undefined ? { step: p.step } : {}),
    ...(p.perUnit !== undefined ? { perUnit: p.perUnit } : {}),
    ...(p.unit !== undefined ? { unit: unitText(ctx, p.unit) } : {}),
  }))
}

const sectionColumns = {
  id: serviceSections.id,
  slug: serviceSections.slug,
  title: serviceSections.title,
  titleEn: serviceSections.titleEn,
  description: serviceSections.description,
  descriptionEn: serviceSections.descriptionEn,
  sort: serviceSections.sort,
}
const serviceColumns = {
  id: services.id,
  slug: services.slug,
  sectionId: services.sectionId,
  title: services.title,
  titleEn: services.titleEn,
  description: services.description,
  descriptionEn: services.descriptionEn,
  basePrice: services.basePrice,
  durationMin: services.durationMin,
  params: services.params,
  bookableOnline: services.bookableOnline,
}
type SectionRow = {
  id: number
  slug: string
  title: string
  titleEn: string
  description: string
  descriptionEn: string | null
  sort: number
}
type ServiceRow = {
  id: number
  slug: string
  sectionId: number
  title: string
  titleEn: string
  description: string
  descriptionEn: string | null
  basePrice: number
  durationMin: number
  params: ServiceParam[]
  bookableOnline: boolean
}

export async function listServiceSections(ctx: Ctx): Promise<SectionRow[]> {
  return await ctx.db
    .select(sectionColumns)
    .from(serviceSections)
    .orderBy(asc(serviceSections.sort), asc(serviceSections.id))
}

async function sectionIndex(ctx: Ctx): Promise<Map<number, { row: SectionRow; index: number }>> {
  return new Map((await listServiceSections(ctx)).map((row, index) => [row.id, { row, index }]))
}

export const sectionTitle = (ctx: Ctx, s: { title: string; titleEn: string }) => localizedText(s, 'title', ctx.locale)

/** A service's or section's description in the caller's language (every seeded one has its English). */
export const describe = (ctx: Ctx, row: { description: string; descriptionEn: string | null }) =>
  localizedText(row, 'description', ctx.locale)

export function toServiceCard(ctx: Ctx, row: ServiceRow, section: { slug: string; index: number }): ServiceCard {
  const title = localizedText(row, 'title', ctx.locale)
  return {
    id: row.id,
    title,
    link: serviceLink(section.slug, row.slug),
    description: describe(ctx, row),
    priceFrom: minServicePrice({ basePrice: row.basePrice, params: row.params }),
    durationMin: row.durationMin,
    image: sectionImage(section.index + 1, ''),
  }
}

/** Service cards, in section order then their own order; `limit` caps the list. */
export async function serviceCards(
  ctx: Ctx,
  opts: { sectionId?: number; limit?: number; excludeId?: number } = {},
): Promise<ServiceCard[]> {
  const sections = await sectionIndex(ctx)
  const q = ctx.db.select(serviceColumns).from(services)
  const all = await (opts.sectionId !== undefined ? q.where(eq(services.sectionId, opts.sectionId)) : q).orderBy(
    asc(services.sort),
    asc(services.id),
  )
  const rows = all.filter((r) => r.id !== opts.excludeId)
  const cards = rows
    .map((r) => ({ r, s: sections.get(r.sectionId) }))
    .filter((x): x is { r: ServiceRow; s: { row: SectionRow; index: number } } => x.s !== undefined)
    .sort((a, b) => a.s.index - b.s.index)
    .map(({ r, s }) => toServiceCard(ctx, r, { slug: s.row.slug, index: s.index }))
  return opts.limit !== undefined ? cards.slice(0, opts.limit) : cards
}

/** One card per section (its first service): the home page's services block. */
export async function featuredServices(ctx: Ctx, limit = 6): Promise<ServiceCard[]> {
  const seen = new Set<string>()
  const out: ServiceCard[] = []
  for (const card of await serviceCards(ctx)) {
    const section = card.link.split('/')[2] ?? ''
    if (seen.has(section)) continue
    seen.add(section)
    out.push(card)
    if (out.length >= limit) break
  }
  return out
}

export async function findSection(ctx: Ctx, slug: string) {
  const sections = await listServiceSections(ctx)
  const index = sections.findIndex((s) => s.slug === slug)
  const row = sections[index]
  return row ? { row, index, sections } : null
}

export async function findService(ctx: Ctx, sectionSlug: string, slug: string) {
  const section = await findSection(ctx, sectionSlug)
  if (!section) return null
  const [row] = await ctx.db.select(serviceColumns).from(services).where(eq(services.slug, slug))
  if (!row || row.sectionId !== section.row.id) return null
  return { row, section }
}

export function localizedParams(ctx: Ctx, row: ServiceRow): ServiceParamDef[] {
  return localizeParams(ctx, row.params)
}

/** `/api/service-price/`: the calculator on the server, with strict validation (bad option → 422). */
export async function servicePrice(
  ctx: Ctx,
  input: { id: number; values: ServiceValues },
): Promise<ServicePriceResult> {
  const [row] = await ctx.db.select(serviceColumns).from(services).where(eq(services.id, input.id))
  if (!row) throw notFound()
  const { values, errors } = validateServiceValues(row.params, input.values)
  const keys = Object.keys(errors)
  if (keys.length > 0) {
    const messages = Object.fromEntries(
      keys.map((k) => [`values.${k}`, fieldMessage(ctx.locale, errors[k] as { type: string })]),
    )
    throw new AppError(422, 'api.validation', {}, { errors: messages })
  }
  return { id: row.id, basePrice: row.basePrice, price: calculateServicePrice(row, values), values }
}

/** Every service of the shop, in section order then its own: the Russian title (the value a booking stores) and the title in the page's language. */
export async function serviceChoices(ctx: Ctx): Promise<{ value: string; label: string }[]> {
  const sections = await sectionIndex(ctx)
  const rows = await ctx.db
    .select({ title: services.title, titleEn: services.titleEn, sectionId: services.sectionId })
    .from(services)
    .orderBy(asc(services.sort), asc(services.id))
  return rows
    .map((r) => ({ r, index: sections.get(r.sectionId)?.index ?? Number.MAX_SAFE_INTEGER }))
    .sort((a, b) => a.index - b.index)
    .map(({ r }) => ({ value: r.title, label: localizedText(r, 'title', ctx.locale) }))
}

/**
 * The calculator's choice sent with a booking, as the salon reads it: the service's Russian title,
 * its inputs in words ("Длина волос: Длинные; Густота: Густые") and the price computed here
 * (`servicePrice`: bad values are a 422, the client's figure is never trusted).
 */
export async function describeServiceChoice(
  ctx: Ctx,
  input: { id: number; values: ServiceValues },
): Promise<{ title: string; options: string; price: number; values: ServiceValues }> {
  const { price, values } = await servicePrice(ctx, input)
  const [row] = await ctx.db.select(serviceColumns).from(services).where(eq(services.id, input.id))
  if (!row) throw notFound()
  const options = row.params
    .map((p) => {
      const v = values[p.code]
      if (p.kind === 'select') return `${p.label}: ${p.options?.find((o) => o.value === v)?.label ?? String(v)}`
      return `${p.label}: ${String(v)}${p.unit ? ` ${p.unit}` : ''}`
    })
    .join('; ')
  return { title: row.title, options, price, values }
}
