import { fetchRequestHandler } from '@trpc/server/adapters/fetch'
import { appRouter } from './root'
import { createContext } from '../context'
import { AppError } from '../errors'
import { isCrossSiteMutation, PRIVATE_NO_STORE } from '../http/guard'
import { BodyTooLarge, MAX_BODY_BYTES, readLimited } from '../http/body-limit'
import { MAX_TRPC_BATCH } from '../contracts/batch'
import type { TrpcContext } from './init'

/**
 * The body of a POST read within the APIs' 1 MiB limit (server/http/body-limit.ts), handed to
 * tRPC as a request of its own; over the limit (or unreadable) the refusal every call of the
 * request answers with, the body left unread past the limit.
 */
async function withinLimit(request: Request): Promise<{ request: Request; refusal?: AppError }> {
  if (request.method !== 'POST') return { request }
  try {
    const body = await readLimited(request, MAX_BODY_BYTES, 'text')
    const { method, headers, signal } = request
    return { request: new Request(request.url, { method, headers, signal, body }) }
  } catch (e) {
    const refusal =
      e instanceof BodyTooLarge ? new AppError(413, 'api.payloadTooLarge') : new AppError(400, 'api.badBody')
    return { request: new Request(request.url, { method: 'POST', headers: request.headers, body: '' }), refusal }
  }
}

/**
 * /api/trpc over HTTP (the browser's batching link). The same cross-site rule as REST
 * (server/http/guard.ts): a refused mutation answers 403 in tRPC's own error envelope, in the
 * caller's language, without running any procedure. So does a body over 1 MiB (413); a batch of
 * more than MAX_TRPC_BATCH calls is refused whole (400) before anything runs. However many calls
 * change the session, the answer carries one Set-Cookie: the session's latest. Every answer may
 * depend on the session.
 */
export async function handleTrpcRequest(request: Request): Promise<Response> {
  const crossSite = isCrossSiteMutation(request)
  const read = crossSite ? { request } : await withinLimit(request)
  let cookie: string | undefined
  let requestId: string | undefined
  return fetchRequestHandler({
    endpoint: '/api/trpc',
    req: read.request,
    router: appRouter,
    maxBatchSize: MAX_TRPC_BATCH,
    createContext: async (): Promise<TrpcContext> => {
      // The original request: it carries the socket's peer address (server/net/peer.ts).
      const ctx = await createContext(request)
      requestId = ctx.requestId
      return { ...ctx, crossSite, refusal: read.refusal, emitCookie: (c) => (cookie = c) }
    },
    responseMeta: () => {
      const headers = new Headers({ 'cache-control': PRIVATE_NO_STORE })
      if (cookie) headers.append('set-cookie', cookie)
      // The id an unexpected error's answer and its log line carry (as REST answers).
      if (requestId) headers.set('x-request-id', requestId)
      return { headers }
    },
  })
}
