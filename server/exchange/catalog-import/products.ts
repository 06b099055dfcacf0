import { and, asc, eq, gt, lte, max, or, sql } from 'drizzle-orm'
import type { DB } from '../../../db/client'
import {
  brands,
  productOffers,
  productProperties,
  productPropertyLinks,
  products,
  type ImageRef,
} from '../../../db/schema'
import { publishImage } from '../files'
import { Refused } from '../messages'
import { slugify, uniqueSlug } from '../slug'
import { norm } from './classifier'
import { sectionIdByExt } from './lookups'
import { OFFER_ID_BASE, PLACEHOLDER_IMAGE, type ImportState, type ProductRec } from './types'

/** Writing import.xml's products: by external id, with brand, filter links (hair types, purposes) and 1C's other properties. */

export interface Applied {
  productId: number | null
  pendingChanged?: boolean
}

export async function productWriter(db: DB, state: ImportState, sessionId: string, pending: Set<number>) {
  const find = async (ext: string) => {
    const [row] = await db
      .select({ id: products.id, sectionId: products.sectionId, brandId: products.brandId })
      .from(products)
      .where(eq(products.externalId, ext))
    return row
  }
  const priced = async (id: number) =>
    (
      await db
        .select({ id: productOffers.id })
        .from(productOffers)
        .where(and(eq(productOffers.productId, id), gt(productOffers.price, 0)))
        .limit(1)
    ).length > 0
  const brandByName = async (name: string) => {
    const [row] = await db
      .select({ id: brands.id })
      .from(brands)
      .where(or(sql`lower(${brands.name}) = lower(${name})`, sql`lower(${brands.nameRu}) = lower(${name})`))
      .orderBy(asc(brands.id))
      .limit(1)
    return row
  }
  const props = await db
    .select({
      id: productProperties.id,
      kind: productProperties.kind,
      code: productProperties.code,
      label: productProperties.label,
      labelEn: productProperties.labelEn,
    })
    .from(productProperties)
  const propId = (kind: string, value: string) =>
    props.find((p) => p.kind === kind && (norm(p.label) === norm(value) || norm(p.labelEn) === norm(value)))?.id
  /**
   * The filter value of `kind` named `value`; a value the filter does not have yet becomes one
   * (1C's own wording, in both languages until someone translates it; the code transliterated),
   * so every value 1C sends for a filter property is shown and filterable (ADR 041).
   */
  const filterValue = async (kind: 'hair-type' | 'purpose', value: string): Promise<number> => {
    const known = propId(kind, value)
    if (known) return known
    const base = slugify(value) || 'value'
    let code = base
    for (let i = 2; props.some((p) => p.kind === kind && p.code === code); i++) code = `${base}-${i}`
    const [row] = await db
      .insert(productProperties)
      .values({ kind, code, label: value, labelEn: value })
      .onConflictDoNothing()
      .returning({ id: productProperties.id })
    // Another import made the same value meanwhile: take its row.
    const id =
      row?.id ??
      (
        await db
          .select({ id: productProperties.id })
          .from(productProperties)
          .where(and(eq(productProperties.kind, kind), eq(productProperties.code, code)))
      )[0]!.id
    props.push({ id, kind, code, label: value, labelEn: value })
    return id
  }
  const brandCache = new Map<string, number>()
  const brandId = async (name: string): Promise<number> => {
    const key = norm(name)
    const hit = brandCache.get(key) ?? (await brandByName(name))?.id
    if (hit) return hit
    const slug = await uniqueSlug(db, 'brands', name, 'brand')
    const [row] = await db.insert(brands).values({ slug, name, nameRu: name, country: '' }).returning({ id: brands.id })
    brandCache.set(key, row!.id)
    return row!.id
  }
  const nextId = async () => {
    const [row] = await db
      .select({ m: max(products.id) })
      .from(products)
      .where(lte(products.id, OFFER_ID_BASE))
    const m = row?.m ?? 0
    if (m + 1 > OFFER_ID_BASE) throw new Refused('exchange1c.ids.full')
    return m + 1
  }

  return async (rec: ProductRec): Promise<Applied> => {
    const existing = await find(rec.id)
    if (rec.deleted) {
      if (!existing) return { productId: null }
      await db.update(products).set({ hidden: true }).where(eq(products.id, existing.id))
      return { productId: existing.id, pendingChanged: pending.delete(existing.id) }
    }
    const group = rec.groups[0]
    const sectionId =
      (group !== undefined ? (state.sections?.[group] ?? (await sectionIdByExt(db, group))?.id) : undefined) ??
      existing?.sectionId
    const brandName = rec.props?.brand ?? rec.maker
    const brand = brandName ? await brandId(brandName) : (existing?.brandId ?? (await brandId('Другие')))
    const images: ImageRef[] = rec.images.map((img) => ({ ...publishImage(sessionId, img), alt: rec.name }))
    const attrs = rec.props ? [...rec.props.attrs] : null
    const links: number[] = []
    if (rec.props) {
      for (const [kind, values] of [
        ['hair-type', rec.props.hair],
        ['purpose', rec.props.purpose],
      ] as const) {
        for (const v of values) links.push(await filterValue(kind, v))
      }
    }
    let id: number
    let hidden: boolean
    if (existing) {
      id = existing.id
      hidden = !(await priced(id))
      await db
        .update(products)
        .set({
          name: rec.name,
          nameEn: rec.name,
          sectionId,
          brandId: brand,
          hidden,
          ...(rec.description !== null ? { description: rec.description } : {}),
          ...(images.length ? { image: images[0], gallery: images } : {}),
          ...(attrs ? { attributes: attrs } : {}),
        })
        .where(eq(products.id, id))
    } else {
      id = await nextId()
      hidden = true
      const image = images[0] ?? { src: PLACEHOLDER_IMAGE, width: 800, height: 800, alt: rec.name }
      await db.insert(products).values({
        id,
        slug: await uniqueSlug(db, 'products', rec.name, rec.id),
        sectionId: sectionId!,
        brandId: brand,
        name: rec.name,
        nameEn: rec.name,
        description: rec.description ?? '',
        image,
        gallery: images.length ? images : [image],
        popularity: 0,
        minPrice: 0,
        totalStock: 0,
        externalId: rec.id,
        hidden: true,
        attributes: attrs ?? [],
        createdAt: Date.now(),
      })
    }
    if (rec.props) {
      await db.delete(productPropertyLinks).where(eq(productPropertyLinks.productId, id))
      if (links.length)
        await db
          .insert(productPropertyLinks)
          .values(links.map((propertyId) => ({ productId: id, propertyId })))
          .onConflictDoNothing()
    }
    let pendingChanged = false
    if (hidden && !pending.has(id)) {
      pending.add(id)
      pendingChanged = true
    } else if (!hidden && pending.delete(id)) pendingChanged = true
    return { productId: id, pendingChanged }
  }
}
