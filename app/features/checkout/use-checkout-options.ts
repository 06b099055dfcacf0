import { useQuery } from '../../lib/query'
import { useTRPC, type TRPC } from '../../lib/trpc'

/** The checkout options of the visitor (delivery and payment methods, pickup points, saved addresses, user). */
export const checkoutOptionsQuery = (trpc: TRPC) => trpc.orders.checkoutOptions.queryOptions()

export function useCheckoutOptions() {
  return useQuery(checkoutOptionsQuery(useTRPC()))
}

export type CheckoutOptions = NonNullable<ReturnType<typeof useCheckoutOptions>['data']>
