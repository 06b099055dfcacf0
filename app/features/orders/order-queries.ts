import type { TRPC } from '../../lib/trpc'

/**
 * The live data of the order pages, one definition each: the route loader prefetches them
 * (app/features/pages/entity-registry.tsx) and the pages read the same keys, so the first
 * render after hydration takes the server's answer instead of asking again.
 */
export const ordersListQuery = (trpc: TRPC) => trpc.orders.list.queryOptions()
export const orderQuery = (trpc: TRPC, id: number) => trpc.orders.get.queryOptions({ id })
export const invoiceQuery = (trpc: TRPC, id: number) => trpc.orders.invoice.queryOptions({ id })
