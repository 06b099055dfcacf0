import { eq } from 'drizzle-orm'
import type { DB } from '../../../db/client'
import { products } from '../../../db/schema'
import { contentVersion } from '../../cache'

/**
 * Whether any product is hidden (absent from 1C's last full import, products.hidden). Listings
 * and facets add `hidden = 0` only then, so a catalog without hidden products keeps its
 * index-only count and facet queries. The answer (a scan: `hidden` has no index) is kept until
 * the content version moves (a write to products, ADR 038) or the 1C import, the only writer of
 * `hidden` in this process, calls hiddenChanged(); carts and sessions do not drop it.
 */
const hiddenFlags = new WeakMap<DB, { external: string; value: boolean }>()
export async function anyHidden(db: DB): Promise<boolean> {
  const external = contentVersion(db)
  const hit = hiddenFlags.get(db)
  if (hit && hit.external === external) return hit.value
  const [row] = await db.select({ id: products.id }).from(products).where(eq(products.hidden, true)).limit(1)
  const value = row !== undefined
  hiddenFlags.set(db, { external, value })
  return value
}

/** products.hidden changed on this connection (server/exchange/catalog-import). */
export function hiddenChanged(db: DB) {
  hiddenFlags.delete(db)
}
