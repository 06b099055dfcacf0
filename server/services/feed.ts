import { asc, eq } from 'drizzle-orm'
import type { Ctx } from '../context'
import { brands, catalogSections, productOffers, products } from '../../db/schema'
import { cachedByContent } from '../cache'
import { productLink } from './cart'
import { volumeLabel } from './catalog/messages'
import { getSiteOptions } from './site'
import { sellerRequisites } from './seller-requisites'

/**
 * `/yml.xml`: the catalog as a Yandex YML feed (Yandex Products / Market), simplified offer type.
 *
 * - `yml_catalog date` — RFC 3339 with the time zone, minutes precision, Moscow time
 *   (`2026-05-22T14:37+03:00`), as Yandex Market's YML reference asks. Yandex refuses a catalog
 *   older than 10 days, so the cached document is also rebuilt every hour even when nothing changed.
 * - `shop`: name = the site title, company = the seller's legal name, url = this site's origin.
 * - `currencies`: RUR only (prices are whole roubles); `categories` = the catalog sections.
 * - one `offer` per product offer (volume) of every product that is not hidden (products a full
 *   1C import left out): id = our offer id (stable, unique), `available` = stock > 0, `url` = the
 *   product page with `?offer=<id>` (the page opens with that volume chosen), `price`, `oldprice`
 *   (only when higher than the price), `currencyId`, `categoryId`, `picture` (absolute),
 *   `vendor` = the brand, `name` = product name and volume ("…, 250 мл"), `description` = plain
 *   text of at most 3000 characters.
 * - Text is escaped (& < > " ') and stripped of the control characters XML 1.0 forbids.
 *
 * Cached per data version and origin (`cachedByContent`): a price change shows at once.
 */

export const YML_CURRENCY = 'RUR'
export const YML_DESCRIPTION_MAX = 3000
/** The document is rebuilt at least this often, so `date` never grows stale. */
const MAX_AGE_MS = 3600_000
const MSK_OFFSET_MS = 3 * 3600_000

// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g

export const xmlText = (s: string) =>
  s
    .replace(FORBIDDEN, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')

/** "2026-05-22T14:37+03:00": Moscow time (UTC+3 all year since 2014). */
export function ymlDate(ms: number): string {
  return new Date(ms + MSK_OFFSET_MS).toISOString().slice(0, 16) + '+03:00'
}

/** Plain text: tags and entities of an HTML description out, whitespace collapsed, at most `max` chars. */
export function plainText(html: string, max = YML_DESCRIPTION_MAX): string {
  const text = html
    .replace(/<(br|\/p|\/li|\/h\d)\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()
  if (text.length <= max) return text
  const cut = text.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return (space > max * 0.8 ? cut.slice(0, space) : cut) + '…'
}

const absolute = (origin: string, src: string) =>
  /^https?:\/\//i.test(src) ? src : origin + (src.startsWith('/') ? src : `/${src}`)

export function ymlFeed(ctx: Ctx, now = Date.now()): Promise<string> {
  const origin = ctx.origin.replace(/\/+$/, '')
  const bucket = Math.floor(now / MAX_AGE_MS)
  return cachedByContent(ctx.db, `yml:${origin}:${bucket}`, () => buildFeed(ctx, origin, now))
}

async function buildFeed(ctx: Ctx, origin: string, now: number): Promise<string> {
  const sections = await ctx.db
    .select({ id: catalogSections.id, slug: catalogSections.slug, title: catalogSections.title })
    .from(catalogSections)
    .orderBy(asc(catalogSections.sort), asc(catalogSections.id))
  const slugOf = new Map(sections.map((s) => [s.id, s.slug]))
  const rows = await ctx.db
    .select({
      offerId: productOffers.id,
      volume: productOffers.volume,
      price: productOffers.price,
      oldPrice: productOffers.oldPrice,
      stock: productOffers.stock,
      productId: products.id,
      slug: products.slug,
      sectionId: products.sectionId,
      name: products.name,
      description: products.description,
      image: products.image,
      brand: brands.name,
    })
    .from(productOffers)
    .innerJoin(products, eq(products.id, productOffers.productId))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(eq(products.hidden, false))
    .orderBy(asc(products.id), asc(productOffers.sort), asc(productOffers.id))

  const site = await getSiteOptions({ ...ctx, locale: 'ru' })
  const seller = await sellerRequisites(ctx.db)
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<yml_catalog date="${ymlDate(now)}">`,
    '<shop>',
    `<name>${xmlText(site.title)}</name>`,
    `<company>${xmlText(seller.name)}</company>`,
    `<url>${xmlText(origin + '/')}</url>`,
    '<currencies>',
    `<currency id="${YML_CURRENCY}" rate="1"/>`,
    '</currencies>',
    '<categories>',
    ...sections.map((s) => `<category id="${s.id}">${xmlText(s.title)}</category>`),
    '</categories>',
    '<offers>',
  ]
  for (const r of rows) {
    const section = slugOf.get(r.sectionId)
    if (!section || r.price <= 0) continue
    const url = `${origin}${productLink(section, r.slug)}?offer=${r.offerId}`
    // The feed is in Russian, like the site title above.
    const name = r.volume > 0 ? `${r.name}, ${volumeLabel('ru', r.volume)}` : r.name
    const description = plainText(r.description)
    out.push(
      `<offer id="${r.offerId}" available="${r.stock > 0 ? 'true' : 'false'}">`,
      `<url>${xmlText(url)}</url>`,
      `<price>${r.price}</price>`,
      ...(r.oldPrice !== null && r.oldPrice > r.price ? [`<oldprice>${r.oldPrice}</oldprice>`] : []),
      `<currencyId>${YML_CURRENCY}</currencyId>`,
      `<categoryId>${r.sectionId}</categoryId>`,
      ...(r.image?.src ? [`<picture>${xmlText(absolute(origin, r.image.src))}</picture>`] : []),
      `<vendor>${xmlText(r.brand)}</vendor>`,
      `<name>${xmlText(name)}</name>`,
      ...(description ? [`<description>${xmlText(description)}</description>`] : []),
      '</offer>',
    )
  }
  out.push('</offers>', '</shop>', '</yml_catalog>', '')
  return out.join('\n')
}
