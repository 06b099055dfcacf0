import { useLocation, useNavigate } from '@tanstack/react-router'
import { useMemo } from 'react'
import {
  CatalogSearch,
  fromCatalogSearch,
  toCatalogSearch,
  type CatalogFilter,
  type Sort,
} from '../../../server/contracts/catalog'

export interface CatalogState {
  page: number
  sort: Sort
  filter: CatalogFilter
}

/**
 * The catalog page's state lives in the URL (shareable, back-button friendly): the catch-all
 * route's search params, validated with the contract's zod schema (bad values are dropped).
 */
export function useCatalogSearch() {
  const navigate = useNavigate()
  const { pathname, search } = useLocation()
  const state = useMemo<CatalogState>(() => fromCatalogSearch(CatalogSearch.parse(search)), [search])
  const linkFor = (next: CatalogState) => ({ to: pathname, search: toCatalogSearch(next) })
  const go = (next: CatalogState, opts: { resetScroll?: boolean } = {}) =>
    navigate({ to: pathname as never, search: toCatalogSearch(next) as never, resetScroll: opts.resetScroll ?? false })
  return { state, pathname, linkFor, go }
}
