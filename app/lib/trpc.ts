import { createIsomorphicFn } from '@tanstack/react-start'
import { getRequest, setResponseHeader } from '@tanstack/react-start/server'
import { createTRPCClient, httpBatchLink, unstable_localLink } from '@trpc/client'
import { createTRPCContext } from '@trpc/tanstack-react-query'
import type { AppRouter } from '../../server/trpc/root'
import { appRouter } from '../../server/trpc/root'
import { createContext } from '../../server/context'

/**
 * On the server the router is called in-process with the request's cookies (no HTTP to
 * itself); in the browser, one batched HTTP call per tick to /api/trpc.
 */
export const makeTRPCClient = createIsomorphicFn()
  .server(() => {
    const cookies: string[] = []
    return createTRPCClient<AppRouter>({
      links: [
        unstable_localLink({
          router: appRouter,
          createContext: () =>
            Promise.resolve({
              ...createContext(getRequest()),
              emitCookie: (c: string) => {
                cookies.push(c)
                setResponseHeader('set-cookie', cookies)
              },
            }),
        }),
      ],
    })
  })
  .client(() =>
    createTRPCClient<AppRouter>({
      links: [httpBatchLink({ url: '/api/trpc', maxURLLength: 4000 })],
    }),
  )

export const { useTRPC, TRPCProvider } = createTRPCContext<AppRouter>()
