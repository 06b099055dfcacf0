import { and, asc, desc, eq, exists, gt, gte, inArray, lte, sql, type SQL } from 'drizzle-orm'
import { alias, QueryBuilder } from 'drizzle-orm/sqlite-core'
import { productOffers, productPropertyLinks, products } from '../../../db/schema'
import type { CatalogFilter, Sort } from '../../contracts/catalog'
import { matchedProductIds } from '../search/fts'
import type { Dicts } from './dicts'

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

/** Condition over `products` for every filter except `skip` (facet counts ignore their own). */
export function where(r: Resolved, skip?: Facet): SQL | undefined {
  const parts: (SQL | undefined)[] = []
  if (r.visibleOnly) parts.push(eq(products.hidden, false))
  if (r.match !== undefined) parts.push(sql`${products.id} in (${matchedProductIds(r.match)})`)
  if (r.sectionId !== null) parts.push(eq(products.sectionId, r.sectionId))
  if (r.brandIds && skip !== 'brand') parts.push(inArray(products.brandId, r.brandIds))
  for (const [facet, list] of [
    ['hair-type', r.hairIds],
    ['purpose', r.purposeIds],
  ] as const) {
    if (list && skip !== facet)
      parts.push(
        exists(
          qb
            .select(one)
            .from(l)
            .where(and(eq(l.productId, products.id), inArray(l.propertyId, list))),
        ),
      )
  }
  if (r.volumes && skip !== 'volume')
    parts.push(
      exists(
        qb
          .select(one)
          .from(o)
          .where(and(eq(o.productId, products.id), inArray(o.volume, r.volumes))),
      ),
    )
  if (r.inStock && skip !== 'in-stock') parts.push(gt(products.totalStock, 0))
  if (skip !== 'price') {
    if (r.min !== undefined) parts.push(gte(products.minPrice, r.min))
    if (r.max !== undefined) parts.push(lte(products.minPrice, r.max))
  }
  return parts.length ? and(...parts) : undefined
}

export const ORDER: Record<Sort, SQL[]> = {
  popular: [desc(products.popularity), asc(products.id)],
  'price-asc': [asc(products.minPrice), asc(products.id)],
  'price-desc': [desc(products.minPrice), asc(products.id)],
  new: [desc(products.createdAt), desc(products.id)],
}
