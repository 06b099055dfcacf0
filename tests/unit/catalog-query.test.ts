import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { defaultParseSearch, defaultStringifySearch } from '@tanstack/react-router'
import { CatalogQuery, SearchInput } from '../../server/contracts/catalog'
import {
  CATALOG_SEARCH_KEYS,
  SORTS,
  fromCatalogSearch,
  normaliseCatalogFilter,
  normalisePage,
  normaliseSort,
  toCatalogSearch,
  type CatalogFilter,
  type CatalogState,
} from '../../server/contracts/catalog-query'
import { parseEntityQuery } from '../../server/services/entity'
import { appliedFilter } from '../../server/services/catalog/listing'

/**
 * One rule, one place: the catalog page reads its URL with the zod-free rules of
 * catalog-query.ts (no zod in its first load), the server validates the listing query with the
 * zod `CatalogQuery`. These properties hold the two together.
 */

/** Hand-edited values: the page's own forms, near misses and junk. */
const token = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'a',
    'A',
    'l-oreal',
    'x_y',
    '-a',
    'шампунь',
    '1',
    '0',
    '007',
    '-5',
    '250',
    '12.5',
    ' 12 ',
    '0x10',
    '1234567890',
    '9999999',
    '100000',
    '100001',
    'true',
    'false',
    'yes',
    'on',
    'Y',
    'null',
    'popular',
    'price-asc',
    'price-desc',
    'new',
  ),
  fc.string({ maxLength: 8 }),
  fc.nat().map(String),
)
const tokens = fc.oneof(
  token,
  fc.array(token, { maxLength: 4 }).map((xs) => xs.join(',')),
)
/** Any value a parsed query or a JSON body can hold. */
const leaf: fc.Arbitrary<unknown> = fc.oneof(
  tokens,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.array(tokens, { maxLength: 3 }),
  fc.dictionary(fc.constantFrom('0', '1', 'x', 'min'), tokens, { maxKeys: 3 }),
)
const filterInput = fc.oneof(
  leaf,
  fc.anything(),
  fc.record(
    {
      brand: leaf,
      'hair-type': leaf,
      purpose: leaf,
      volume: leaf,
      'in-stock': leaf,
      price: fc.oneof(leaf, fc.record({ min: leaf, max: leaf }, { requiredKeys: [] })),
      other: leaf,
    },
    { requiredKeys: [] },
  ),
)

/** What a filter means to the listing (the shape of `appliedFilter`): empty parts dropped. */
function meaning(f: CatalogFilter) {
  const out: Record<string, unknown> = {}
  for (const k of ['brand', 'hair-type', 'purpose', 'volume'] as const) if (f[k]?.length) out[k] = f[k]
  if (f['in-stock']) out['in-stock'] = true
  if (f.price?.min !== undefined) out.min = f.price.min
  if (f.price?.max !== undefined) out.max = f.price.max
  return out
}

/** How the page resolver reads a catalog section URL (server/services/entities/catalog.ts). */
function serverReads(searchStr: string) {
  const q = CatalogQuery.parse({ ...parseEntityQuery(searchStr, '/catalog/x/'), section: 'x', pageSize: undefined })
  return { page: q.page, sort: q.sort, filter: meaning(q.filter) }
}
/** How the page's hook reads it (the router's own search parsing, then `fromCatalogSearch`). */
function browserReads(searchStr: string) {
  const s = fromCatalogSearch(defaultParseSearch(searchStr))
  return { page: s.page, sort: s.sort, filter: meaning(s.filter) }
}

describe('the listing query: zod schema and zod-free rules', () => {
  it('CatalogQuery gives what the zod-free rules give, on any input', () => {
    fc.assert(
      fc.property(
        fc.record(
          { page: leaf, sort: fc.oneof(leaf, fc.constantFrom(...SORTS)), filter: filterInput },
          { requiredKeys: [] },
        ),
        (q) => {
          const parsed = CatalogQuery.parse(q)
          expect(parsed.page).toBe(normalisePage(q.page))
          expect(parsed.sort).toBe(normaliseSort(q.sort))
          expect(parsed.filter).toStrictEqual(normaliseCatalogFilter(q.filter))
        },
      ),
      { numRuns: 3000 },
    )
  })

  it('search pages use the same page rule', () => {
    fc.assert(
      fc.property(leaf, (page) => {
        expect(SearchInput.parse({ s: 'x', page }).page).toBe(normalisePage(page))
      }),
      { numRuns: 1000 },
    )
  })

  it('drops what is malformed', () => {
    expect(
      normaliseCatalogFilter({
        brand: 'Kerastase,l-oreal,KERASTASE,bad slug,',
        volume: ['250', '250', '1.5', '-1', 12345678],
        'in-stock': 'Yes',
        price: { min: ' 500 ', max: '1e3' },
      }),
    ).toStrictEqual({
      brand: ['kerastase', 'l-oreal'],
      volume: [250],
      'in-stock': true,
      price: { min: 500, max: undefined },
    })
    expect(normaliseCatalogFilter('brand=a')).toStrictEqual({})
    expect(normalisePage('0')).toBe(1)
    expect(normalisePage('100000')).toBe(100_000)
    expect(normalisePage('100001')).toBe(1)
    expect(normaliseSort('PRICE-ASC')).toBe('popular')
  })
})

describe('the catalog page reads its URL as the server does', () => {
  const slug = fc.constantFrom('kerastase', 'l-oreal', 'matrix', 'dry', 'colored', 'repair', 'x1')
  const state: fc.Arbitrary<CatalogState> = fc.record({
    page: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 100_000 })),
    sort: fc.constantFrom(...SORTS),
    filter: fc.record(
      {
        brand: fc.uniqueArray(slug, { maxLength: 3 }),
        'hair-type': fc.uniqueArray(slug, { maxLength: 2 }),
        purpose: fc.uniqueArray(slug, { maxLength: 2 }),
        volume: fc.uniqueArray(fc.integer({ min: 0, max: 9_999_999 }), { maxLength: 3 }),
        'in-stock': fc.boolean(),
        price: fc.record(
          { min: fc.nat({ max: 999_999_999 }), max: fc.nat({ max: 999_999_999 }) },
          { requiredKeys: [] },
        ),
      },
      { requiredKeys: [] },
    ),
  })

  it('every URL the page writes comes back as the same state, in the browser and on the server', () => {
    fc.assert(
      fc.property(state, (s) => {
        const url = defaultStringifySearch(toCatalogSearch(s))
        const expected = { page: s.page, sort: s.sort, filter: meaning(s.filter) }
        expect(browserReads(url)).toStrictEqual(expected)
        expect(serverReads(url)).toStrictEqual(expected)
      }),
      { numRuns: 2000 },
    )
  })

  // The router JSON-parses a lone value (`"a"` → a, `12.0` → 12, `[5]` → [5]); the server reads
  // the text. The page never writes such values; hand-edited ones are left out here.
  const routerKeepsText = (v: string) =>
    String((defaultParseSearch('?v=' + encodeURIComponent(v)) as Record<string, unknown>).v) === v

  it('hand-edited URLs in the page’s form mean the same in the browser and on the server', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...CATALOG_SEARCH_KEYS, 'other'), tokens.filter(routerKeepsText)), {
          maxLength: 8,
        }),
        (pairs) => {
          const url = '?' + new URLSearchParams(pairs).toString()
          expect(browserReads(url)).toStrictEqual(serverReads(url))
        },
      ),
      { numRuns: 3000 },
    )
  })

  // The page's hook takes its state from the page's data (`products.page`, `sort`, `applied`: ADR
  // 032): every URL it writes from that state is the one it wrote from its own reading of the URL.
  it('the state the page takes from what the server applied writes the same URLs', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...CATALOG_SEARCH_KEYS, 'other'), tokens.filter(routerKeepsText)), {
          maxLength: 8,
        }),
        fc.constantFrom(undefined, 2),
        (pairs, page) => {
          const url = '?' + new URLSearchParams(pairs).toString()
          const q = CatalogQuery.parse({ ...parseEntityQuery(url, '/catalog/x/'), section: 'x', pageSize: undefined })
          const fromData = { page: q.page, sort: q.sort, filter: appliedFilter(q.filter) }
          const fromUrl = fromCatalogSearch(defaultParseSearch(url))
          for (const next of [(s: CatalogState) => s, (s: CatalogState) => ({ ...s, page: page ?? s.page })])
            expect(toCatalogSearch(next(fromData))).toStrictEqual(toCatalogSearch(next(fromUrl)))
        },
      ),
      { numRuns: 3000 },
    )
  })
})
