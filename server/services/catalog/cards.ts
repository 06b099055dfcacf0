import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Ctx } from '../../context'
import type { DB } from '../../../db/client'
import { brands, catalogSections, favorites, productOffers, products } from '../../../db/schema'
import type { Locale } from '../../contracts/i18n'
import type { ProductCard } from '../../contracts/catalog'
import { localizedText } from '../../contracts/localized'
import { ownerOf, type Owner } from '../owner'
import { placeholders, preparedQuery } from './prepared'

const CYRILLIC = /[А-Яа-яЁё]/

/** A product picture's alt text: stored in Russian ('name — brand'); in English the English name and brand. */
export function imageAlt(locale: Locale, alt: string, nameEn: string, brand: string): string {
  return localizedText({ alt, altEn: CYRILLIC.test(alt) ? `${nameEn} — ${brand}` : null }, 'alt', locale)
}

export function productLink(sectionSlug: string, productSlug: string) {
  return `/catalog/${sectionSlug}/${productSlug}/`
}

export const offerColumns = {
  id: productOffers.id,
  productId: productOffers.productId,
  volume: productOffers.volume,
  sku: productOffers.sku,
  price: productOffers.price,
  oldPrice: productOffers.oldPrice,
  stock: productOffers.stock,
  sort: productOffers.sort,
}
export interface OfferRow {
  id: number
  productId: number
  volume: number
  sku: string
  price: number
  oldPrice: number | null
  stock: number
  sort: number
}

export async function favoriteIds(db: DB, owner: Owner | null, productIds: number[]): Promise<Set<number>> {
  if (!owner || productIds.length === 0) return new Set()
  const params: Record<string, unknown> = { owner: owner.kind === 'user' ? owner.userId : owner.sessionId }
  const ids = placeholders('p', productIds, params)
  const rows = await preparedQuery(db, `cards.favorites|${owner.kind}|${ids.length}`, () =>
    db
      .select({ id: favorites.productId })
      .from(favorites)
      .where(
        and(
          owner.kind === 'user'
            ? eq(favorites.userId, sql.placeholder('owner'))
            : eq(favorites.sessionId, sql.placeholder('owner')),
          inArray(favorites.productId, ids),
        ),
      ),
  ).execute(params)
  return new Set(rows.map((r) => r.id))
}

export const discountOf = (o: { price: number; oldPrice: number | null }) =>
  o.oldPrice && o.oldPrice > o.price ? o.oldPrice - o.price : 0

/** The cheapest offer (ties: the lower id). */
export const cheapestOf = <T extends { price: number; id: number }>(offers: T[]): T | undefined =>
  [...offers].sort((a, b) => a.price - b.price || a.id - b.id)[0]

/** Default offer (ADR 006): the cheapest in stock, else the first by sort. */
export function defaultOffer<T extends { price: number; stock: number; id: number; sort: number }>(
  offers: T[],
): T | undefined {
  const byPrice = [...offers].sort((a, b) => a.price - b.price || a.id - b.id)
  return byPrice.find((o) => o.stock > 0) ?? [...offers].sort((a, b) => a.sort - b.sort || a.id - b.id)[0]
}

/** Cards for product ids, in the order given (the listing's order). */
export async function cardsFor(ctx: Ctx, ids: number[], owner: Owner | null = ownerOf(ctx)): Promise<ProductCard[]> {
  if (ids.length === 0) return []
  const db = ctx.db
  const params: Record<string, unknown> = {}
  const list = placeholders('p', ids, params)
  const rows = await preparedQuery(db, `cards.products|${ids.length}`, () =>
    db
      .select({
        id: products.id,
        slug: products.slug,
        name: products.name,
        nameEn: products.nameEn,
        image: products.image,
        brand: brands.name,
        section: catalogSections.slug,
        minPrice: products.minPrice,
        totalStock: products.totalStock,
      })
      .from(products)
      .innerJoin(brands, eq(brands.id, products.brandId))
      .innerJoin(catalogSections, eq(catalogSections.id, products.sectionId))
      .where(and(inArray(products.id, list), eq(products.hidden, false))),
  ).execute(params)
  const offers: OfferRow[] = await preparedQuery(db, `cards.offers|${ids.length}`, () =>
    db
      .select(offerColumns)
      .from(productOffers)
      .where(inArray(productOffers.productId, list))
      .orderBy(asc(productOffers.productId), asc(productOffers.sort), asc(productOffers.id)),
  ).execute(params)
  const byProduct = new Map<number, OfferRow[]>()
  for (const o of offers) byProduct.set(o.productId, [...(byProduct.get(o.productId) ?? []), o])
  const favs = await favoriteIds(db, owner, ids)
  const byId = new Map(rows.map((r) => [r.id, r]))
  return ids.flatMap((pid) => {
    const r = byId.get(pid)
    if (!r) return []
    const list = byProduct.get(pid) ?? []
    const cheapest = cheapestOf(list)
    const def = defaultOffer(list)
    const image = r.image
    return [
      {
        id: r.id,
        name: localizedText(r, 'name', ctx.locale),
        link: productLink(r.section, r.slug),
        image: {
          src: image.src,
          width: image.width,
          height: image.height,
          alt: imageAlt(ctx.locale, image.alt, r.nameEn, r.brand),
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
