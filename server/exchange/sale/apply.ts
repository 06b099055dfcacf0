import { eq, or } from 'drizzle-orm'
import type { DB } from '../../../db/client'
import { transaction } from '../../../db/engine'
import { orders } from '../../../db/schema'
import { log } from '../../logger'
import {
  afterStatusChange,
  changeStatusInTx,
  orderForStatus,
  statusRank,
  type StatusResult,
} from '../../services/order-status'
import { saleText } from './messages'
import { detailOf, parseSaleFile, targetOf, type SaleDocResult, type SaleDocument } from './parse'

/** `mode=file`: 1C's documents applied to our orders through services/order-status. */

async function findOrder(db: DB, doc: SaleDocument): Promise<number | undefined> {
  const [byNumber] = doc.number
    ? await db.select({ id: orders.id }).from(orders).where(eq(orders.number, doc.number))
    : []
  if (byNumber) return byNumber.id
  if (!doc.id) return undefined
  const asId = /^\d{1,15}$/.test(doc.id) ? Number(doc.id) : null
  const [byId] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(asId !== null ? or(eq(orders.id, asId), eq(orders.number, doc.id)) : eq(orders.number, doc.id))
    .limit(1)
  return byId?.id
}

/** One document in its own IMMEDIATE transaction; the customer is told after the commit. */
export async function applySaleDocument(db: DB, doc: SaleDocument): Promise<SaleDocResult> {
  const label = doc.number || doc.id
  const wanted = targetOf(doc)
  if ('error' in wanted) return { number: label, status: 'refused', reason: wanted.error }
  const orderId = await findOrder(db, doc)
  if (orderId === undefined) return { number: label, status: 'refused', reason: saleText('unknownOrder') }
  if (wanted.target === null) return { number: label, status: 'unchanged' }
  const { target, named } = wanted
  const detail = detailOf(doc)
  const results: StatusResult[] = []
  await transaction(
    db,
    async (tx) => {
      const o = await orderForStatus(tx, orderId)
      if (!o) return
      // Payment or shipment reported again for an order already further on: nothing to do. Only
      // an explicit "Статус заказа" behind the order's status is refused (a backward move).
      if (target !== 'cancelled' && target !== named && statusRank(target) < statusRank(o.status)) return
      // Paid in 1C and moved on in the same exchange: "paid" first, so the customer hears of both.
      if (
        wanted.paid &&
        target !== 'paid' &&
        target !== 'cancelled' &&
        (o.status === 'new' || o.status === 'awaiting-payment')
      ) {
        const first = await changeStatusInTx(tx, o, 'paid', { source: '1c', detail })
        results.push(first)
        if (!first.ok) return
        const again = await orderForStatus(tx, orderId)
        if (again) results.push(await changeStatusInTx(tx, again, target, { source: '1c', detail }))
        return
      }
      results.push(await changeStatusInTx(tx, o, target, { source: '1c', detail }))
    },
    { behavior: 'immediate' },
  )
  // One after another, so the customer hears "paid" before "shipped" (sent at once, the two
  // messages race on PostgreSQL and may arrive in either order).
  void (async () => {
    for (const r of results) await afterStatusChange(db, r)
  })()
  const refused = results.find((r): r is Extract<StatusResult, { ok: false }> => !r.ok)
  if (refused) return { number: label, status: 'refused', reason: refused.reason }
  return { number: label, status: results.some((r) => r.ok && r.changed) ? 'applied' : 'unchanged' }
}

/**
 * `mode=file` (type=sale): orders sent back by 1C. `{ok: false}` with the reason when the file is
 * broken (nothing changed) or when some orders were refused (the reason names each; the other
 * documents are applied). `results` tells each document's outcome.
 */
export async function saleImport(
  db: DB,
  xml: string,
): Promise<{ ok: true; results: SaleDocResult[] } | { ok: false; reason: string; results: SaleDocResult[] }> {
  const parsed = parseSaleFile(xml)
  if (!parsed.ok) {
    log.warn('1C sale file refused', { reason: parsed.reason })
    return { ok: false, reason: parsed.reason, results: [] }
  }
  const results: SaleDocResult[] = []
  for (const doc of parsed.documents) {
    try {
      results.push(await applySaleDocument(db, doc))
    } catch (e) {
      log.error('1C sale document failed', { number: doc.number || doc.id, error: String(e) })
      results.push({ number: doc.number || doc.id, status: 'refused', reason: saleText('internal') })
    }
  }
  const refused = results.filter((r) => r.status === 'refused')
  log.info('1C sale file applied', {
    documents: results.length,
    applied: results.filter((r) => r.status === 'applied').length,
    refused: refused.length,
  })
  if (refused.length) return { ok: false, reason: refused.map((r) => `${r.number}: ${r.reason}`).join('; '), results }
  return { ok: true, results }
}
