import { useQuery } from '@tanstack/react-query'
import { useTRPC } from '../../lib/trpc'

/** The checkout options of the visitor (delivery and payment methods, pickup points, saved addresses, user). */
export function useCheckoutOptions() {
  const trpc = useTRPC()
  return useQuery(trpc.orders.checkoutOptions.queryOptions())
}

export type CheckoutOptions = NonNullable<ReturnType<typeof useCheckoutOptions>['data']>
