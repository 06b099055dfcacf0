import { createMiddleware, createStart } from '@tanstack/react-start'
import { cachedPage, pageCacheKey } from '../server/page-cache'
import { randomNonce } from './lib/security-headers'

const COMPRESSIBLE =
  /^(text\/html|application\/json|text\/css|text\/javascript|application\/javascript|image\/svg\+xml|application\/xml|text\/xml|text\/plain)/

/**
 * gzip for dynamic answers (server-rendered HTML, API JSON). Static files are pre-compressed at
 * build time by nitro; the framework compresses nothing else by itself (stack notes: 580 KB sent
 * for 185 KB of gzip). Streams stay streams: compression happens chunk by chunk.
 */
const compression = createMiddleware().server(async ({ request, next }) => {
  const result = await next()
  const res = result.response
  const accept = request.headers.get('accept-encoding') ?? ''
  const type = res.headers.get('content-type') ?? ''
  const length = Number(res.headers.get('content-length') ?? 'NaN')
  if (
    !res.body ||
    request.method === 'HEAD' ||
    res.status === 204 ||
    res.status === 304 ||
    res.headers.has('content-encoding') ||
    !/\bgzip\b/.test(accept) ||
    !COMPRESSIBLE.test(type) ||
    (Number.isFinite(length) && length < 1024)
  ) {
    return result
  }
  const headers = new Headers(res.headers)
  headers.set('content-encoding', 'gzip')
  headers.delete('content-length')
  headers.append('vary', 'Accept-Encoding')
  return new Response(res.body.pipeThrough(new CompressionStream('gzip')), {
    status: res.status,
    statusText: res.statusText,
    headers,
  })
})

/**
 * Pages of visitors without a session are rendered once per data version and reused with a
 * fresh nonce (server/page-cache.ts); everyone else, and every non-page answer, passes through.
 */
const pageCache = createMiddleware().server(async ({ request, next }) => {
  if (pageCacheKey(request) === null) return next()
  return cachedPage(request, randomNonce, async () => (await next()).response)
})

export const startInstance = createStart(() => ({ requestMiddleware: [compression, pageCache] }))
