import './lib/zod-config'
import { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { makeGetClient, TRPCContext } from './lib/trpc'
import { createOptionsProxy } from './lib/trpc-proxy'
import { loadLocale } from './lib/i18n'
import { reloadForChunkError } from './lib/chunk-reload'
import { seedPersonalState } from './lib/personal-state'
import { isLocale } from '../server/contracts/i18n'
import type { AppRouter } from '../server/trpc/root'
import { ssrOptions } from './lib/security-headers'
import { routeTree } from './routeTree.gen'
import { RouteErrorPage } from './components/layout/error-page'

export function getRouter() {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    },
  })
  const trpc = createOptionsProxy<AppRouter>(makeGetClient())
  const router = createRouter({
    routeTree,
    context: { queryClient, trpc },
    defaultPreload: 'intent',
    trailingSlash: 'always',
    scrollRestoration: true,
    defaultErrorComponent: RouteErrorPage,
    ssr: ssrOptions(),
    Wrap: (props) => <TRPCContext.Provider value={trpc} {...props} />,
    // Runs in the browser before hydration: a shopper's personal state (ADR 021) goes into the
    // query cache, and an English page gets its texts first. A failed load
    // reloads the page like a failed route chunk (at most once a minute), else hydration goes on.
    hydrate: async () => {
      seedPersonalState(queryClient, trpc)
      const lang = document.documentElement.lang
      if (isLocale(lang)) await loadLocale(lang).catch(() => void reloadForChunkError())
    },
  })
  setupRouterSsrQueryIntegration({ router, queryClient })
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>
  }
}
