import type { QueryClient } from './query'
import type { inferRouterOutputs } from '@trpc/server'
import type { AppRouter } from '../../server/trpc/root'
import { PERSONAL_STATE_ID, type PersonalState } from '../components/layout/personal-parts'
import type { TRPC } from './trpc'

type Outputs = inferRouterOutputs<AppRouter>
/** The block as the server wrote it: the answers of the three queries it stands for. */
type PersonalAnswers = PersonalState & {
  user: Outputs['user']['info']
  cart: Outputs['cart']['get']
  favorites: Outputs['favorites']['list']
}

/**
 * In the browser, before hydration: a shared page served to a shopper with a session carries
 * their user, cart and favorites as a data block (ADR 021). They go into the query cache the
 * header and the hearts read, stamped with the serve time, so the shared render's visitor copies
 * (older) do not replace them and React renders exactly the markup the server sent.
 */
export function seedPersonalState(queryClient: QueryClient, trpc: TRPC) {
  const block = document.getElementById(PERSONAL_STATE_ID)
  if (!block?.textContent) return
  const state = JSON.parse(block.textContent) as PersonalAnswers
  const options = { updatedAt: state.at }
  queryClient.setQueryData(trpc.user.info.queryKey(), state.user, options)
  queryClient.setQueryData(trpc.cart.get.queryKey(), state.cart, options)
  queryClient.setQueryData(trpc.favorites.list.queryKey(), state.favorites, options)
}
