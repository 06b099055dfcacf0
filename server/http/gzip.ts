const COMPRESSIBLE =
  /^(text\/html|application\/json|text\/css|text\/javascript|application\/javascript|image\/svg\+xml|application\/xml|text\/xml|text\/plain)/

/**
 * gzip for dynamic answers (server-rendered HTML, API JSON), or null when the answer stays as
 * it is. Static files are pre-compressed at build time by nitro; the framework compresses
 * nothing else by itself (stack notes: 580 KB sent for 185 KB of gzip). Streams stay streams:
 * compression happens chunk by chunk. Used by the request middleware (app/start.ts) and the REST
 * path of the server entry (app/server.ts).
 */
export function gzipped(request: Request, res: Response): Response | null {
  const accept = request.headers.get('accept-encoding') ?? ''
  const type = res.headers.get('content-type') ?? ''
  const length = Number(res.headers.get('content-length') ?? 'NaN')
  if (
    !/\bgzip\b/.test(accept) ||
    request.method === 'HEAD' ||
    res.status === 204 ||
    res.status === 304 ||
    res.headers.has('content-encoding') ||
    !COMPRESSIBLE.test(type) ||
    (Number.isFinite(length) && length < 1024) ||
    !res.body
  ) {
    return null
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
}
