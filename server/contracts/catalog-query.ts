/**
 * The catalog listing's query rules — page, sort and filter — zod-free, so the catalog page can
 * write its URL state without pulling the validation library into its first load (ADR 011).
 * One rule, one place: the zod `CatalogQuery` of ./catalog.ts (REST, tRPC, OpenAPI, the page
 * resolver) is built on these functions. The browser only writes the URL (`toCatalogSearch`):
 * the page's hook takes what the server applied from the page's data (ADR 032).
 * Re-exported by ./catalog.ts.
 */

export const SORTS = ['popular', 'price-asc', 'price-desc', 'new'] as const
export type Sort = (typeof SORTS)[number]
export const CHECKBOX_FILTERS = ['brand', 'hair-type', 'purpose', 'volume', 'in-stock'] as const
export type CheckboxFilter = (typeof CHECKBOX_FILTERS)[number]
export const PAGE_SIZE = 24
export const MAX_PAGE_SIZE = 60
export const PRICE_STEP = 10
export const MAX_PAGE = 100_000

/** The listing's filter, normalised (what `normaliseCatalogFilter` returns). */
export interface CatalogFilter {
  brand?: string[] | undefined
  'hair-type'?: string[] | undefined
  purpose?: string[] | undefined
  volume?: number[] | undefined
  'in-stock'?: boolean | undefined
  price?: { min?: number | undefined; max?: number | undefined } | undefined
}

const SLUG = /^[a-z0-9][a-z0-9-]{0,80}$/

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v)

/** A value list from `f=a&f=b`, `f[]=a`, `f[0]=a` or `f=a,b` (the URL form the page writes). */
const list = (v: unknown): string[] => {
  const raw = Array.isArray(v) ? v : isRecord(v) ? Object.values(v) : v === undefined || v === null ? [] : [v]
  return raw
    .flatMap((x) => (typeof x === 'string' || typeof x === 'number' ? String(x).split(',') : []))
    .map((x) => x.trim())
    .filter(Boolean)
    .slice(0, 50)
}
const slugs = (v: unknown): string[] => [
  ...new Set(
    list(v)
      .map((x) => x.toLowerCase())
      .filter((x) => SLUG.test(x)),
  ),
]
const wholes = (v: unknown): number[] => [
  ...new Set(
    list(v)
      .filter((x) => /^\d{1,7}$/.test(x))
      .map(Number),
  ),
]
/** A whole number or nothing: a bad value is dropped, never an error (URLs get hand-edited). */
const whole = (v: unknown): number | undefined => {
  const s = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : ''
  return /^\d{1,9}$/.test(s) ? Number(s) : undefined
}
const flag = (v: unknown): boolean => {
  const s = list(v)[0]?.toLowerCase()
  return s === '1' || s === 'true' || s === 'on' || s === 'y' || s === 'yes'
}

/**
 * Runs `fn` on each of `keys` the source has: a missing key stays missing, a key present as
 * `undefined` stays `undefined` (the shape zod's optional object fields give).
 */
function pick(src: Record<string, unknown>, keys: readonly string[], fn: (key: string, v: unknown) => unknown) {
  const out: Record<string, unknown> = {}
  for (const k of keys) if (k in src) out[k] = src[k] === undefined ? undefined : fn(k, src[k])
  return out
}

const FILTER_KEYS = ['brand', 'hair-type', 'purpose', 'volume', 'in-stock', 'price'] as const

/**
 * The filter part of the listing query: slugs (lower-cased, de-duplicated), whole volumes, the
 * in-stock flag and a whole-number price range; malformed values are dropped, never an error.
 */
export function normaliseCatalogFilter(v: unknown): CatalogFilter {
  return pick(isRecord(v) ? v : {}, FILTER_KEYS, (k, x) => {
    if (k === 'volume') return wholes(x)
    if (k === 'in-stock') return flag(x)
    if (k === 'price') return pick(isRecord(x) ? x : {}, ['min', 'max'], (_, n) => whole(n))
    return slugs(x)
  })
}

/** A page number from 1 to `MAX_PAGE`; anything else means 1. */
export function normalisePage(v: unknown): number {
  const n = Number(typeof v === 'string' || typeof v === 'number' ? v : NaN)
  return Number.isInteger(n) && n >= 1 && n <= MAX_PAGE ? n : 1
}

/** One of `SORTS`; anything else means `popular`. */
export function normaliseSort(v: unknown): Sort {
  return SORTS.includes(v as Sort) ? (v as Sort) : 'popular'
}

// --- URL state of the catalog page --------------------------------------------------------

/**
 * The page keeps its state in flat search params the router round-trips unchanged:
 * `filter[brand]=a,b`, `filter[price][min]=100`, `sort`, `page`. The server also accepts
 * the repeated and `[]` forms.
 */
export const CATALOG_SEARCH_KEYS = [
  'page',
  'sort',
  'filter[brand]',
  'filter[hair-type]',
  'filter[purpose]',
  'filter[volume]',
  'filter[in-stock]',
  'filter[price][min]',
  'filter[price][max]',
] as const
export type CatalogSearch = Partial<Record<(typeof CATALOG_SEARCH_KEYS)[number], string | number>>

export interface CatalogState {
  page: number
  sort: Sort
  filter: CatalogFilter
}

/**
 * Filter state → the flat search params (empty parts dropped, page 1 omitted). Digit-only values
 * are numbers: the router JSON-quotes strings that parse as JSON (`"1"` would become `%221%22`).
 */
export function toCatalogSearch(state: { page?: number; sort?: Sort; filter: CatalogFilter }): CatalogSearch {
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

/** A value of the router's search params back as the URL's text (the router read `1` as 1). */
function urlText(v: unknown): string | undefined {
  if (v === undefined || typeof v === 'string') return v
  if (Array.isArray(v)) return v.map(urlText).join(',') // a repeated key
  if (typeof v === 'number' || typeof v === 'boolean' || v === null) return String(v)
  return JSON.stringify(v) // a JSON object
}

/**
 * The router's search params → the listing's page, sort and filter, by the listing query's own
 * rules (the ones the server applied when it rendered the page). Not used by the browser since
 * ADR 032; tests/unit/catalog-query.test.ts checks it against the server's reading.
 */
export function fromCatalogSearch(search: Record<string, unknown>): CatalogState {
  const text = (key: (typeof CATALOG_SEARCH_KEYS)[number]) => urlText(search[key])
  const filter = normaliseCatalogFilter({
    brand: text('filter[brand]'),
    'hair-type': text('filter[hair-type]'),
    purpose: text('filter[purpose]'),
    volume: text('filter[volume]'),
    'in-stock': text('filter[in-stock]'),
    price: { min: text('filter[price][min]'), max: text('filter[price][max]') },
  })
  return { page: normalisePage(search.page), sort: normaliseSort(search.sort), filter }
}
