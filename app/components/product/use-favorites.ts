import { useMutation, useQuery, useQueryClient } from '../../lib/query'
import type { FavoritesList, ProductCard } from '../../../server/contracts/catalog'
import { useTRPC } from '../../lib/trpc'
import { favoritesQuery } from './favorites-query'

export { favoritesQuery }

/**
 * Favorites state shared by the hearts, the favorites page and the header badge: one
 * query entry (`trpc.favorites.list`), replaced by every server answer. Toggles are
 * optimistic and rolled back when the server refuses or the request fails.
 */
export function useFavorites() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const listOptions = favoritesQuery(trpc)
  const list = useQuery(listOptions)
  const key = listOptions.queryKey

  const optimistic = async (change: (prev: FavoritesList) => FavoritesList) => {
    await queryClient.cancelQueries({ queryKey: key })
    const previous = queryClient.getQueryData<FavoritesList>(key)
    queryClient.setQueryData<FavoritesList>(key, change(previous ?? { items: [] }))
    return { previous }
  }
  const rollback = (_e: unknown, _v: unknown, context: { previous?: FavoritesList } | undefined) => {
    if (context?.previous) queryClient.setQueryData(key, context.previous)
    else void queryClient.invalidateQueries({ queryKey: key })
  }

  const add = useMutation(
    trpc.favorites.add.mutationOptions({
      onSuccess: (answer) => queryClient.setQueryData(key, answer),
      onError: rollback,
    }),
  )
  const remove = useMutation(
    trpc.favorites.remove.mutationOptions({
      onSuccess: (answer) => queryClient.setQueryData(key, answer),
      onError: rollback,
    }),
  )

  return {
    list,
    /** Whether the product is a favorite: the live list once loaded, else what the page was rendered with. */
    has: (id: number, initial = false) => (list.data ? list.data.items.some((i) => i.id === id) : initial),
    toggle: async (card: ProductCard, on: boolean, onError?: () => void) => {
      const options = { onError: () => onError?.() }
      if (on) {
        const ctx = await optimistic((prev) => ({
          items: [{ ...card, isFavorite: true }, ...prev.items.filter((i) => i.id !== card.id)],
        }))
        add.mutate({ id: card.id }, { ...options, onError: (e) => (rollback(e, undefined, ctx), onError?.()) })
      } else {
        const ctx = await optimistic((prev) => ({ items: prev.items.filter((i) => i.id !== card.id) }))
        remove.mutate({ id: card.id }, { ...options, onError: (e) => (rollback(e, undefined, ctx), onError?.()) })
      }
    },
  }
}
