import { eq } from 'drizzle-orm'
import type { DB } from '../../../db/client'
import { catalogSections, products } from '../../../db/schema'

/** Rows by 1C's `Ид` (external_id), shared by the parse checks and the writers. */

export function sectionIdByExt(db: DB, ext: string): { id: number } | undefined {
  return db.select({ id: catalogSections.id }).from(catalogSections).where(eq(catalogSections.externalId, ext)).get()
}

export function productIdByExt(db: DB, ext: string): { id: number } | undefined {
  return db.select({ id: products.id }).from(products).where(eq(products.externalId, ext)).get()
}
