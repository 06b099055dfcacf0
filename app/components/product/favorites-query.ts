import type { TRPC } from '../../lib/trpc'

/**
 * The favorites query, one definition: prefetched by the route loader for the favorites page, read
 * by useFavorites. A module of its own so the page registry (in every first load) does not bring
 * the hearts' hook and mutations.
 */
export const favoritesQuery = (trpc: TRPC) => ({ ...trpc.favorites.list.queryOptions(), staleTime: 60_000 })
