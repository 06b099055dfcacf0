import { and, asc, desc, eq, exists, gt, gte, inArray, lte, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { alias, QueryBuilder } from 'drizzle-orm/sqlite-core'
import { productOffers, productPropertyLinks, products } from '../../../db/schema'
import type { CatalogFilter, Sort } from '../../contracts/catalog'
import { matchedProductIds } from '../search/engine'
import type { Dicts } from './dicts'
import { placeholders } from './prepared'

/** A listing's filter resolved against the dictionaries (ids instead of slugs). */
export type Facet = 'brand' | 'hair-type' | 'purpose' | 'volume' | 'in-stock' | 'price'

export interface Resolved {
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
  /** Only products the search index matches (a search query, server/services/search). */
  match?: string
}

export function resolveFilter(d: Dicts, sectionId: number | null, f: CatalogFilter): Resolved {
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

const qb = new QueryBuilder()
const l = alias(productPropertyLinks, 'l')
const o = alias(productOffers, 'o')
const one = { x: sql`1` }

/**
 * The condition over `products` for every filter except `skip` (facet counts ignore their own),
 * with its values as placeholders: `key` is its shape (the same key renders the same SQL, for
 * preparedQuery), `params` the values, `sql()` builds the condition when a query is prepared.
 */
export interface Condition {
  key: string
  params: Record<string, unknown>
  sql: () => SQL | undefined
}

export function where(r: Resolved, skip?: Facet): Condition {
  const key: string[] = []
  const params: Record<string, unknown> = {}
  const parts: (() => SQL | undefined)[] = []
  const part = (k: string, build: () => SQL | undefined) => {
    key.push(k)
    parts.push(build)
  }
  const ph = sql.placeholder
  if (r.visibleOnly) part('v', () => eq(products.hidden, false))
  if (r.match !== undefined) {
    params.match = r.match
    part('m', () => sql`${products.id} in (${matchedProductIds(ph('match'))})`)
  }
  if (r.sectionId !== null) {
    params.section = r.sectionId
    part('s', () => eq(products.sectionId, ph('section')))
  }
  if (r.brandIds && skip !== 'brand') {
    const list = placeholders('b', r.brandIds, params)
    part(`b${list.length}`, () => inArray(products.brandId, list))
  }
  for (const [facet, name, ids] of [
    ['hair-type', 'h', r.hairIds],
    ['purpose', 'p', r.purposeIds],
  ] as const) {
    if (!ids || skip === facet) continue
    const list = placeholders(name, ids, params)
    part(`${name}${list.length}`, () =>
      exists(
        qb
          .select(one)
          .from(l)
          .where(and(eq(l.productId, products.id), inArray(l.propertyId, list))),
      ),
    )
  }
  if (r.volumes && skip !== 'volume') {
    const list = placeholders('o', r.volumes, params)
    part(`o${list.length}`, () =>
      exists(
        qb
          .select(one)
          .from(o)
          .where(and(eq(o.productId, products.id), inArray(o.volume, list))),
      ),
    )
  }
  if (r.inStock && skip !== 'in-stock') part('i', () => gt(products.totalStock, 0))
  if (skip !== 'price') {
    if (r.min !== undefined) {
      params.min = r.min
      part('lo', () => gte(products.minPrice, ph('min')))
    }
    if (r.max !== undefined) {
      params.max = r.max
      part('hi', () => lte(products.minPrice, ph('max')))
    }
  }
  return {
    key: key.join(','),
    params,
    sql: () => (parts.length ? and(...parts.map((build) => build())) : undefined),
  }
}

/**
 * When `c` is a search's match and nothing else (no filter; no hidden products to leave out): that
 * condition over another table's product id column, so that links and offers are read by the
 * matched ids without reading the products (their rows are wide: 3 to a page).
 */
export function matchedOnly(c: Condition): ((productId: SQLWrapper) => SQL) | undefined {
  if (c.key !== 'm') return undefined
  return (productId) => sql`${productId} in (${matchedProductIds(sql.placeholder('match'))})`
}

export const ORDER: Record<Sort, SQL[]> = {
  popular: [desc(products.popularity), asc(products.id)],
  'price-asc': [asc(products.minPrice), asc(products.id)],
  'price-desc': [desc(products.minPrice), asc(products.id)],
  new: [desc(products.createdAt), desc(products.id)],
}
