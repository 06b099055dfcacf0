import { useLocation, useNavigate, useRouter } from '@tanstack/react-router'
import { useMemo, useRef, useState } from 'react'
import type { Sort } from '../../../server/contracts/catalog'
import { toCatalogSearch, type CatalogState } from '../../../server/contracts/catalog-query'

/**
 * The catalog page's state lives in the URL (shareable, back-button friendly): the catch-all
 * route's search params. The server read them with the listing query's own rules (bad values
 * dropped) and the page's data says what it applied — the listing's page, sort and normalised
 * filter (`shown`) —, so the browser does not parse the URL again: those rules
 * (`fromCatalogSearch` of `catalog-query`) stay out of the page's first load (ADR 032). It
 * writes the URL with `toCatalogSearch`.
 *
 * A change (filter, sort, page) is shown at once (`state` is the wanted state while its listing
 * loads, `busy` is true meanwhile), the listing is preloaded, and only then the URL moves: the
 * navigation itself finds its data ready, so it never turns on the global loader overlay
 * (issue 17: that overlay, shown for at least 500 ms once a navigation passed 100 ms, made every
 * filter click take 0.9–1.6 s). Of quick successive changes only the last one navigates.
 */
export function useCatalogSearch(
  /** What the page in hand shows: its page, sort and the filter the server applied (`applied`). */
  shown: { page: number; sort?: Sort | undefined; applied?: Record<string, unknown> | undefined },
  /** State → the URL's search params (the search page keeps its `s` and writes its own sort). */
  serialize: (next: CatalogState) => Record<string, unknown> = toCatalogSearch,
) {
  const navigate = useNavigate()
  const router = useRouter()
  const { pathname, search } = useLocation()
  const { page, sort, applied } = shown
  // `applied` is the normalised filter without its empty parts (server/services/catalog/listing.ts).
  const fromUrl = useMemo<CatalogState>(
    () => ({ page, sort: sort ?? 'popular', filter: applied ?? {} }),
    [page, sort, applied],
  )
  const [wanted, setWanted] = useState<{ from: CatalogState; next: CatalogState } | null>(null)
  const seq = useRef(0)
  // The wanted state counts only while the URL it was wanted from is still shown.
  const pending = wanted && wanted.from === fromUrl ? wanted.next : null
  const state = pending ?? fromUrl
  const linkFor = (next: CatalogState) => ({ to: pathname, search: serialize(next) })
  // `state` goes with the new history entry (the catalog's "show more": the items shown before it).
  const go = async (next: CatalogState, opts: { resetScroll?: boolean; state?: object } = {}) => {
    const mine = ++seq.current
    setWanted({ from: fromUrl, next })
    const target = { to: pathname, search: serialize(next) }
    try {
      await router.preloadRoute(target)
    } catch {
      // The navigation below loads (and reports) it again.
    }
    if (mine !== seq.current) return
    await navigate({ ...target, resetScroll: opts.resetScroll ?? false, state: opts.state })
    if (mine === seq.current) setWanted(null)
  }
  return { state, search, pathname, linkFor, go, busy: pending !== null }
}
