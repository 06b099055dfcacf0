/**
 * The query parameters a page reads (issue 25, ADR 038): what its resolver takes
 * (server/services/entities: `page`, `sort`, `filter[…]` of the catalog and the blog, `s` of
 * search, `offer` of a product, `back` of the sign-in pages) and nothing else. The page route
 * (app/routes/$.tsx) hands only these to the resolver and keys its data by them, and the page
 * cache (server/page-cache.ts) keys pages by them — so a visitor from an ad (`utm_*`, `yclid`,
 * `gclid`…) or with a random parameter gets the same page as everyone, rendered once. The
 * parameters stay in the browser's address bar for analytics. A resolver that reads a new
 * parameter lists it here.
 */
export const PAGE_PARAMS: ReadonlySet<string> = new Set(['page', 'sort', 's', 'offer', 'back'])

/** Whether a page reads the query parameter `name` (`filter`, `filter[brand]`, `filter[price][min]`… all count). */
export function isPageParam(name: string): boolean {
  return PAGE_PARAMS.has(name) || name === 'filter' || name.startsWith('filter[')
}

/** A query string (with or without its `?`) cut to the parameters pages read, in their order, encoded as given. */
export function pageQuery(search: string): string {
  const raw = search.startsWith('?') ? search.slice(1) : search
  if (!raw) return ''
  return raw
    .split('&')
    .filter((pair) => {
      const name = pair.slice(0, pair.indexOf('=') < 0 ? pair.length : pair.indexOf('='))
      try {
        return isPageParam(decodeURIComponent(name.replace(/\+/g, ' ')))
      } catch {
        return false
      }
    })
    .join('&')
}

/** The router's parsed search cut to the parameters pages read. */
export function pageSearch(search: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const k in search) if (isPageParam(k)) out[k] = search[k]
  return out
}

/** The cookie notice's cookie: present once the visitor agreed (the notice is server-rendered without it). */
export const COOKIE_NOTICE_COOKIE = 'cookie_agree'
