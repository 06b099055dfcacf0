import { createMiddleware, createStart } from '@tanstack/react-start'
import { cachedPage, pageCacheMode, privateIfPersonal } from '../server/page-cache'
import { gzipped } from '../server/http/gzip'
import { randomNonce } from './lib/security-headers'
import { personalOf } from './start-personal'

/**
 * The one request middleware (each layer costs Start a response hand-over, so there is one):
 * pages are rendered once per data version (and city) and reused with a fresh nonce
 * (server/page-cache.ts), a shopper's made theirs at serve time; a page that depends on the
 * session is marked `private, no-store`; then dynamic answers are gzipped for clients that take it.
 */
const delivery = createMiddleware().server(async ({ request, next }) => {
  try {
    const mode = pageCacheMode(request)
    const personal = mode === 'session' ? await personalOf(request) : null
    if (mode === null || (mode === 'session' && !personal)) {
      const result = await next()
      const res = privateIfPersonal(request, result.response)
      return gzipped(request, res) ?? (res === result.response ? result : res)
    }
    const render = async () => (await next()).response
    const res = privateIfPersonal(request, await cachedPage(request, randomNonce, render, personal ?? undefined))
    return gzipped(request, res) ?? res
  } catch (e) {
    // The client went away before its answer (a closed tab, a dropped mobile connection, a load
    // test ending): Start aborts the request, and nobody is left to read an error. Not logged:
    // it is not a fault of the shop. 499 is nginx's "client closed request".
    if (request.signal.aborted) return new Response(null, { status: 499 })
    throw e
  }
})

export const startInstance = createStart(() => ({ requestMiddleware: [delivery] }))
