import type { QueryClient } from '../../lib/query'
import type { AddressListResult } from '../../../server/contracts/account'
import type { TRPC } from '../../lib/trpc'

/**
 * The live data of the personal pages, one definition each: prefetched by the route loader
 * (app/features/pages/entity-registry.tsx), read by the pages with the same keys.
 */
export const userInfoQuery = (trpc: TRPC) => trpc.user.info.queryOptions()
export const addressesQuery = (trpc: TRPC) => trpc.user.addresses.queryOptions()
/**
 * The social sign-in buttons: one list for every page (no `back`: SocialLogin adds it to each
 * link), prefetched with the sign-in pages so their first render needs no tRPC client. It only
 * changes with the server's configuration: never stale.
 */
export const socialProvidersQuery = (trpc: TRPC) => trpc.user.socialProviders.queryOptions({}, { staleTime: Infinity })

/**
 * After an address is added, edited or deleted: the answer carries the new list; the profile and
 * the checkout's saved addresses follow.
 */
export function addressesChanged(queryClient: QueryClient, trpc: TRPC, answer: AddressListResult) {
  queryClient.setQueryData(trpc.user.addresses.queryKey(), answer)
  return Promise.all(
    [trpc.user.info, trpc.orders.checkoutOptions].map((p) => queryClient.invalidateQueries({ queryKey: p.queryKey() })),
  )
}
