import { fetchRequestHandler } from '@trpc/server/adapters/fetch'
import { appRouter } from './root'
import { createContext } from '../context'
import { isCrossSiteMutation, PRIVATE_NO_STORE } from '../http/guard'
import type { TrpcContext } from './init'

/**
 * /api/trpc over HTTP (the browser's batching link). The same cross-site rule as REST
 * (server/http/guard.ts): a refused mutation answers 403 in tRPC's own error envelope, in the
 * caller's language, without running any procedure. Every answer may depend on the session.
 */
export async function handleTrpcRequest(request: Request): Promise<Response> {
  const crossSite = isCrossSiteMutation(request)
  const cookies: string[] = []
  let requestId: string | undefined
  return fetchRequestHandler({
    endpoint: '/api/trpc',
    req: request,
    router: appRouter,
    createContext: async (): Promise<TrpcContext> => {
      const ctx = await createContext(request)
      requestId = ctx.requestId
      return { ...ctx, crossSite, emitCookie: (c) => cookies.push(c) }
    },
    responseMeta: () => {
      const headers = new Headers({ 'cache-control': PRIVATE_NO_STORE })
      for (const c of cookies) headers.append('set-cookie', c)
      // The id an unexpected error's answer and its log line carry (as REST answers).
      if (requestId) headers.set('x-request-id', requestId)
      return { headers }
    },
  })
}
