import { createTRPCClient, httpBatchLink } from '@trpc/client'
import type { AppRouter } from '../../server/trpc/root'

/**
 * The browser's tRPC client: one batched HTTP call per tick to /api/trpc. Loaded with a dynamic
 * import on the first client-side fetch (app/lib/trpc.ts), not with the page: see ADR 012.
 */
export const browserClient = createTRPCClient<AppRouter>({
  links: [httpBatchLink({ url: '/api/trpc', maxURLLength: 4000 })],
})
