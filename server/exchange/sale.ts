import type { DB } from '../../db/client'

/**
 * The sale side of the 1C exchange (`type=sale`): placeholder signatures the endpoint dispatches
 * to (server/exchange/protocol.ts). The helper building the order exchange replaces the bodies.
 */

/** `mode=query`: the orders 1C has not acknowledged yet, as a CommerceML document. */
export function saleQuery(_db: DB): string {
  throw new Error('sale exchange not built yet')
}

/** `mode=success`: 1C took the orders of the last query. */
export function saleSuccess(_db: DB): void {
  throw new Error('sale exchange not built yet')
}

/** `mode=file` (type=sale): orders sent back by 1C with their statuses. */
export function saleImport(_db: DB, _xml: string): { ok: true } | { ok: false; reason: string } {
  throw new Error('sale exchange not built yet')
}
