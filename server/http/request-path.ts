import { MAX_PAGE_PATH, MAX_PAGE_QUERY } from '../contracts/entity'

/**
 * The path and query of a request URL (`http://host/api/x/?a=1` → `/api/x/?a=1`) without parsing
 * the whole URL: the server entry (app/server.ts) and the page cache ask it of every request.
 */
export const requestPath = (url: string) => url.slice(url.indexOf('/', url.indexOf('//') + 2))

/** Where TanStack Start answers server functions; the shop has none (ADR 030). */
export const SERVER_FN_BASE = '/_serverFn/'

/**
 * An address outside `/api/` that no page can have, refused by the server entry before Start
 * (issue 25 §6): a path or query string longer than the page entity takes (414: rendering it
 * failed validation, waited a second for a retry and answered 500), or a server-function call
 * (404: Start answered 500 and logged a stack for every made-up id). `path` is requestPath's.
 */
export function refusedAddress(path: string): 404 | 414 | undefined {
  if (path.startsWith('/api/')) return undefined
  const q = path.indexOf('?')
  const pathname = q < 0 ? path : path.slice(0, q)
  if (pathname.length > MAX_PAGE_PATH || (q >= 0 && path.length - q - 1 > MAX_PAGE_QUERY)) return 414
  if (pathname.startsWith(SERVER_FN_BASE)) return 404
  return undefined
}
