import { eq } from 'drizzle-orm'
import type { DB } from '../../../db/client'
import { catalogSections, products } from '../../../db/schema'

/**
 * Rows by 1C's `Ид` (external_id), shared by the parse checks and the writers. The column is unique:
 * no LIMIT (it adds ~15% to these hot lookups).
 */

export async function sectionIdByExt(db: DB, ext: string): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: catalogSections.id })
    .from(catalogSections)
    .where(eq(catalogSections.externalId, ext))
  return row
}

export async function productIdByExt(db: DB, ext: string): Promise<{ id: number } | undefined> {
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.externalId, ext))
  return row
}
