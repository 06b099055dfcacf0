import type Database from 'better-sqlite3'
import type { Ctx } from '../context'
import type { DB } from '../../db/client'
import type { ImageRef } from '../../db/schema'
import {
  PRICE_STEP,
  SORTS,
  type CatalogFilter,
  type CatalogListing,
  type CatalogQuery,
  type Filter,
  type FilterValue,
  type Offer,
  type ProductCard,
  type ProductDetail,
  type Sort,
} from '../contracts/catalog'
import { ownerOf, type Owner } from './owner'
import { notFound } from '../errors'
import { dataVersion } from '../cache'
import { localized, localizedText } from '../contracts/localized'

/**
 * The catalog: listings with faceted filters, product cards and product pages. Everything is
 * computed in SQL over indexed columns (products.min_price / total_stock are denormalised from
 * the offers): totals and facet counts come from the database, never from the page in hand.
 */

const en = (ctx: Ctx) => ctx.locale === 'en'

// --- Prepared statements, cached per connection ----------------------------------------

const cache = new WeakMap<Database.Database, Map<string, Database.Statement>>()
export function stmt(db: DB, sqlText: string): Database.Statement {
  let m = cache.get(db.$client)
  if (!m) cache.set(db.$client, (m = new Map<string, Database.Statement>()))
  let s = m.get(sqlText)
  if (!s) {
    s = db.$client.prepare(sqlText)
    if (m.size > 500) m.clear()
    m.set(sqlText, s)
  }
  return s
}
const all = <T>(db: DB, q: string, ...params: unknown[]) => stmt(db, q).all(...params) as T[]
const get = <T>(db: DB, q: string, ...params: unknown[]) => stmt(db, q).get(...params) as T | undefined
const marks = (n: number) => Array.from({ length: n }, () => '?').join(',')

/**
 * Whether any product is hidden (absent from 1C's last full import, products.hidden). Listings
 * and facets add `p.hidden = 0` only then, so a catalog without hidden products keeps its
 * index-only count and facet queries. The answer (a scan: `hidden` has no index) is kept until
 * another connection commits (the external part of dataVersion) or the 1C import, the only
 * writer of `hidden` in this process, calls hiddenChanged(); carts and orders do not drop it.
 */
const hiddenFlags = new WeakMap<DB['$client'], { external: string; value: boolean }>()
export function anyHidden(db: DB): boolean {
  const external = dataVersion(db).split(':').pop() ?? ''
  const hit = hiddenFlags.get(db.$client)
  if (hit && hit.external === external) return hit.value
  const value = get(db, 'select 1 as x from products where hidden = 1 limit 1') !== undefined
  hiddenFlags.set(db.$client, { external, value })
  return value
}

/** products.hidden changed on this connection (server/exchange/catalog-import.ts). */
export function hiddenChanged(db: DB) {
  hiddenFlags.delete(db.$client)
}

// --- Dictionaries (small tables) --------------------------------------------------------

interface Dicts {
  brands: { id: number; slug: string; name: string; nameRu: string; country: string; countryEn: string | null }[]
  props: { id: number; kind: 'hair-type' | 'purpose'; code: string; label: string; labelEn: string }[]
  sections: {
    id: number
    slug: string
    title: string
    titleEn: string
    description: string
    descriptionEn: string | null
  }[]
}
function dicts(db: DB): Dicts {
  return {
    brands: all(
      db,
      'select id, slug, name, name_ru as nameRu, country, country_en as countryEn from brands order by name',
    ),
    props: all(db, 'select id, kind, code, label, label_en as labelEn from product_properties order by id'),
    sections: all(
      db,
      'select id, slug, title, title_en as titleEn, description, description_en as descriptionEn from catalog_sections order by sort, id',
    ),
  }
}

/** A product picture's alt text: stored in Russian ('name — brand'); in English the English name and brand. */
function imageAlt(ctx: Ctx, alt: string, nameEn: string, brand: string): string {
  return ctx.locale === 'en' && /[А-Яа-яЁё]/.test(alt) ? `${nameEn} — ${brand}` : alt
}

export function productLink(sectionSlug: string, productSlug: string) {
  return `/catalog/${sectionSlug}/${productSlug}/`
}

// --- Cards ----------------------------------------------------------------------------

interface CardRow {
  id: number
  slug: string
  name: string
  nameEn: string
  image: string
  brand: string
  section: string
  minPrice: number
  totalStock: number
}
interface OfferRow {
  id: number
  productId: number
  volume: number
  sku: string
  price: number
  oldPrice: number | null
  stock: number
  sort: number
}

export function favoriteIds(db: DB, owner: Owner | null, productIds: number[]): Set<number> {
  if (!owner || productIds.length === 0) return new Set()
  const col = owner.kind === 'user' ? 'user_id' : 'session_id'
  const key = owner.kind === 'user' ? owner.userId : owner.sessionId
  const rows = all<{ id: number }>(
    db,
    `select product_id as id from favorites where ${col} = ? and product_id in (${marks(productIds.length)})`,
    key,
    ...productIds,
  )
  return new Set(rows.map((r) => r.id))
}

const discountOf = (o: { price: number; oldPrice: number | null }) =>
  o.oldPrice && o.oldPrice > o.price ? o.oldPrice - o.price : 0

/** Default offer (ADR 006): the cheapest in stock, else the first by sort. */
export function defaultOffer<T extends { price: number; stock: number; id: number; sort: number }>(
  offers: T[],
): T | undefined {
  const byPrice = [...offers].sort((a, b) => a.price - b.price || a.id - b.id)
  return byPrice.find((o) => o.stock > 0) ?? [...offers].sort((a, b) => a.sort - b.sort || a.id - b.id)[0]
}

/** Cards for product ids, in the order given (the listing's order). */
export function cardsFor(ctx: Ctx, ids: number[], owner: Owner | null = ownerOf(ctx)): ProductCard[] {
  if (ids.length === 0) return []
  const db = ctx.db
  const rows = all<CardRow>(
    db,
    `select p.id, p.slug, p.name, p.name_en as nameEn, p.image, b.name as brand, s.slug as section,
            p.min_price as minPrice, p.total_stock as totalStock
       from products p join brands b on b.id = p.brand_id join catalog_sections s on s.id = p.section_id
      where p.id in (${marks(ids.length)}) and p.hidden = 0`,
    ...ids,
  )
  const offers = all<OfferRow>(
    db,
    `select id, product_id as productId, volume, sku, price, old_price as oldPrice, stock, sort
       from product_offers where product_id in (${marks(ids.length)}) order by product_id, sort, id`,
    ...ids,
  )
  const byProduct = new Map<number, OfferRow[]>()
  for (const o of offers) byProduct.set(o.productId, [...(byProduct.get(o.productId) ?? []), o])
  const favs = favoriteIds(db, owner, ids)
  const byId = new Map(rows.map((r) => [r.id, r]))
  return ids.flatMap((pid) => {
    const r = byId.get(pid)
    if (!r) return []
    const list = byProduct.get(pid) ?? []
    const cheapest = [...list].sort((a, b) => a.price - b.price || a.id - b.id)[0]
    const def = defaultOffer(list)
    const image = JSON.parse(r.image) as ImageRef
    return [
      {
        id: r.id,
        name: localizedText(r, 'name', ctx.locale),
        link: productLink(r.section, r.slug),
        image: {
          src: image.src,
          width: image.width,
          height: image.height,
          alt: imageAlt(ctx, image.alt, r.nameEn, r.brand),
        },
        brand: r.brand,
        price: { value: cheapest?.price ?? r.minPrice, discount: cheapest ? discountOf(cheapest) : 0 },
        inStock: r.totalStock > 0,
        isFavorite: favs.has(r.id),
        offerId: def?.id ?? 0,
        volumes: [...new Set(list.map((o) => o.volume))].sort((a, b) => a - b),
        ...(cheapest ? { priceVolume: cheapest.volume } : {}),
      },
    ]
  })
}

// --- Listing --------------------------------------------------------------------------

type Facet = 'brand' | 'hair-type' | 'purpose' | 'volume' | 'in-stock' | 'price'

interface Resolved {
  sectionId: number | null
  brandIds: number[] | null
  hairIds: number[] | null
  purposeIds: number[] | null
  volumes: number[] | null
  inStock: boolean
  min: number | undefined
  max: number | undefined
  /** Leave hidden products out (set when any exists, see anyHidden). */
  visibleOnly?: boolean
  /** Only products the search index matches (an FTS5 query, server/services/search.ts). */
  match?: string
}

function resolveFilter(d: Dicts, sectionId: number | null, f: CatalogFilter): Resolved {
  const ids = (codes: string[] | undefined, pick: (code: string) => number | undefined) => {
    if (!codes || codes.length === 0) return null
    // An unknown slug matches nothing (the filter still applies): [-1].
    const out = codes.map(pick).filter((x): x is number => x !== undefined)
    return out.length ? out : [-1]
  }
  const propId = (kind: string) => (code: string) => d.props.find((p) => p.kind === kind && p.code === code)?.id
  let min = f.price?.min
  let max = f.price?.max
  if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min]
  return {
    sectionId,
    brandIds: ids(f.brand, (slug) => d.brands.find((b) => b.slug === slug)?.id),
    hairIds: ids(f['hair-type'], propId('hair-type')),
    purposeIds: ids(f.purpose, propId('purpose')),
    volumes: f.volume && f.volume.length ? f.volume : null,
    inStock: f['in-stock'] === true,
    min,
    max,
  }
}

/** WHERE clause over `p` (products) for every filter except `skip` (facet counts ignore their own). */
function where(r: Resolved, skip?: Facet): { sql: string; params: unknown[] } {
  const parts: string[] = []
  const params: unknown[] = []
  if (r.visibleOnly) parts.push('p.hidden = 0')
  if (r.match !== undefined) {
    parts.push('p.id in (select rowid from search_products where search_products match ?)')
    params.push(r.match)
  }
  if (r.sectionId !== null) {
    parts.push('p.section_id = ?')
    params.push(r.sectionId)
  }
  if (r.brandIds && skip !== 'brand') {
    parts.push(`p.brand_id in (${marks(r.brandIds.length)})`)
    params.push(...r.brandIds)
  }
  for (const [facet, list] of [
    ['hair-type', r.hairIds],
    ['purpose', r.purposeIds],
  ] as const) {
    if (list && skip !== facet) {
      parts.push(
        `exists (select 1 from product_property_links l where l.product_id = p.id and l.property_id in (${marks(list.length)}))`,
      )
      params.push(...list)
    }
  }
  if (r.volumes && skip !== 'volume') {
    parts.push(
      `exists (select 1 from product_offers o where o.product_id = p.id and o.volume in (${marks(r.volumes.length)}))`,
    )
    params.push(...r.volumes)
  }
  if (r.inStock && skip !== 'in-stock') parts.push('p.total_stock > 0')
  if (skip !== 'price') {
    if (r.min !== undefined) {
      parts.push('p.min_price >= ?')
      params.push(r.min)
    }
    if (r.max !== undefined) {
      parts.push('p.min_price <= ?')
      params.push(r.max)
    }
  }
  return { sql: parts.length ? 'where ' + parts.join(' and ') : '', params }
}

const ORDER: Record<Sort, string> = {
  popular: 'p.popularity desc, p.id',
  'price-asc': 'p.min_price, p.id',
  'price-desc': 'p.min_price desc, p.id',
  new: 'p.created_at desc, p.id desc',
}

export function sortOptions(ctx: Ctx) {
  const labels: Record<Sort, [string, string]> = {
    popular: ['Популярные', 'Popular'],
    'price-asc': ['Сначала дешевле', 'Price: low to high'],
    'price-desc': ['Сначала дороже', 'Price: high to low'],
    new: ['Новинки', 'New'],
  }
  return SORTS.map((value) => ({ value, label: labels[value][en(ctx) ? 1 : 0] }))
}

function facets(ctx: Ctx, d: Dicts, r: Resolved, f: CatalogFilter): Filter[] {
  const db = ctx.db
  const isEn = en(ctx)
  const checkbox = (code: string, label: string, values: FilterValue[]): Filter => ({
    code,
    label,
    kind: 'checkbox',
    values,
  })

  const wb = where(r, 'brand')
  const brandCounts = new Map(
    all<{ k: number; n: number }>(
      db,
      `select p.brand_id as k, count(*) as n from products p ${wb.sql} group by p.brand_id`,
      ...wb.params,
    ).map((x) => [x.k, x.n]),
  )
  const brandValues = d.brands
    .filter((b) => brandCounts.has(b.id) || f.brand?.includes(b.slug))
    .map((b) => ({ value: b.slug, label: b.name, count: brandCounts.get(b.id) ?? 0 }))

  const propFacet = (kind: 'hair-type' | 'purpose', selected: string[] | undefined) => {
    const ids = d.props.filter((p) => p.kind === kind)
    const w = where(r, kind)
    // Products first (narrow covering index), then their links; with no condition, links alone.
    const counts = new Map(
      all<{ k: number; n: number }>(
        db,
        w.sql
          ? `select l.property_id as k, count(*) as n from products p cross join product_property_links l on l.product_id = p.id
              ${w.sql} and l.property_id in (${marks(ids.length)}) group by l.property_id`
          : `select l.property_id as k, count(*) as n from product_property_links l where l.property_id in (${marks(ids.length)}) group by l.property_id`,
        ...w.params,
        ...ids.map((p) => p.id),
      ).map((x) => [x.k, x.n]),
    )
    return ids
      .filter((p) => counts.has(p.id) || selected?.includes(p.code))
      .map((p) => ({ value: p.code, label: localizedText(p, 'label', ctx.locale), count: counts.get(p.id) ?? 0 }))
  }

  const wv = where(r, 'volume')
  const volumeRows = all<{ k: number; n: number }>(
    db,
    wv.sql
      ? `select o.volume as k, count(distinct o.product_id) as n from products p cross join product_offers o on o.product_id = p.id ${wv.sql} group by o.volume order by o.volume`
      : 'select o.volume as k, count(distinct o.product_id) as n from product_offers o group by o.volume order by o.volume',
    ...wv.params,
  )
  const unit = isEn ? 'ml' : 'мл'
  const volumeValues = volumeRows.map((x) => ({ value: String(x.k), label: `${x.k} ${unit}`, count: x.n }))
  for (const v of f.volume ?? [])
    if (!volumeRows.some((x) => x.k === v)) volumeValues.push({ value: String(v), label: `${v} ${unit}`, count: 0 })

  const ws = where(r, 'in-stock')
  const inStockCount =
    get<{ n: number }>(
      db,
      `select count(*) as n from products p ${ws.sql ? ws.sql + ' and' : 'where'} p.total_stock > 0`,
      ...ws.params,
    )?.n ?? 0

  // The slider's bounds are the section's whole price range (issue 17: under one brand they
  // collapsed to a single price), widened to keep the chosen values within.
  const wp = where({ ...r, brandIds: null, hairIds: null, purposeIds: null, volumes: null, inStock: false }, 'price')
  const range = get<{ lo: number | null; hi: number | null }>(
    db,
    `select min(p.min_price) as lo, max(p.min_price) as hi from products p ${wp.sql}`,
    ...wp.params,
  )
  const lo = Math.floor(Math.min(range?.lo ?? 0, r.min ?? Infinity) / PRICE_STEP) * PRICE_STEP
  const hi = Math.ceil(Math.max(range?.hi ?? 0, r.max ?? 0) / PRICE_STEP) * PRICE_STEP

  return [
    {
      code: 'price',
      label: isEn ? 'Price' : 'Цена',
      kind: 'range',
      min: lo,
      max: Math.max(hi, lo + PRICE_STEP),
      step: PRICE_STEP,
      ...(r.min !== undefined ? { from: r.min } : {}),
      ...(r.max !== undefined ? { to: r.max } : {}),
    },
    checkbox('in-stock', isEn ? 'Availability' : 'Наличие', [
      { value: '1', label: isEn ? 'In stock' : 'В наличии', count: inStockCount },
    ]),
    checkbox('brand', isEn ? 'Brand' : 'Бренд', brandValues),
    checkbox('hair-type', isEn ? 'Hair type' : 'Тип волос', propFacet('hair-type', f['hair-type'])),
    checkbox('purpose', isEn ? 'Purpose' : 'Назначение', propFacet('purpose', f.purpose)),
    checkbox('volume', isEn ? 'Volume' : 'Объём', volumeValues),
  ]
}

/** Normalised filter (what the listing applied), in the query's own shape. */
export function appliedFilter(f: CatalogFilter): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const k of ['brand', 'hair-type', 'purpose', 'volume'] as const) if (f[k]?.length) out[k] = f[k]
  if (f['in-stock']) out['in-stock'] = true
  if (f.price && (f.price.min !== undefined || f.price.max !== undefined)) out.price = { ...f.price }
  return out
}

export interface ListingOptions {
  /** Skip facet counts (the "show more" fetch needs only the next page). */
  facets?: boolean
  /** Only products the search index matches (the search page's filters, issue 17). */
  match?: string
}

/** The catalog or one section: a page of cards, the total, facet counts and sorts. */
export function listCatalog(ctx: Ctx, query: CatalogQuery, opts: ListingOptions = {}): CatalogListing {
  const d = dicts(ctx.db)
  let sectionId: number | null = null
  if (query.section) {
    const section = d.sections.find((s) => s.slug === query.section)
    if (!section) throw notFound()
    sectionId = section.id
  }
  const f = query.filter
  const r: Resolved = { ...resolveFilter(d, sectionId, f), visibleOnly: anyHidden(ctx.db), match: opts.match }
  const w = where(r)
  const total = get<{ n: number }>(ctx.db, `select count(*) as n from products p ${w.sql}`, ...w.params)?.n ?? 0
  const pageSize = query.pageSize
  const page = query.page
  const ids = all<{ id: number }>(
    ctx.db,
    `select p.id from products p ${w.sql} order by ${ORDER[query.sort]} limit ? offset ?`,
    ...w.params,
    pageSize,
    (page - 1) * pageSize,
  ).map((x) => x.id)
  return {
    products: { items: cardsFor(ctx, ids), total, page, pageSize },
    filters: opts.facets === false ? [] : facets(ctx, d, r, f),
    sort: query.sort,
    sorts: sortOptions(ctx),
    applied: appliedFilter(f),
  }
}

// --- Sections and products --------------------------------------------------------------

export function catalogSection(ctx: Ctx, slug: string) {
  const s = get<{
    id: number
    slug: string
    title: string
    titleEn: string
    description: string
    descriptionEn: string | null
  }>(
    ctx.db,
    'select id, slug, title, title_en as titleEn, description, description_en as descriptionEn from catalog_sections where slug = ?',
    slug,
  )
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

export function catalogSections(ctx: Ctx) {
  return dicts(ctx.db).sections.map((s) => ({
    slug: s.slug,
    title: localizedText(s, 'title', ctx.locale),
    link: `/catalog/${s.slug}/`,
  }))
}

interface ProductRow {
  id: number
  slug: string
  name: string
  nameEn: string
  description: string
  descriptionEn: string | null
  image: string
  gallery: string
  brandId: number
  sectionId: number
  totalStock: number
  attributes: string
  attributesEn: string | null
}

/** The product page's data, or null when the section/product pair does not exist. */
export function productDetail(ctx: Ctx, sectionSlug: string, productSlug: string): ProductDetail | null {
  const db = ctx.db
  const p = get<ProductRow & { sectionSlug: string }>(
    db,
    `select p.id, p.slug, p.name, p.name_en as nameEn, p.description, p.description_en as descriptionEn, p.image,
            p.gallery, p.brand_id as brandId, p.section_id as sectionId, p.total_stock as totalStock, p.attributes,
            p.attributes_en as attributesEn, s.slug as sectionSlug
       from products p join catalog_sections s on s.id = p.section_id where p.slug = ? and p.hidden = 0`,
    productSlug,
  )
  if (!p || p.sectionSlug !== sectionSlug) return null
  const d = dicts(db)
  const isEn = en(ctx)
  const brand = d.brands.find((b) => b.id === p.brandId)
  const section = d.sections.find((s) => s.id === p.sectionId)
  if (!brand || !section) return null
  const offerRows = all<OfferRow>(
    db,
    'select id, product_id as productId, volume, sku, price, old_price as oldPrice, stock, sort from product_offers where product_id = ? order by volume, sort, id',
    p.id,
  )
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
  const propRows = all<{ kind: string; label: string; labelEn: string }>(
    db,
    `select pp.kind, pp.label, pp.label_en as labelEn from product_property_links l join product_properties pp on pp.id = l.property_id
      where l.product_id = ? order by pp.kind, pp.id`,
    p.id,
  )
  const join = (kind: string) =>
    propRows
      .filter((x) => x.kind === kind)
      .map((x) => localizedText(x, 'label', ctx.locale))
      .join(', ')
  const unit = isEn ? 'ml' : 'мл'
  const description = localized(p, 'description', ctx.locale)
  const country = localized(brand, 'country', ctx.locale)
  const attributes = localized(
    {
      attributes: JSON.parse(p.attributes) as { name: string; value: string }[],
      attributesEn: p.attributesEn === null ? null : (JSON.parse(p.attributesEn) as { name: string; value: string }[]),
    },
    'attributes',
    ctx.locale,
  )
  const properties = [
    { code: 'brand', label: isEn ? 'Brand' : 'Бренд', value: brand.name },
    { code: 'country', label: isEn ? 'Country' : 'Страна', value: country.value },
    { code: 'section', label: isEn ? 'Category' : 'Категория', value: localizedText(section, 'title', ctx.locale) },
    { code: 'hair-type', label: isEn ? 'Hair type' : 'Тип волос', value: join('hair-type') },
    { code: 'purpose', label: isEn ? 'Purpose' : 'Назначение', value: join('purpose') },
    {
      code: 'volume',
      label: isEn ? 'Volume' : 'Объём',
      value: [...new Set(offers.map((o) => o.volume))].map((v) => `${v} ${unit}`).join(', '),
    },
    { code: 'sku', label: isEn ? 'SKU' : 'Артикул', value: offers.map((o) => o.sku).join(', ') },
    // Properties from 1C without a filter of their own (products.attributes), as 1C names them.
    // In English without a translation they keep 1C's Russian and carry lang="ru" on the page.
    ...attributes.value.map((a) => ({
      code: 'attribute',
      label: a.name,
      value: a.value,
      ...(attributes.ru ? { lang: 'ru' as const } : {}),
    })),
  ].filter((x) => x.value !== '')
  // Related: same section, same brand first, then the section's most popular.
  const relatedIds = all<{ id: number }>(
    db,
    `select id from products where section_id = ? and id <> ? and hidden = 0 order by (brand_id = ?) desc, popularity desc, id limit 8`,
    p.sectionId,
    p.id,
    p.brandId,
  ).map((x) => x.id)
  const owner = ownerOf(ctx)
  const image = JSON.parse(p.image) as ImageRef
  image.alt = imageAlt(ctx, image.alt, p.nameEn, brand.name)
  const gallery = (JSON.parse(p.gallery) as ImageRef[]).map((g) => ({
    src: g.src,
    width: g.width,
    height: g.height,
    alt: imageAlt(ctx, g.alt, p.nameEn, brand.name),
  }))
  const cheapest = [...offerRows].sort((a, b) => a.price - b.price || a.id - b.id)[0]
  return {
    id: p.id,
    slug: p.slug,
    name: localizedText(p, 'name', ctx.locale),
    link: productLink(section.slug, p.slug),
    brand: { slug: brand.slug, name: brand.name, country: country.value },
    section: {
      slug: section.slug,
      title: localizedText(section, 'title', ctx.locale),
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
    isFavorite: favoriteIds(db, owner, [p.id]).has(p.id),
    properties,
    related: cardsFor(ctx, relatedIds, owner),
  }
}

/** A product's volumes for the options modal opened from a card. */
export function productOptions(
  ctx: Ctx,
  productId: number,
): { id: number; name: string; link: string; image: ProductCard['image']; offers: Offer[]; offerId: number } {
  const row = get<{ section: string; slug: string }>(
    ctx.db,
    'select s.slug as section, p.slug from products p join catalog_sections s on s.id = p.section_id where p.id = ?',
    productId,
  )
  if (!row) throw notFound()
  const detail = productDetail(ctx, row.section, row.slug)
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

export function productExists(db: DB, productId: number): boolean {
  return get(db, 'select 1 as x from products where id = ? and hidden = 0', productId) !== undefined
}
