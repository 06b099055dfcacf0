import { z } from 'zod'
import { id, idOrIds } from './common'

/**
 * Catalog, search and favorites shapes (contract §3, §4). Isomorphic: the REST adapter,
 * tRPC, the OpenAPI document and the catalog page (URL state) share these schemas.
 */

export const ImageRef = z.object({
  src: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string(),
})
export type ImageRef = z.infer<typeof ImageRef>

export const Price = z.object({ value: z.number().int(), discount: z.number().int() })
export type Price = z.infer<typeof Price>

/** Contract card + extras: `offerId` (default offer: cheapest in stock, else cheapest), volumes. */
export const ProductCard = z.object({
  id: z.number().int(),
  name: z.string(),
  link: z.string(),
  image: ImageRef,
  brand: z.string(),
  /** The cheapest volume's price (the one sorting and the price filter use). */
  price: Price,
  inStock: z.boolean(),
  isFavorite: z.boolean(),
  offerId: z.number().int(),
  /** Distinct volumes (ml/g), ascending; more than one means the card opens the options modal. */
  volumes: z.array(z.number().int()),
})
export type ProductCard = z.infer<typeof ProductCard>

export const SORTS = ['popular', 'price-asc', 'price-desc', 'new'] as const
export type Sort = (typeof SORTS)[number]
export const CHECKBOX_FILTERS = ['brand', 'hair-type', 'purpose', 'volume', 'in-stock'] as const
export type CheckboxFilter = (typeof CHECKBOX_FILTERS)[number]
export const PAGE_SIZE = 24
export const MAX_PAGE_SIZE = 60
export const PRICE_STEP = 10

const SLUG = /^[a-z0-9][a-z0-9-]{0,80}$/

/** A value list from `f=a&f=b`, `f[]=a`, `f[0]=a` or `f=a,b` (the URL form the page writes). */
const list = (v: unknown): string[] => {
  const raw = Array.isArray(v)
    ? v
    : v && typeof v === 'object'
      ? Object.values(v)
      : v === undefined || v === null
        ? []
        : [v]
  return raw
    .flatMap((x) => (typeof x === 'string' || typeof x === 'number' ? String(x).split(',') : []))
    .map((x) => x.trim())
    .filter(Boolean)
    .slice(0, 50)
}
const slugs = z.unknown().transform((v) => [
  ...new Set(
    list(v)
      .map((x) => x.toLowerCase())
      .filter((x) => SLUG.test(x)),
  ),
])
const wholes = z.unknown().transform((v) => [
  ...new Set(
    list(v)
      .filter((x) => /^\d{1,7}$/.test(x))
      .map(Number),
  ),
])
/** A whole number or nothing: a bad value is dropped, never an error (URLs get hand-edited). */
const whole = z.unknown().transform((v) => {
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : ''
  return /^\d{1,9}$/.test(s) ? Number(s) : undefined
})
const flag = z.unknown().transform((v) => {
  const s = list(v)[0]?.toLowerCase()
  return s === '1' || s === 'true' || s === 'on' || s === 'y' || s === 'yes'
})

export const CatalogFilter = z
  .object({
    brand: slugs,
    'hair-type': slugs,
    purpose: slugs,
    volume: wholes,
    'in-stock': flag,
    price: z
      .unknown()
      .transform((v) => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {}))
      .pipe(z.object({ min: whole.optional(), max: whole.optional() })),
  })
  .partial()
export type CatalogFilter = z.output<typeof CatalogFilter>

const lenientPage = z.unknown().transform((v) => {
  const n = Number(typeof v === 'string' || typeof v === 'number' ? v : NaN)
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1
})

/**
 * The listing query. Lenient on purpose: a page URL with a bad value still renders (the bad part
 * is dropped); the REST listing uses the same schema.
 */
export const CatalogQuery = z.object({
  page: lenientPage
    .optional()
    .transform((v) => v ?? 1)
    .describe('Page number, a whole number from 1 (a bad value means 1)'),
  pageSize: z
    .unknown()
    .optional()
    .transform((v) => {
      const n = Number(v)
      return Number.isInteger(n) && n >= 1 && n <= MAX_PAGE_SIZE ? n : PAGE_SIZE
    })
    .describe(`Cards per page, 1..${MAX_PAGE_SIZE} (default ${PAGE_SIZE})`),
  sort: z
    .unknown()
    .optional()
    .transform((v): Sort => (SORTS.includes(v as Sort) ? (v as Sort) : 'popular'))
    .describe(`One of ${SORTS.join(', ')} (default popular)`),
  filter: z
    .unknown()
    .optional()
    .transform((v) => (v && typeof v === 'object' && !Array.isArray(v) ? v : {}))
    .pipe(CatalogFilter)
    .describe(
      'filter[brand][]=slug, filter[hair-type][]=code, filter[purpose][]=code, filter[volume][]=250, filter[in-stock]=1, filter[price][min]=500, filter[price][max]=3000 (whole numbers); repeated keys or comma lists; values of one filter are OR-ed, filters are AND-ed; malformed values are ignored',
    ),
  section: z.string().trim().max(100).optional().describe('Catalog section slug (404 when unknown)'),
})
export type CatalogQuery = z.output<typeof CatalogQuery>
export type CatalogQueryInput = z.input<typeof CatalogQuery>

export const FilterValue = z.object({ value: z.string(), label: z.string(), count: z.number().int() })
export const Filter = z.union([
  z.object({ code: z.string(), label: z.string(), kind: z.literal('checkbox'), values: z.array(FilterValue) }),
  z.object({
    code: z.string(),
    label: z.string(),
    kind: z.literal('range'),
    min: z.number().int(),
    max: z.number().int(),
    step: z.number().int(),
    /** The applied bounds, when any. */
    from: z.number().int().optional(),
    to: z.number().int().optional(),
  }),
])
export type Filter = z.infer<typeof Filter>
export type FilterValue = z.infer<typeof FilterValue>

export const ProductPage = z.object({
  items: z.array(ProductCard),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
})
export type ProductPage = z.infer<typeof ProductPage>

export const SortOption = z.object({ value: z.enum(SORTS), label: z.string() })

export const CatalogListing = z.object({
  products: ProductPage,
  filters: z.array(Filter),
  sort: z.enum(SORTS),
  sorts: z.array(SortOption),
  /** The filter state the listing applied (normalised). */
  applied: z.record(z.string(), z.unknown()),
})
export type CatalogListing = z.infer<typeof CatalogListing>

export const Offer = z.object({
  id: z.number().int(),
  volume: z.number().int(),
  sku: z.string(),
  price: Price,
  oldPrice: z.number().int().nullable(),
  stock: z.number().int(),
  inStock: z.boolean(),
})
export type Offer = z.infer<typeof Offer>

export const ProductDetail = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  link: z.string(),
  brand: z.object({ slug: z.string(), name: z.string(), country: z.string() }),
  section: z.object({ slug: z.string(), title: z.string(), link: z.string() }),
  description: z.string(),
  image: ImageRef,
  gallery: z.array(ImageRef),
  offers: z.array(Offer),
  offerId: z.number().int(),
  price: Price,
  inStock: z.boolean(),
  isFavorite: z.boolean(),
  properties: z.array(z.object({ code: z.string(), label: z.string(), value: z.string() })),
  related: z.array(ProductCard),
})
export type ProductDetail = z.infer<typeof ProductDetail>

export const ProductIdInput = z.object({ id: id() })
export const ProductOptionsInput = z.object({ id: id() })

// --- Search -------------------------------------------------------------------------------

export const SearchInput = z.object({
  s: z.string().trim().min(1).max(200),
  page: lenientPage.optional().transform((v) => v ?? 1),
})
export type SearchInput = z.input<typeof SearchInput>

export const SuggestInput = z.object({ s: z.string().max(200).optional().default('') })

export const SearchHit = z.object({
  kind: z.enum(['service', 'post', 'faq']),
  title: z.string(),
  link: z.string(),
  excerpt: z.string(),
})
export type SearchHit = z.infer<typeof SearchHit>

export const SearchResult = z.object({
  items: z.array(ProductCard),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  suggestions: z.array(z.string()),
  /** The query actually run when the typed one found nothing (layout, transliteration, typo). */
  corrected: z.string().nullable(),
  groups: z.object({ services: z.array(SearchHit), posts: z.array(SearchHit), faq: z.array(SearchHit) }),
})
export type SearchResult = z.infer<typeof SearchResult>

export const SuggestResult = z.object({
  suggestions: z.array(z.string()),
  products: z.array(ProductCard),
  corrected: z.string().nullable(),
})
export type SuggestResult = z.infer<typeof SuggestResult>

// --- Favorites ----------------------------------------------------------------------------

export const FavoritesList = z.object({ items: z.array(ProductCard) })
export type FavoritesList = z.infer<typeof FavoritesList>
export const FavoriteAddInput = z.object({ id: id() })
export const FavoriteRemoveInput = z.object({ id: idOrIds() })

// --- URL state of the catalog page --------------------------------------------------------

/**
 * The page keeps its state in flat search params the router round-trips unchanged:
 * `filter[brand]=a,b`, `filter[price][min]=100`, `sort`, `page`. The server also accepts
 * the repeated and `[]` forms.
 */
export const CatalogSearch = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
  sort: z.enum(SORTS).optional().catch(undefined),
  'filter[brand]': z.coerce.string().max(2000).optional().catch(undefined),
  'filter[hair-type]': z.coerce.string().max(2000).optional().catch(undefined),
  'filter[purpose]': z.coerce.string().max(2000).optional().catch(undefined),
  'filter[volume]': z.coerce.string().max(2000).optional().catch(undefined),
  'filter[in-stock]': z.coerce.string().max(10).optional().catch(undefined),
  'filter[price][min]': z.coerce.number().int().min(0).optional().catch(undefined),
  'filter[price][max]': z.coerce.number().int().min(0).optional().catch(undefined),
})
export type CatalogSearch = z.infer<typeof CatalogSearch>

/**
 * Filter state → the flat search params (empty parts dropped, page 1 omitted). Digit-only values
 * are numbers: the router JSON-quotes strings that parse as JSON (`"1"` would become `%221%22`).
 */
export function toCatalogSearch(state: {
  page?: number
  sort?: Sort
  filter: CatalogFilter
}): Record<keyof CatalogSearch, string | number | undefined> {
  const f = state.filter
  const join = (xs: (string | number)[] | undefined) => {
    if (!xs || xs.length === 0) return undefined
    const text = xs.join(',')
    return /^\d{1,9}$/.test(text) ? Number(text) : text
  }
  return {
    page: state.page && state.page > 1 ? state.page : undefined,
    sort: state.sort && state.sort !== 'popular' ? state.sort : undefined,
    'filter[brand]': join(f.brand),
    'filter[hair-type]': join(f['hair-type']),
    'filter[purpose]': join(f.purpose),
    'filter[volume]': join(f.volume),
    'filter[in-stock]': f['in-stock'] ? 1 : undefined,
    'filter[price][min]': f.price?.min,
    'filter[price][max]': f.price?.max,
  }
}

/** The flat search params → the listing query's filter. */
export function fromCatalogSearch(search: CatalogSearch): { page: number; sort: Sort; filter: CatalogFilter } {
  const filter = CatalogFilter.parse({
    brand: search['filter[brand]'],
    'hair-type': search['filter[hair-type]'],
    purpose: search['filter[purpose]'],
    volume: search['filter[volume]'],
    'in-stock': search['filter[in-stock]'],
    price: { min: search['filter[price][min]'], max: search['filter[price][max]'] },
  })
  return { page: search.page ?? 1, sort: search.sort ?? 'popular', filter }
}
