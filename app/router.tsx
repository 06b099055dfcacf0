import './lib/zod-config'
import { createRouter } from '@tanstack/react-router'
import { QueryClient, QueryClientContext } from './lib/query'
import { clearAfterRequest, dehydrateQueries, hydrateQueries, type DehydratedQueries } from './lib/query/ssr'
import { makeGetClient, TRPCContext } from './lib/trpc'
import { createOptionsProxy } from './lib/trpc-proxy'
import { loadLocale } from './lib/i18n'
import { reloadForChunkError } from './lib/chunk-reload'
import { seedPersonalState } from './lib/personal-state'
import { isLocale } from '../server/contracts/locale'
import type { AppRouter } from '../server/trpc/root'
import { ssrOptions } from './lib/security-headers'
import { routeTree } from './routeTree.gen'
import { RouteErrorPage } from './components/layout/error-page'

export function getRouter() {
  // Fresh for 30 s, one more attempt after a failure; no refetch on window focus (ADR 027).
  const queryClient = new QueryClient({ staleTime: 30_000, retry: 1 })
  const trpc = createOptionsProxy<AppRouter>(makeGetClient())
  const router = createRouter({
    routeTree,
    context: { queryClient, trpc },
    defaultPreload: 'intent',
    trailingSlash: 'always',
    scrollRestoration: true,
    defaultErrorComponent: RouteErrorPage,
    ssr: ssrOptions(),
    Wrap: ({ children }) => (
      <QueryClientContext value={queryClient}>
        <TRPCContext.Provider value={trpc}>{children}</TRPCContext.Provider>
      </QueryClientContext>
    ),
    // The server render's query cache goes with the router's state (app/lib/query/ssr.ts). Only
    // the server dehydrates: the client build drops this half of ssr.ts (import.meta.env.SSR).
    dehydrate: import.meta.env.SSR
      ? (): { query: DehydratedQueries } => ({ query: dehydrateQueries(router, queryClient) })
      : undefined,
    // Runs in the browser before hydration: a shopper's personal state (ADR 021) goes into the
    // query cache, and an English page gets its texts first. A failed load
    // reloads the page like a failed route chunk (at most once a minute), else hydration goes on.
    // Then the server's queries, older than the personal state, fill in the rest.
    hydrate: async (dehydrated: { query: DehydratedQueries }) => {
      seedPersonalState(queryClient, trpc)
      const lang = document.documentElement.lang
      if (isLocale(lang)) await loadLocale(lang).catch(() => void reloadForChunkError())
      void hydrateQueries(queryClient, dehydrated.query)
    },
  })
  if (import.meta.env.SSR && router.isServer) clearAfterRequest(router, queryClient)
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>
  }
}
