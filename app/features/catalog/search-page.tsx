import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import type { CatalogFilter, SearchHit } from '../../../server/contracts/catalog'
import { toCatalogSearch, type CatalogState } from '../../../server/contracts/catalog-query'
import type { PageProps } from '../../lib/entity'
import { PageTitle } from '../../shell/page-title'
import { buttonClass } from '../../components/ui/button'
import { useT } from '../../lib/i18n'
import { FiltersPanel } from './filters-panel'
import { SearchGroups, SearchNothing, SearchPageForm } from './search-parts'
import { SearchProducts } from './search-products'
import { useCatalogSearch } from './use-catalog-search'
import '../../lib/messages/catalog'
import '../../lib/messages/search'

// The filters modal (below 1024 px) loads with its first opening, like the catalog's.
const Dialog = lazy(() => import('../../components/ui/dialog').then((m) => ({ default: m.Dialog })))

export type SearchPageData = PageProps<'search'>['entity']['data']

/** The search page (`/search/?s=`): products first, then services, blog posts and FAQ. */
export default function SearchPage({ entity }: PageProps<'search'>) {
  const t = useT()
  const d = entity.data
  const [text, setText] = useState(d.query)
  useEffect(() => setText(d.query), [d.query])
  // The catalog's filters and sort on the products found (issue 17); no `sort` in the URL: relevance.
  const relevance = useRef(true)
  const serialize = (next: CatalogState) => ({
    s: d.query,
    ...toCatalogSearch(next),
    sort: relevance.current ? undefined : next.sort,
  })
  const { state, search, go, busy } = useCatalogSearch(d, serialize)
  relevance.current = (search as Record<string, unknown>).sort === undefined
  const [filtersOpen, setFiltersOpen] = useState<boolean | 'unloaded'>('unloaded')
  const filters = d.filters ?? []
  const setFilter = (filter: CatalogFilter) => void go({ ...state, page: 1, filter })
  const activeFilters = Object.keys(d.applied ?? {}).length
  const filtered = activeFilters > 0
  const groups: [string, SearchHit[]][] = [
    [t('search.services'), d.groups.services],
    [t('search.posts'), d.groups.posts],
    [t('search.faq'), d.groups.faq],
  ]
  const nothing = d.query !== '' && d.total === 0 && !filtered && groups.every(([, hits]) => hits.length === 0)
  const filterPanel = (idPrefix: string) => (
    <FiltersPanel filters={filters} value={state.filter} onChange={setFilter} idPrefix={idPrefix} />
  )
  return (
    <div>
      <PageTitle entity={entity} />
      <div className="mx-auto max-w-7xl px-4 pb-12">
        <SearchPageForm text={text} setText={setText} query={d.query} />
        {d.query === '' && <p className="text-neutral-600">{t('search.enter')}</p>}
        {nothing && <SearchNothing query={d.query} />}
        {d.corrected && <p className="mb-4 text-neutral-600">{t('search.corrected', { query: d.corrected })}</p>}
        {(d.items.length > 0 || filtered) && (
          <SearchProducts
            d={d}
            state={state}
            go={go}
            busy={busy}
            serialize={serialize}
            relevance={relevance}
            filters={filters}
            filtered={filtered}
            activeFilters={activeFilters}
            setFilter={setFilter}
            setFiltersOpen={setFiltersOpen}
            filterPanel={filterPanel}
          />
        )}
        <SearchGroups groups={groups} />
      </div>
      {filtersOpen !== 'unloaded' && (
        <Suspense fallback={null}>
          <Dialog
            open={filtersOpen}
            onOpenChange={setFiltersOpen}
            title={t('search.filters')}
            size="lg"
            footer={
              <button type="button" className={buttonClass.primary} onClick={() => setFiltersOpen(false)}>
                {t('catalog.filtersShow', { count: d.total })}
              </button>
            }
          >
            {filterPanel('search-modal')}
          </Dialog>
        </Suspense>
      )}
    </div>
  )
}
