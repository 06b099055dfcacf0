import { existsSync, readFileSync } from 'node:fs'
import { and, eq, gt, inArray, isNotNull } from 'drizzle-orm'
import type { DB } from '../../../db/client'
import { transaction } from '../../../db/engine'
import { productOffers, products } from '../../../db/schema'
import { reindexProducts } from '../../services/search'
import { stagedPath } from '../files'
import { readPending, writePending } from './apply'
import { refreshAggregates } from './offers'
import type { ImportState } from './types'

/** Phase 3, finish: a full file hides what it did not name (import.xml) or zeroes its stock (offers.xml). */

function stagedIds(path: string): Set<string> {
  if (!existsSync(path + '.ids')) return new Set()
  return new Set(readFileSync(path + '.ids', 'utf8').split('\n'))
}

/** Imported products (they have an external id) by visibility. */
const imported = async (db: DB, hidden: boolean) =>
  (await db
    .select({ id: products.id, ext: products.externalId })
    .from(products)
    .where(and(isNotNull(products.externalId), eq(products.hidden, hidden)))) as { id: number; ext: string }[]

export async function finishStep(db: DB, sessionId: string, rel: string, state: ImportState): Promise<void> {
  if (state.onlyChanges || (state.kind !== 'import' && state.kind !== 'offers')) return
  if (state.kind === 'import' && !state.hasCatalog) return
  const named = stagedIds(stagedPath(sessionId, rel))
  await transaction(
    db,
    async (tx) => {
      if (state.kind === 'import') {
        // A full catalog: imported products it did not name are hidden (never deleted).
        const gone = (await imported(tx, false)).filter((p) => !named.has(p.ext)).map((p) => p.id)
        for (let i = 0; i < gone.length; i += 500)
          await tx
            .update(products)
            .set({ hidden: true })
            .where(inArray(products.id, gone.slice(i, i + 500)))
        const pending = readPending()
        let changed = false
        for (const p of await imported(tx, true)) if (!named.has(p.ext) && pending.delete(p.id)) changed = true
        if (changed) writePending(pending)
        await reindexProducts(tx, gone)
      } else {
        // A full offers package: offers of imported products it did not name have no stock.
        const gone = (
          await tx
            .select({ id: productOffers.id, productId: productOffers.productId, ext: productOffers.externalId })
            .from(productOffers)
            .innerJoin(products, eq(products.id, productOffers.productId))
            .where(and(isNotNull(productOffers.externalId), gt(productOffers.stock, 0)))
        ).filter((o) => !named.has(o.ext!))
        for (let i = 0; i < gone.length; i += 500)
          await tx
            .update(productOffers)
            .set({ stock: 0 })
            .where(
              inArray(
                productOffers.id,
                gone.slice(i, i + 500).map((o) => o.id),
              ),
            )
        await refreshAggregates(tx, [...new Set(gone.map((o) => o.productId))])
      }
    },
    { behavior: 'immediate' },
  )
}
