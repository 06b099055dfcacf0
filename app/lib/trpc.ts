import { createContext, useContext } from 'react'
import { createIsomorphicFn } from '@tanstack/react-start'
import { getRequest, setResponseHeader } from '@tanstack/react-start/server'
import { createTRPCClient, unstable_localLink } from '@trpc/client'
import type { TRPCClient } from '@trpc/client'
import type { AppRouter } from '../../server/trpc/root'
import { appRouter } from '../../server/trpc/root'
import { createContext as createTRPCRequestContext } from '../../server/context'
import type { TRPCOptionsProxy } from './trpc-proxy'

export type TRPC = TRPCOptionsProxy<AppRouter>

let browserClient: Promise<TRPCClient<AppRouter>> | undefined

/**
 * Where queries and mutations get their tRPC client. On the server: the router called
 * in-process with the request's cookies (no HTTP to itself), one client and one context per
 * request. In the
 * browser: @trpc/client is loaded on the first client-side fetch and kept (ADR 012); a failed
 * load is retried by the next fetch.
 */
export const makeGetClient = createIsomorphicFn()
  .server((): (() => Promise<TRPCClient<AppRouter>>) => {
    const cookies: string[] = []
    // One context for every procedure the render calls: the session row is read once a request.
    let context: ReturnType<typeof createTRPCRequestContext> | undefined
    const client = createTRPCClient<AppRouter>({
      links: [
        unstable_localLink({
          router: appRouter,
          createContext: async () => ({
            ...(await (context ??= createTRPCRequestContext(getRequest()))),
            emitCookie: (c: string) => {
              // The shared session hands its cookie to each procedure: send it once.
              if (cookies.includes(c)) return
              cookies.push(c)
              setResponseHeader('set-cookie', cookies)
            },
          }),
        }),
      ],
    })
    return () => Promise.resolve(client)
  })
  .client(
    (): (() => Promise<TRPCClient<AppRouter>>) => () =>
      (browserClient ??= import('./trpc-browser').then(
        (m) => m.browserClient,
        (err: unknown) => {
          browserClient = undefined
          throw err
        },
      )),
  )

export const TRPCContext = createContext<TRPC | null>(null)

/** The options proxy of the router (`app/router.tsx`): `useQuery(trpc.cart.get.queryOptions())`. */
export function useTRPC(): TRPC {
  const trpc = useContext(TRPCContext)
  if (!trpc) throw new Error('useTRPC() outside TRPCContext')
  return trpc
}
