import type { TRPC } from '../../lib/trpc'

/**
 * The cart query, one definition: the route loader prefetches it for the cart and checkout
 * pages (app/features/pages/entity-registry.tsx) and every reader shares its key. A module of its
 * own so the page registry (in every first load) does not bring the cart's hooks and mutations.
 */
export const cartQuery = (trpc: TRPC) => ({ ...trpc.cart.get.queryOptions(), staleTime: 10_000 })
