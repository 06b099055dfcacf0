import { useLocation, useNavigate } from '@tanstack/react-router'
import { useMemo } from 'react'
import { fromCatalogSearch, toCatalogSearch, type CatalogState } from '../../../server/contracts/catalog-query'

/**
 * The catalog page's state lives in the URL (shareable, back-button friendly): the catch-all
 * route's search params, read with the listing query's own rules (bad values are dropped).
 * They come from the zod-free `catalog-query` module, not the zod schemas of `catalog`: zod
 * stays out of the page's first load (ADR 011), and the server's `CatalogQuery` is built on
 * the same functions.
 */
export function useCatalogSearch() {
  const navigate = useNavigate()
  const { pathname, search } = useLocation()
  const state = useMemo<CatalogState>(() => fromCatalogSearch(search), [search])
  const linkFor = (next: CatalogState) => ({ to: pathname, search: toCatalogSearch(next) })
  const go = (next: CatalogState, opts: { resetScroll?: boolean } = {}) =>
    navigate({ to: pathname as never, search: toCatalogSearch(next) as never, resetScroll: opts.resetScroll ?? false })
  return { state, pathname, linkFor, go }
}
