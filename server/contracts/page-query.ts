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
// `page`, `sort`, `s`, `offer`, `back` and `filter` with any `[…]` after it, also written `%5B`
// as a raw query string has it. Written small: the browser's entry chunk carries it (first-load
// budget, ADR 011); a name encoded otherwise is dropped from the key and from the page's query alike.
const PAGE_PARAM = /^(?:page|sort|s|offer|back|filter(?:(?:\[|%5[Bb]).*)?)$/

/** Whether a page reads the query parameter `name` (`filter`, `filter[brand]`, `filter[price][min]`… all count). */
export const isPageParam = (name: string): boolean => PAGE_PARAM.test(name)

/** A query string (with or without its `?`) cut to the parameters pages read, in their order, encoded as given. */
export const pageQuery = (search: string): string =>
  search
    .replace(/^\?/, '')
    .split('&')
    .filter((pair) => isPageParam(pair.split('=')[0]!))
    .join('&')

/** The router's parsed search cut to the parameters pages read. */
export const pageSearch = (search: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(search).filter(([k]) => isPageParam(k)))

/** The cookie notice's cookie: present once the visitor agreed (the notice is server-rendered without it). */
export const COOKIE_NOTICE_COOKIE = 'cookie_agree'
