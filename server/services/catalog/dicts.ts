import { asc } from 'drizzle-orm'
import type { DB } from '../../../db/client'
import { cachedByContent } from '../../cache'
import { brands, catalogSections, productProperties } from '../../../db/schema'

/** The catalog's dictionaries (small tables), read whole for a listing or a product page. */
export interface Dicts {
  brands: { id: number; slug: string; name: string; nameRu: string; country: string; countryEn: string | null }[]
  props: { id: number; kind: 'hair-type' | 'purpose'; code: string; label: string; labelEn: string }[]
  sections: {
    id: number
    slug: string
    title: string
    titleEn: string
    description: string
    descriptionEn: string | null
  }[]
}

export const sectionColumns = {
  id: catalogSections.id,
  slug: catalogSections.slug,
  title: catalogSections.title,
  titleEn: catalogSections.titleEn,
  description: catalogSections.description,
  descriptionEn: catalogSections.descriptionEn,
}

/** Kept against the data version (server/cache.ts): any write or another connection's commit reads them again. */
export function dicts(db: DB): Promise<Dicts> {
  return cachedByContent(db, 'catalog-dicts', () => loadDicts(db))
}

async function loadDicts(db: DB): Promise<Dicts> {
  return {
    brands: await db
      .select({
        id: brands.id,
        slug: brands.slug,
        name: brands.name,
        nameRu: brands.nameRu,
        country: brands.country,
        countryEn: brands.countryEn,
      })
      .from(brands)
      .orderBy(asc(brands.name)),
    props: await db
      .select({
        id: productProperties.id,
        kind: productProperties.kind,
        code: productProperties.code,
        label: productProperties.label,
        labelEn: productProperties.labelEn,
      })
      .from(productProperties)
      .orderBy(asc(productProperties.id)),
    sections: await db
      .select(sectionColumns)
      .from(catalogSections)
      .orderBy(asc(catalogSections.sort), asc(catalogSections.id)),
  }
}
