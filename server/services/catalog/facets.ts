import { and, asc, count, countDistinct, eq, gt, inArray, max, min, sql, type SQL } from 'drizzle-orm'
import type { Ctx } from '../../context'
import { productOffers, productPropertyLinks, products } from '../../../db/schema'
import { PRICE_STEP, type CatalogFilter, type Filter, type FilterValue } from '../../contracts/catalog'
import { localizedText } from '../../contracts/localized'
import type { Dicts } from './dicts'
import { matchedOnly, where, type Resolved } from './filter'
import { t, volumeLabel } from './messages'
import { placeholders, preparedQuery } from './prepared'

const checkbox = (code: string, label: string, values: FilterValue[]): Filter => ({
  code,
  label,
  kind: 'checkbox',
  values,
})

/** Facet counts over the listing's products (each facet ignoring its own choice) and the price range. */
export async function facets(ctx: Ctx, d: Dicts, r: Resolved, f: CatalogFilter): Promise<Filter[]> {
  const db = ctx.db
  const label = (key: string) => t(ctx.locale, key)

  // Brand counts, the in-stock count and the price range: one pass over the products when the
  // three conditions are the same (nothing chosen among brands, stock, price and, for the range,
  // the other facets: an unfiltered section or search), else one statement each.
  const wb = where(r, 'brand')
  const ws = where(r, 'in-stock')
  // The slider's bounds are the section's whole price range (issue 17: under one brand they
  // collapsed to a single price), widened to keep the chosen values within.
  const wp = where({ ...r, brandIds: null, hairIds: null, purposeIds: null, volumes: null, inStock: false }, 'price')
  // Not with no condition at all (the whole catalog): brand counts then read a one-column index,
  // the range two index ends, and one pass over the listing index would be slower than the three.
  const together = wb.key !== '' && wb.key === ws.key && wb.key === wp.key
  const brandRows = await preparedQuery(db, `facet.brand|${together ? 'all|' : ''}${wb.key}`, () =>
    db
      .select({
        k: products.brandId,
        n: count(),
        ...(together
          ? {
              inStock: sql<number>`sum(case when ${products.totalStock} > 0 then 1 else 0 end)`,
              lo: min(products.minPrice),
              hi: max(products.minPrice),
            }
          : {}),
      })
      .from(products)
      .where(wb.sql())
      .groupBy(products.brandId),
  ).execute(wb.params)
  const brandCounts = new Map(brandRows.map((x) => [x.k, x.n]))
  const brandValues = d.brands
    .filter((b) => brandCounts.has(b.id) || f.brand?.includes(b.slug))
    .map((b) => ({ value: b.slug, label: b.name, count: brandCounts.get(b.id) ?? 0 }))

  type PropKind = 'hair-type' | 'purpose'
  /** Counts per property id of these kinds, over the products of the first kind's condition. */
  const propCounts = async (kinds: PropKind[]) => {
    const ids = d.props.filter((p) => (kinds as string[]).includes(p.kind))
    const w = where(r, kinds[0])
    const links = productPropertyLinks
    // The kinds' property ids are values too: hair types and purposes share one statement (two
    // statements of the same SQL, one per kind, made a search ~15% slower at 10k products).
    const params: Record<string, unknown> = { ...w.params }
    const kindIds = placeholders(
      'k',
      ids.map((p) => p.id),
      params,
    )
    const ofKind = () => inArray(links.propertyId, kindIds)
    // Read through a product's own links (+: SQLite otherwise probes (property, product) once per
    // property id for every product, 7 or 14 probes instead of one: 2.5× slower over 51k products).
    const ofKindByProduct = () => inArray(sql`+${links.propertyId}`, kindIds)
    // Products first (narrow covering index), then their links; with no condition, links alone;
    // with a search's match alone, the links of the matched ids (no product rows read).
    const rows = await preparedQuery(db, `facet.props|${ids.length}|${w.key}`, () => {
      const cond = w.sql()
      const byLinks = (c: SQL | undefined) =>
        db.select({ k: links.propertyId, n: count() }).from(links).where(c).groupBy(links.propertyId)
      const matched = matchedOnly(w)
      if (!cond) return byLinks(ofKind())
      if (matched) return byLinks(and(matched(links.productId), ofKindByProduct()))
      return db
        .select({ k: links.propertyId, n: count() })
        .from(products)
        .crossJoin(links)
        .where(and(cond, eq(links.productId, products.id), ofKindByProduct()))
        .groupBy(links.propertyId)
    }).execute(params)
    return new Map(rows.map((x) => [x.k, x.n]))
  }
  const propFacet = (kind: PropKind, counts: Map<number, number>, selected: string[] | undefined) =>
    d.props
      .filter((p) => p.kind === kind)
      .filter((p) => counts.has(p.id) || selected?.includes(p.code))
      .map((p) => ({ value: p.code, label: localizedText(p, 'label', ctx.locale), count: counts.get(p.id) ?? 0 }))

  const wv = where(r, 'volume')
  const offers = productOffers
  const volumeCount = { k: offers.volume, n: countDistinct(offers.productId) }
  const volumeRows = await preparedQuery(db, `facet.volume|${wv.key}`, () => {
    const cond = wv.sql()
    const matched = matchedOnly(wv)
    return (
      matched
        ? db.select(volumeCount).from(offers).where(matched(offers.productId))
        : cond
          ? db
              .select(volumeCount)
              .from(products)
              .crossJoin(offers)
              .where(and(cond, eq(offers.productId, products.id)))
          : db.select(volumeCount).from(offers)
    )
      .groupBy(offers.volume)
      .orderBy(asc(offers.volume))
  }).execute(wv.params)
  const volumeValues = volumeRows.map((x) => ({ value: String(x.k), label: volumeLabel(ctx.locale, x.k), count: x.n }))
  for (const v of f.volume ?? [])
    if (!volumeRows.some((x) => x.k === v))
      volumeValues.push({ value: String(v), label: volumeLabel(ctx.locale, v), count: 0 })

  const inStockCount = together
    ? brandRows.reduce((n, x) => n + Number(x.inStock ?? 0), 0)
    : ((
        await preparedQuery(db, `facet.in-stock|${ws.key}`, () =>
          db
            .select({ n: count() })
            .from(products)
            .where(and(ws.sql(), gt(products.totalStock, 0))),
        ).execute(ws.params)
      )[0]?.n ?? 0)

  const range = together
    ? {
        lo: brandRows.length ? Math.min(...brandRows.map((x) => x.lo ?? 0)) : null,
        hi: brandRows.length ? Math.max(...brandRows.map((x) => x.hi ?? 0)) : null,
      }
    : (
        await preparedQuery(db, `facet.price|${wp.key}`, () =>
          db
            .select({ lo: min(products.minPrice), hi: max(products.minPrice) })
            .from(products)
            .where(wp.sql()),
        ).execute(wp.params)
      )[0]
  const lo = Math.floor(Math.min(range?.lo ?? 0, r.min ?? Infinity) / PRICE_STEP) * PRICE_STEP
  const hi = Math.ceil(Math.max(range?.hi ?? 0, r.max ?? 0) / PRICE_STEP) * PRICE_STEP

  // Hair types and purposes in one pass when neither is chosen (their conditions are the same).
  const propsTogether = where(r, 'hair-type').key === where(r, 'purpose').key
  const hairCounts = await propCounts(propsTogether ? ['hair-type', 'purpose'] : ['hair-type'])
  const purposeCounts = propsTogether ? hairCounts : await propCounts(['purpose'])
  const hairTypes = propFacet('hair-type', hairCounts, f['hair-type'])
  const purposes = propFacet('purpose', purposeCounts, f.purpose)
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
    checkbox('hair-type', label('catalog.filter.hair-type'), hairTypes),
    checkbox('purpose', label('catalog.filter.purpose'), purposes),
    checkbox('volume', label('catalog.filter.volume'), volumeValues),
  ]
}
