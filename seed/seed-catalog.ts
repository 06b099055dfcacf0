/** Catalog sections, brands, properties, products and their offers (upserted by slug / sku). */
import { sql, eq } from 'drizzle-orm'
import type { DB } from '../db/client'
import { execute } from '../db/engine'
import * as s from '../db/schema'
import { HAIR_TYPES, PURPOSES, sections, brands, products } from './data/catalog'

/** Offer ids live above this, disjoint from product ids (see db/schema/catalog.ts). */
export const OFFER_ID_BASE = 1_000_000

const IMAGE_SIZES: Record<string, [number, number]> = {
  products: [800, 800],
  blog: [1200, 630],
  services: [800, 600],
}

export function imageRef(src: string, alt: string): s.ImageRef {
  const folder = src.split('/')[2] ?? ''
  const [width, height] = IMAGE_SIZES[folder] ?? [800, 800]
  return { src, width, height, alt }
}

export async function seedCatalog(tx: DB): Promise<void> {
  for (const sec of sections) {
    const row = {
      slug: sec.slug,
      title: sec.title,
      titleEn: sec.titleEn,
      description: sec.description,
      descriptionEn: sec.descriptionEn,
      sort: sec.sort,
    }
    await tx.insert(s.catalogSections).values(row).onConflictDoUpdate({ target: s.catalogSections.slug, set: row })
  }
  for (const b of brands) await tx.insert(s.brands).values(b).onConflictDoUpdate({ target: s.brands.slug, set: b })
  const props = [
    ...HAIR_TYPES.map((p) => ({ kind: 'hair-type' as const, ...p })),
    ...PURPOSES.map((p) => ({ kind: 'purpose' as const, ...p })),
  ]
  for (const p of props) {
    await tx
      .insert(s.productProperties)
      .values(p)
      .onConflictDoUpdate({
        target: [s.productProperties.kind, s.productProperties.code],
        set: { label: p.label, labelEn: p.labelEn },
      })
  }
  const sectionIds = new Map(
    (await tx.select({ id: s.catalogSections.id, slug: s.catalogSections.slug }).from(s.catalogSections)).map((r) => [
      r.slug,
      r.id,
    ]),
  )
  const brandIds = new Map(
    (await tx.select({ id: s.brands.id, slug: s.brands.slug }).from(s.brands)).map((r) => [r.slug, r.id]),
  )
  const propIds = new Map((await tx.select().from(s.productProperties)).map((r) => [`${r.kind}:${r.code}`, r.id]))
  const brandName = new Map(brands.map((b) => [b.slug, b.name]))

  const [top] = await tx.select({ m: sql<number>`coalesce(max(${s.productOffers.id}), 0)` }).from(s.productOffers)
  let nextOfferId = Math.max(OFFER_ID_BASE, top?.m ?? 0) + 1
  for (const p of products) {
    const sectionId = sectionIds.get(p.sectionSlug)
    const brandId = brandIds.get(p.brandSlug)
    if (!sectionId || !brandId) throw new Error(`Product ${p.slug}: unknown section or brand`)
    const alt = `${p.name}${brandName.get(p.brandSlug) ? ` — ${brandName.get(p.brandSlug)}` : ''}`
    const row = {
      slug: p.slug,
      sectionId,
      brandId,
      name: p.name,
      nameEn: p.nameEn,
      description: p.description,
      descriptionEn: p.descriptionEn,
      image: imageRef(p.image, alt),
      gallery: p.gallery.map((g) => imageRef(g, alt)),
      popularity: p.popularity,
      createdAt: Date.parse(p.createdAt),
    }
    const [saved] = await tx
      .insert(s.products)
      .values(row)
      .onConflictDoUpdate({ target: s.products.slug, set: row })
      .returning({ id: s.products.id })
    const productId = saved!.id
    for (const [index, o] of p.options.entries()) {
      const [existing] = await tx
        .select({ id: s.productOffers.id })
        .from(s.productOffers)
        .where(eq(s.productOffers.sku, o.sku))
      const values = { productId, sku: o.sku, volume: o.volume, price: o.price, oldPrice: o.oldPrice, sort: index }
      if (existing) await tx.update(s.productOffers).set(values).where(eq(s.productOffers.id, existing.id))
      else await tx.insert(s.productOffers).values({ ...values, id: nextOfferId++, stock: o.stock })
    }
    const wanted = [
      ...p.hairTypes.map((c) => propIds.get(`hair-type:${c}`)),
      ...p.purposes.map((c) => propIds.get(`purpose:${c}`)),
    ].filter((x): x is number => x !== undefined)
    for (const propertyId of wanted)
      await tx.insert(s.productPropertyLinks).values({ productId, propertyId }).onConflictDoNothing()
    if (wanted.length) {
      await tx.delete(s.productPropertyLinks).where(
        sql`${s.productPropertyLinks.productId} = ${productId} and ${s.productPropertyLinks.propertyId} not in (${sql.join(
          wanted.map((w) => sql`${w}`),
          sql`, `,
        )})`,
      )
    }
  }
  await refreshProductAggregates(tx)
}

/** Keeps products.min_price / total_stock in step with their offers (sorting and filters use them). */
export async function refreshProductAggregates(db: DB): Promise<void> {
  await execute(
    db,
    sql`update products set
    min_price = coalesce((select min(price) from product_offers o where o.product_id = products.id), 0),
    total_stock = coalesce((select sum(stock) from product_offers o where o.product_id = products.id), 0)`,
  )
}
