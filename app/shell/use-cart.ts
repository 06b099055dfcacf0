import { useMutation, useQuery, useQueryClient } from '../lib/query'
import type { Cart } from '../../server/contracts/cart'
import { useTRPC } from '../lib/trpc'
import { cartQuery } from '../components/commerce/cart-query'

export { cartQuery }

/**
 * The cart state of the page: every server answer replaces it (spec §4); a failed fetch or
 * mutation keeps what is shown.
 */
export function useCart() {
  return useQuery(cartQuery(useTRPC()))
}

/** Puts a mutation's whole-cart answer into the cart query. */
export function useSetCart() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return (cart: Cart) => queryClient.setQueryData(trpc.cart.get.queryKey(), cart)
}

export function useCartMutations() {
  const trpc = useTRPC()
  const setCart = useSetCart()
  const onSuccess = (cart: Cart) => setCart(cart)
  return {
    add: useMutation(trpc.cart.add.mutationOptions({ onSuccess })),
    update: useMutation(trpc.cart.update.mutationOptions({ onSuccess })),
    remove: useMutation(trpc.cart.remove.mutationOptions({ onSuccess })),
    applyPromo: useMutation(trpc.cart.applyPromo.mutationOptions({ onSuccess })),
    removePromo: useMutation(trpc.cart.removePromo.mutationOptions({ onSuccess })),
  }
}

/** The readable message of a failed tRPC call. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof Error && err.name === 'TRPCClientError' && err.message) return err.message
  return fallback
}
