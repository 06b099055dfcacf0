import type { TRPC } from '../../lib/trpc'

/**
 * The booking API's reads, one definition each (issue 26): the service page's booking block, a
 * visit's page and "Мои записи" read the same keys, so a booking or a cancel refreshes them all.
 * Free times change under the shopper's eyes: they are asked again after 30 s.
 */
export const salonsQuery = (trpc: TRPC, service: number) => trpc.booking.salons.queryOptions({ service })
export const mastersQuery = (trpc: TRPC, service: number, salon: number) =>
  trpc.booking.masters.queryOptions({ service, salon })
export const slotsQuery = (trpc: TRPC, input: { service: number; salon: number; date: string; master?: number }) => ({
  ...trpc.booking.slots.queryOptions(input),
  staleTime: 30_000,
})
export const myBookingsQuery = (trpc: TRPC) => trpc.booking.mine.queryOptions()

/** The HTTP status of a failed call (tRPC carries it in `data.httpStatus`), 0 when there is none (offline). */
export function statusOf(err: unknown): number {
  const status = (err as { data?: { httpStatus?: unknown } } | null)?.data?.httpStatus
  return typeof status === 'number' ? status : 0
}

/** The booking system (YCLIENTS) is down or unreachable: the shopper gets the request form instead. */
export const providerDown = (err: unknown) => statusOf(err) >= 500
