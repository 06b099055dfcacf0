import { count, sql } from 'drizzle-orm'
import type { Ctx } from '../../context'
import { databaseId } from '../../../db/engine'
import { products } from '../../../db/schema'
import { contentVersion, VersionedCache } from '../../cache'
import { SORTS, type CatalogFilter, type CatalogListing, type CatalogQuery, type Filter } from '../../contracts/catalog'
import { notFound } from '../../errors'
import { cardsFor } from './cards'
import { dicts, type Dicts } from './dicts'
import { facets } from './facets'
import { ORDER, resolveFilter, where, type Resolved } from './filter'
import { anyHidden } from './hidden'
import { t } from './messages'
import { preparedQuery } from './prepared'

/**
 * The catalog listing with faceted filters. Everything is computed in SQL over indexed columns
 * (products.min_price / total_stock are denormalised from the offers): totals and facet counts
 * come from the database, never from the page in hand.
 */

export function sortOptions(ctx: Ctx) {
  return SORTS.map((value) => ({ value, label: t(ctx.locale, `catalog.sort.${value}`) }))
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
  /**
   * Skip the page of cards and the total (search by relevance pages and counts the matches
   * itself, ranked by the index: the listing's own page and total were computed and dropped).
   */
  products?: boolean
}

/**
 * Facet counts over a search's matches (ADR 043), kept per data version like every value derived
 * from the database alone (ADR 013): they are counted over every product the index matches (half
 * the catalog for "шампунь"), three passes that no index narrows, ~10× the cost of the rest of
 * a search at 100k products. Keyed by the resolved filter (with the match) and the locale (labels).
 * Catalog listings are not kept here: their counts run over covering indexes (ADR 009) and their
 * pages are shared whole (ADR 025).
 */
const searchFacets = new VersionedCache<Filter[]>(500)

function facetsOf(ctx: Ctx, d: Dicts, r: Resolved, f: CatalogFilter): Promise<Filter[]> {
  if (r.match === undefined) return facets(ctx, d, r, f)
  // f: values chosen but matching nothing are listed with a count of 0.
  const key = JSON.stringify([databaseId(ctx.db), ctx.locale, r, f])
  return searchFacets.through(contentVersion(ctx.db), key, () => facets(ctx, d, r, f))
}

/** The catalog or one section: a page of cards, the total, facet counts and sorts. */
export async function listCatalog(ctx: Ctx, query: CatalogQuery, opts: ListingOptions = {}): Promise<CatalogListing> {
  const db = ctx.db
  const d = await dicts(db)
  let sectionId: number | null = null
  if (query.section) {
    const section = d.sections.find((s) => s.slug === query.section)
    if (!section) throw notFound()
    sectionId = section.id
  }
  const f = query.filter
  const r: Resolved = { ...resolveFilter(d, sectionId, f), visibleOnly: await anyHidden(db), match: opts.match }
  const { page, pageSize } = query
  const filters = opts.facets === false ? [] : await facetsOf(ctx, d, r, f)
  if (opts.products === false)
    return {
      products: { items: [], total: 0, page, pageSize },
      filters,
      sort: query.sort,
      sorts: sortOptions(ctx),
      applied: appliedFilter(f),
    }
  const w = where(r)
  const [counted] = await preparedQuery(db, `listing.total|${w.key}`, () =>
    db.select({ n: count() }).from(products).where(w.sql()),
  ).execute(w.params)
  const total = counted?.n ?? 0
  const rows = await preparedQuery(db, `listing.ids|${query.sort}|${w.key}`, () =>
    db
      .select({ id: products.id })
      .from(products)
      .where(w.sql())
      .orderBy(...ORDER[query.sort])
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset')),
  ).execute({ ...w.params, limit: pageSize, offset: (page - 1) * pageSize })
  const ids = rows.map((x) => x.id)
  return {
    products: { items: await cardsFor(ctx, ids), total, page, pageSize },
    filters,
    sort: query.sort,
    sorts: sortOptions(ctx),
    applied: appliedFilter(f),
  }
}
