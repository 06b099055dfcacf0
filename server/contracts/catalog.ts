import { z } from 'zod'
import { id, idOrIds } from './common'
import { MAX_PAGE_SIZE, PAGE_SIZE, SORTS, normaliseCatalogFilter, normalisePage, normaliseSort } from './catalog-query'

/**
 * Catalog, search and favorites shapes (contract §3, §4). Isomorphic: the REST adapter, tRPC
 * and the OpenAPI document share these schemas. The listing query's page, sort and filter rules
 * are the zod-free functions of ./catalog-query.ts, which the catalog page (URL state) runs too.
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
  /** The volume (ml) of the offer `price` is for: the card's price per 100 ml (issue 17). */
  priceVolume: z.number().int().optional().describe('Volume in ml of the offer whose price is shown'),
})
export type ProductCard = z.infer<typeof ProductCard>

export {
  SORTS,
  CHECKBOX_FILTERS,
  PAGE_SIZE,
  MAX_PAGE_SIZE,
  PRICE_STEP,
  type Sort,
  type CheckboxFilter,
  type CatalogFilter,
} from './catalog-query'

/** A page number or 1 (lenient: a bad value means 1); the rule is `normalisePage`. */
const lenientPage = z.unknown().transform(normalisePage)

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
    .transform(normaliseSort)
    .describe(`One of ${SORTS.join(', ')} (default popular)`),
  filter: z
    .unknown()
    .optional()
    .transform(normaliseCatalogFilter)
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
  properties: z.array(
    z.object({
      code: z.string(),
      label: z.string(),
      value: z.string(),
      /** 'ru' on an English page when this property has no translation (shown in Russian, marked so). */
      lang: z.literal('ru').optional(),
    }),
  ),
  related: z.array(ProductCard),
  /** Fields shown in Russian on an English page because they have no translation (issue 17). */
  ruOnly: z.array(z.string()).optional(),
})
export type ProductDetail = z.infer<typeof ProductDetail>

export const ProductIdInput = z.object({ id: id() })
export const ProductOptionsInput = z.object({ id: id() })

// --- Search -------------------------------------------------------------------------------

export const SearchInput = z.object({
  s: z.string().trim().min(1).max(200),
  page: lenientPage.optional().transform((v) => v ?? 1),
  /** Issue 17: the catalog's sort and filters on search results; without `sort`, by relevance. */
  sort: z
    .unknown()
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : normaliseSort(v)))
    .describe(`One of ${SORTS.join(', ')}; absent: by relevance`),
  filter: z
    .unknown()
    .optional()
    .transform(normaliseCatalogFilter)
    .describe('The catalog listing\'s filter (see /catalog-list/), applied to the products found'),
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
  /** Issue 17: facets over the products found (the catalog's filters), the sort applied (absent: relevance), sorts, the filter applied. */
  filters: z.array(Filter).optional(),
  sort: z.enum(SORTS).optional(),
  sorts: z.array(SortOption).optional(),
  applied: z.record(z.string(), z.unknown()).optional(),
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
