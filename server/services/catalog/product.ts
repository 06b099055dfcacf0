import { and, asc, desc, eq, ne, sql } from 'drizzle-orm'
import type { Ctx } from '../../context'
import type { DB } from '../../../db/client'
import {
  catalogSections as sectionsTable,
  productOffers,
  productProperties,
  productPropertyLinks,
  products,
} from '../../../db/schema'
import type { Offer, ProductCard, ProductDetail } from '../../contracts/catalog'
import { localized, localizedText } from '../../contracts/localized'
import { notFound } from '../../errors'
import { ownerOf } from '../owner'
import {
  cardsFor,
  cheapestOf,
  defaultOffer,
  discountOf,
  favoriteIds,
  imageAlt,
  offerColumns,
  productLink,
} from './cards'
import { dicts, sectionColumns } from './dicts'
import { t, volumeLabel } from './messages'

/** Sections and the product page. */

export async function catalogSection(ctx: Ctx, slug: string) {
  const [s] = await ctx.db.select(sectionColumns).from(sectionsTable).where(eq(sectionsTable.slug, slug))
  if (!s) return null
  const description = localized(s, 'description', ctx.locale)
  return {
    id: s.id,
    slug: s.slug,
    title: localizedText(s, 'title', ctx.locale),
    description: description.value,
    ...(description.ru ? { ruOnly: ['description'] } : {}),
    link: `/catalog/${s.slug}/`,
  }
}

export async function catalogSections(ctx: Ctx) {
  return (await dicts(ctx.db)).sections.map((s) => ({
    slug: s.slug,
    title: localizedText(s, 'title', ctx.locale),
    link: `/catalog/${s.slug}/`,
  }))
}

async function productRow(db: DB, productSlug: string) {
  const [row] = await db
    .select({
      id: products.id,
      slug: products.slug,
      name: products.name,
      nameEn: products.nameEn,
      description: products.description,
      descriptionEn: products.descriptionEn,
      image: products.image,
      gallery: products.gallery,
      brandId: products.brandId,
      sectionId: products.sectionId,
      totalStock: products.totalStock,
      attributes: products.attributes,
      attributesEn: products.attributesEn,
      sectionSlug: sectionsTable.slug,
    })
    .from(products)
    .innerJoin(sectionsTable, eq(sectionsTable.id, products.sectionId))
    .where(and(eq(products.slug, productSlug), eq(products.hidden, false)))
    .limit(1)
  return row
}

/** Hair types and purposes of a product, by kind. */
async function propertyLabels(ctx: Ctx, productId: number) {
  const rows = await ctx.db
    .select({ kind: productProperties.kind, label: productProperties.label, labelEn: productProperties.labelEn })
    .from(productPropertyLinks)
    .innerJoin(productProperties, eq(productProperties.id, productPropertyLinks.propertyId))
    .where(eq(productPropertyLinks.productId, productId))
    .orderBy(asc(productProperties.kind), asc(productProperties.id))
  return (kind: string) =>
    rows
      .filter((x) => x.kind === kind)
      .map((x) => localizedText(x, 'label', ctx.locale))
      .join(', ')
}

/** Related: same section, same brand first, then the section's most popular. */
async function relatedIds(db: DB, p: { id: number; sectionId: number; brandId: number }) {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.sectionId, p.sectionId), ne(products.id, p.id), eq(products.hidden, false)))
    .orderBy(desc(sql`${products.brandId} = ${p.brandId}`), desc(products.popularity), asc(products.id))
    .limit(8)
  return rows.map((x) => x.id)
}

/** The product page's data, or null when the section/product pair does not exist. */
export async function productDetail(ctx: Ctx, sectionSlug: string, productSlug: string): Promise<ProductDetail | null> {
  const db = ctx.db
  const locale = ctx.locale
  const p = await productRow(db, productSlug)
  if (!p || p.sectionSlug !== sectionSlug) return null
  const d = await dicts(db)
  const brand = d.brands.find((b) => b.id === p.brandId)
  const section = d.sections.find((s) => s.id === p.sectionId)
  if (!brand || !section) return null
  const offerRows = await db
    .select(offerColumns)
    .from(productOffers)
    .where(eq(productOffers.productId, p.id))
    .orderBy(asc(productOffers.volume), asc(productOffers.sort), asc(productOffers.id))
  const offers: Offer[] = offerRows.map((o) => ({
    id: o.id,
    volume: o.volume,
    sku: o.sku,
    price: { value: o.price, discount: discountOf(o) },
    oldPrice: o.oldPrice && o.oldPrice > o.price ? o.oldPrice : null,
    stock: o.stock,
    inStock: o.stock > 0,
  }))
  const def = defaultOffer(offerRows)
  const join = await propertyLabels(ctx, p.id)
  const description = localized(p, 'description', locale)
  const country = localized(brand, 'country', locale)
  const attributes = localized({ attributes: p.attributes, attributesEn: p.attributesEn }, 'attributes', locale)
  const properties = [
    { code: 'brand', label: t(locale, 'catalog.filter.brand'), value: brand.name },
    { code: 'country', label: t(locale, 'catalog.property.country'), value: country.value },
    {
      code: 'section',
      label: t(locale, 'catalog.property.section'),
      value: localizedText(section, 'title', locale),
    },
    { code: 'hair-type', label: t(locale, 'catalog.filter.hair-type'), value: join('hair-type') },
    { code: 'purpose', label: t(locale, 'catalog.filter.purpose'), value: join('purpose') },
    {
      code: 'volume',
      label: t(locale, 'catalog.filter.volume'),
      value: [...new Set(offers.map((o) => o.volume))].map((v) => volumeLabel(locale, v)).join(', '),
    },
    { code: 'sku', label: t(locale, 'catalog.property.sku'), value: offers.map((o) => o.sku).join(', ') },
    // Properties from 1C without a filter of their own (products.attributes), as 1C names them.
    // In English without a translation they keep 1C's Russian and carry lang="ru" on the page.
    ...attributes.value.map((a) => ({
      code: 'attribute',
      label: a.name,
      value: a.value,
      ...(attributes.ru ? { lang: 'ru' as const } : {}),
    })),
  ].filter((x) => x.value !== '')
  const owner = ownerOf(ctx)
  const image = { ...p.image, alt: imageAlt(locale, p.image.alt, p.nameEn, brand.name) }
  const gallery = p.gallery.map((g) => ({
    src: g.src,
    width: g.width,
    height: g.height,
    alt: imageAlt(locale, g.alt, p.nameEn, brand.name),
  }))
  const cheapest = cheapestOf(offerRows)
  return {
    id: p.id,
    slug: p.slug,
    name: localizedText(p, 'name', locale),
    link: productLink(section.slug, p.slug),
    brand: { slug: brand.slug, name: brand.name, country: country.value },
    section: {
      slug: section.slug,
      title: localizedText(section, 'title', locale),
      link: `/catalog/${section.slug}/`,
    },
    description: description.value,
    ...(description.ru ? { ruOnly: ['description'] } : {}),
    image: { src: image.src, width: image.width, height: image.height, alt: image.alt },
    gallery: gallery.length ? gallery : [image],
    offers,
    offerId: def?.id ?? 0,
    price: { value: cheapest?.price ?? 0, discount: cheapest ? discountOf(cheapest) : 0 },
    inStock: p.totalStock > 0,
    isFavorite: (await favoriteIds(db, owner, [p.id])).has(p.id),
    properties,
    related: await cardsFor(ctx, await relatedIds(db, p), owner),
  }
}

/** A product's volumes for the options modal opened from a card. */
export async function productOptions(
  ctx: Ctx,
  productId: number,
): Promise<{ id: number; name: string; link: string; image: ProductCard['image']; offers: Offer[]; offerId: number }> {
  const [row] = await ctx.db
    .select({ section: sectionsTable.slug, slug: products.slug })
    .from(products)
    .innerJoin(sectionsTable, eq(sectionsTable.id, products.sectionId))
    .where(eq(products.id, productId))
  if (!row) throw notFound()
  const detail = await productDetail(ctx, row.section, row.slug)
  if (!detail) throw notFound()
  return {
    id: detail.id,
    name: detail.name,
    link: detail.link,
    image: detail.image,
    offers: detail.offers,
    offerId: detail.offerId,
  }
}

export async function productExists(db: DB, productId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.hidden, false)))
  return row !== undefined
}
