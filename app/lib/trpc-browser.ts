import { createTRPCClient, httpBatchLink } from '@trpc/client'
import type { AppRouter } from '../../server/trpc/root'
import { MAX_TRPC_BATCH } from '../../server/contracts/batch'

/**
 * The browser's tRPC client: one batched HTTP call per tick to /api/trpc. Loaded with a dynamic
 * import on the first client-side fetch (app/lib/trpc.ts), not with the page: see ADR 012. A
 * batch holds at most the server's cap of calls (MAX_TRPC_BATCH): more go in another request.
 */
export const browserClient = createTRPCClient<AppRouter>({
  links: [httpBatchLink({ url: '/api/trpc', maxURLLength: 4000, maxItems: MAX_TRPC_BATCH })],
})
