import { useQuery } from '../../lib/query'
import { useTRPC } from '../../lib/trpc'

export interface HeaderCounts {
  /** Units in the cart (cart.amount.quantity). */
  cart: number
  /** Items in favorites. */
  favorites: number
  /** Signed in: the account icon goes to /personal/, else to /login/. */
  isAuthorized: boolean
}

/**
 * The header's badges. Reads the same query entries as the cart, favorites and account
 * pages, so a change made there (setQueryData / invalidate) shows in the header at once.
 * Fetched in the browser after hydration: the SSR HTML of every page stays cacheable and a
 * failed fetch keeps the last known state (spec §4).
 */
export function useHeaderCounts(): HeaderCounts {
  const trpc = useTRPC()
  const cart = useQuery({ ...trpc.cart.get.queryOptions(), staleTime: 60_000 })
  const favorites = useQuery({ ...trpc.favorites.list.queryOptions(), staleTime: 60_000 })
  const user = useQuery({ ...trpc.user.info.queryOptions(), staleTime: 60_000 })
  return {
    cart: cart.data?.amount.quantity ?? 0,
    favorites: favorites.data?.items.length ?? 0,
    isAuthorized: user.data?.isAuthorized ?? false,
  }
}
