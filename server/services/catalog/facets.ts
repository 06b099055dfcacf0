import { and, asc, count, countDistinct, eq, gt, inArray, max, min } from 'drizzle-orm'
import type { Ctx } from '../../context'
import { productOffers, productPropertyLinks, products } from '../../../db/schema'
import { PRICE_STEP, type CatalogFilter, type Filter, type FilterValue } from '../../contracts/catalog'
import { localizedText } from '../../contracts/localized'
import type { Dicts } from './dicts'
import { where, type Resolved } from './filter'
import { t, volumeLabel } from './messages'

const checkbox = (code: string, label: string, values: FilterValue[]): Filter => ({
  code,
  label,
  kind: 'checkbox',
  values,
})

/** Facet counts over the listing's products (each facet ignoring its own choice) and the price range. */
export function facets(ctx: Ctx, d: Dicts, r: Resolved, f: CatalogFilter): Filter[] {
  const db = ctx.db
  const label = (key: string) => t(ctx.locale, key)

  const brandCounts = new Map(
    db
      .select({ k: products.brandId, n: count() })
      .from(products)
      .where(where(r, 'brand'))
      .groupBy(products.brandId)
      .all()
      .map((x) => [x.k, x.n]),
  )
  const brandValues = d.brands
    .filter((b) => brandCounts.has(b.id) || f.brand?.includes(b.slug))
    .map((b) => ({ value: b.slug, label: b.name, count: brandCounts.get(b.id) ?? 0 }))

  const propFacet = (kind: 'hair-type' | 'purpose', selected: string[] | undefined) => {
    const ids = d.props.filter((p) => p.kind === kind)
    const w = where(r, kind)
    const links = productPropertyLinks
    const ofKind = inArray(
      links.propertyId,
      ids.map((p) => p.id),
    )
    // Products first (narrow covering index), then their links; with no condition, links alone.
    const rows = w
      ? db
          .select({ k: links.propertyId, n: count() })
          .from(products)
          .crossJoin(links)
          .where(and(w, eq(links.productId, products.id), ofKind))
          .groupBy(links.propertyId)
          .all()
      : db.select({ k: links.propertyId, n: count() }).from(links).where(ofKind).groupBy(links.propertyId).all()
    const counts = new Map(rows.map((x) => [x.k, x.n]))
    return ids
      .filter((p) => counts.has(p.id) || selected?.includes(p.code))
      .map((p) => ({ value: p.code, label: localizedText(p, 'label', ctx.locale), count: counts.get(p.id) ?? 0 }))
  }

  const wv = where(r, 'volume')
  const offers = productOffers
  const volumeCount = { k: offers.volume, n: countDistinct(offers.productId) }
  const volumeRows = (
    wv
      ? db
          .select(volumeCount)
          .from(products)
          .crossJoin(offers)
          .where(and(wv, eq(offers.productId, products.id)))
      : db.select(volumeCount).from(offers)
  )
    .groupBy(offers.volume)
    .orderBy(asc(offers.volume))
    .all()
  const volumeValues = volumeRows.map((x) => ({ value: String(x.k), label: volumeLabel(ctx.locale, x.k), count: x.n }))
  for (const v of f.volume ?? [])
    if (!volumeRows.some((x) => x.k === v))
      volumeValues.push({ value: String(v), label: volumeLabel(ctx.locale, v), count: 0 })

  const inStockCount =
    db
      .select({ n: count() })
      .from(products)
      .where(and(where(r, 'in-stock'), gt(products.totalStock, 0)))
      .get()?.n ?? 0

  // The slider's bounds are the section's whole price range (issue 17: under one brand they
  // collapsed to a single price), widened to keep the chosen values within.
  const wp = where({ ...r, brandIds: null, hairIds: null, purposeIds: null, volumes: null, inStock: false }, 'price')
  const range = db
    .select({ lo: min(products.minPrice), hi: max(products.minPrice) })
    .from(products)
    .where(wp)
    .get()
  const lo = Math.floor(Math.min(range?.lo ?? 0, r.min ?? Infinity) / PRICE_STEP) * PRICE_STEP
  const hi = Math.ceil(Math.max(range?.hi ?? 0, r.max ?? 0) / PRICE_STEP) * PRICE_STEP

  return [
    {
      code: 'price',
      label: label('catalog.filter.price'),
      kind: 'range',
      min: lo,
      max: Math.max(hi, lo + PRICE_STEP),
      step: PRICE_STEP,
      ...(r.min !== undefined ? { from: r.min } : {}),
      ...(r.max !== undefined ? { to: r.max } : {}),
    },
    checkbox('in-stock', label('catalog.filter.in-stock'), [
      { value: '1', label: label('catalog.filter.in-stock.yes'), count: inStockCount },
    ]),
    checkbox('brand', label('catalog.filter.brand'), brandValues),
    checkbox('hair-type', label('catalog.filter.hair-type'), propFacet('hair-type', f['hair-type'])),
    checkbox('purpose', label('catalog.filter.purpose'), propFacet('purpose', f.purpose)),
    checkbox('volume', label('catalog.filter.volume'), volumeValues),
  ]
}
