import { sql } from 'drizzle-orm'
import type { DB } from '../db/client'
import { afterExplicitIds, queryRows, transaction } from '../db/engine'
import { afterSeedHooks } from './hooks'
import { seedBooking } from './seed-booking'
import { seedCatalog } from './seed-catalog'
import { seedCommerce, seedDictionaries } from './seed-commerce'
import { seedContent } from './seed-content'
import { seedSite } from './seed-site'

export { OFFER_ID_BASE, imageRef, refreshProductAggregates } from './seed-catalog'
export { FOOTER_NAV_ID_BASE } from './seed-site'

/**
 * Reference data is upserted by its natural key (id or slug), so running the seed twice
 * changes nothing, and an admin's edit of seed/data applies on the next run. Tables an
 * admin curates wholesale (cities, contacts, navigation, redirects, pages, FAQ) drop rows
 * that left the data files; catalog rows are never deleted (carts and orders point at
 * them) and stock is written only when an offer is first created, so sales are kept.
 * Users, sessions, carts, favorites and orders are never touched.
 */
export async function seedAll(db: DB): Promise<Record<string, number>> {
  await transaction(db, async (tx) => {
    await seedSite(tx)
    await seedCatalog(tx)
    await seedContent(tx)
    await seedBooking(tx)
    await seedCommerce(tx)
    await seedDictionaries(tx)
    for (const hook of afterSeedHooks) await hook(tx)
    // The seed writes its rows' ids: PostgreSQL's identity sequences move past them.
    await afterExplicitIds(tx)
  })
  return countRows(db)
}

export const COUNTED_TABLES = [
  'cities',
  'site_contacts',
  'site_options',
  'nav_items',
  'redirects',
  'pages',
  'catalog_sections',
  'brands',
  'product_properties',
  'products',
  'product_offers',
  'product_property_links',
  'service_sections',
  'services',
  'posts',
  'faq_groups',
  'faq_items',
  'promo_codes',
  'delivery_methods',
  'payment_methods',
  'cancel_reasons',
  'pickup_points',
  'forms',
  'banks',
  'suggest_names',
  'suggest_addresses',
  'users',
  'carts',
  'cart_lines',
  'favorites',
  'orders',
  'order_lines',
] as const

export async function countRows(db: DB): Promise<Record<string, number>> {
  const out: Record<string, number> = {}
  for (const table of COUNTED_TABLES) {
    const [row] = await queryRows<{ n: number }>(db, sql`select count(*) as n from ${sql.identifier(table)}`)
    out[table] = Number(row?.n ?? 0)
  }
  return out
}
