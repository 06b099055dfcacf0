import { createServerEntry, createStartHandler, defaultStreamHandler } from '@tanstack/react-start/server'
import { handleApiRequest } from '../server/rest/execute'
import { gzipped } from '../server/http/gzip'
import { refusedAddress, requestPath } from '../server/http/request-path'

const start = createServerEntry({ fetch: createStartHandler(defaultStreamHandler) })

/** The REST API (`/api/…` except tRPC): answered by its own adapter, which needs nothing of Start's. */
export const isRestRequest = (url: string) => {
  const path = requestPath(url)
  return path.startsWith('/api/') && !path.startsWith('/api/trpc')
}

const REASON = { 404: 'Not Found', 414: 'URI Too Long' } as const

/**
 * The server entry (TanStack Start's default, plus two shortcuts). An address no page can have
 * (too long, or a server function: server/http/request-path.ts) is answered at once, in plain
 * text, without Start and without a log line. A REST request skips Start's
 * request pipeline: a router built per request to match the catch-all `/api/$` route, its
 * middleware and response hand-overs cost ~3/4 of a cached entity answer's CPU (ADR 026). The
 * adapter answers every outcome itself (errors included), so the answer is the same; it is
 * gzipped by the same rule as everything else. The route file app/routes/api/$.ts stays for
 * the dev server and as the route table's documentation.
 */
export default {
  fetch(request: Request, opts?: Parameters<typeof start.fetch>[1]) {
    if (!isRestRequest(request.url)) {
      const refused = refusedAddress(requestPath(request.url))
      if (!refused) return start.fetch(request, opts)
      return new Response(REASON[refused], {
        status: refused,
        headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
      })
    }
    return handleApiRequest(request).then((res) => gzipped(request, res) ?? res)
  },
}
