import { fetchRequestHandler } from '@trpc/server/adapters/fetch'
import { appRouter } from './root'
import { createContext, serverOrigin } from '../context'
import type { TrpcContext } from './init'

/** /api/trpc over HTTP (the browser's batching link). Same CSRF rule as REST. */
export async function handleTrpcRequest(request: Request): Promise<Response> {
  if (request.method !== 'GET') {
    const origin = request.headers.get('origin')
    if (origin !== null && origin !== serverOrigin(request)) {
      return new Response(JSON.stringify({ success: false, message: 'Cross-site request refused' }), {
        status: 403,
        headers: { 'content-type': 'application/json; charset=utf-8' },
      })
    }
  }
  const cookies: string[] = []
  return fetchRequestHandler({
    endpoint: '/api/trpc',
    req: request,
    router: appRouter,
    createContext: (): TrpcContext => ({ ...createContext(request), emitCookie: (c) => cookies.push(c) }),
    responseMeta: () => {
      const headers = new Headers({ 'cache-control': 'no-store' })
      for (const c of cookies) headers.append('set-cookie', c)
      return { headers }
    },
  })
}
