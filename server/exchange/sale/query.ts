import { and, asc, eq, gt, inArray, isNull, lt, or } from 'drizzle-orm'
import type { DB } from '../../../db/client'
import { transaction } from '../../../db/engine'
import { exchangeImports, orders, siteOptions } from '../../../db/schema'
import { log } from '../../logger'
import { takenByBackOffice } from '../../services/order-holds'
import { documentXml, type OrderRow } from './document'
import { el, moscow } from './xml'

/** `mode=query` and `mode=success`: the orders 1C has not taken yet, and 1C's acknowledgement. */

/** Orders per `mode=query` answer. */
export const QUERY_LIMIT = 500
const MARKER = { sessionId: 'sale', filename: 'sale-query' } as const

function pendingOrders(db: DB): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(or(isNull(orders.exportedAt), gt(orders.updatedAt, orders.exportedAt)))
    .orderBy(asc(orders.id))
    .limit(QUERY_LIMIT)
}

/** `mode=query`: the CommerceML document of the orders 1C has not taken yet (UTF-8, with the declaration). */
export async function saleQuery(db: DB): Promise<string> {
  const now = Date.now()
  const list = await pendingOrders(db)
  const [siteRow] = await db.select({ value: siteOptions.value }).from(siteOptions).where(eq(siteOptions.key, 'title'))
  const site = typeof siteRow?.value === 'string' ? siteRow.value : ''
  const stamp = moscow(now)
  const documents: string[] = []
  for (const o of list) documents.push(await documentXml(db, o, site))
  const body = el('КоммерческаяИнформация', documents, {
    ВерсияСхемы: '2.10',
    ДатаФормирования: `${stamp.date}T${stamp.time}`,
  })
  await rememberQuery(
    db,
    list.map((o) => o.id),
    now,
  )
  return `<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`
}

async function rememberQuery(db: DB, orderIds: number[], queriedAt: number): Promise<void> {
  const state = { orderIds, queriedAt }
  await db
    .insert(exchangeImports)
    .values({ ...MARKER, status: 'done', total: orderIds.length, state, createdAt: queriedAt, updatedAt: queriedAt })
    .onConflictDoUpdate({
      target: [exchangeImports.sessionId, exchangeImports.filename],
      set: { status: 'done', position: 0, total: orderIds.length, state, error: '', updatedAt: queriedAt },
    })
}

/* ---------- mode=success ---------- */

/** `mode=success`: 1C took the orders of the last query. A second call changes nothing. */
export async function saleSuccess(db: DB): Promise<void> {
  await transaction(
    db,
    async (tx) => {
      const [row] = await tx
        .select({ state: exchangeImports.state })
        .from(exchangeImports)
        .where(and(eq(exchangeImports.sessionId, MARKER.sessionId), eq(exchangeImports.filename, MARKER.filename)))
      const state = row?.state as { orderIds?: unknown; queriedAt?: unknown } | undefined
      const ids = Array.isArray(state?.orderIds) ? state.orderIds.filter((x): x is number => Number.isInteger(x)) : []
      const at = typeof state?.queriedAt === 'number' ? state.queriedAt : Date.now()
      for (let i = 0; i < ids.length; i += 500) {
        await tx
          .update(orders)
          .set({ exportedAt: at })
          .where(
            and(inArray(orders.id, ids.slice(i, i + 500)), or(isNull(orders.exportedAt), lt(orders.exportedAt, at))),
          )
      }
      // Taken by the back office: a pending (unconfirmed) order no longer waits for its hold to lapse.
      await takenByBackOffice(tx, ids)
      await tx
        .update(exchangeImports)
        .set({ state: { orderIds: [], queriedAt: at, acknowledged: ids.length }, total: 0, updatedAt: Date.now() })
        .where(and(eq(exchangeImports.sessionId, MARKER.sessionId), eq(exchangeImports.filename, MARKER.filename)))
      if (ids.length) log.info('1C acknowledged orders', { count: ids.length })
    },
    { behavior: 'immediate' },
  )
}
