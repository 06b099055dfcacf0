import { Link } from '@tanstack/react-router'
import type { ReactNode, RefObject } from 'react'
import type { CatalogFilter, Filter } from '../../../server/contracts/catalog'
import type { CatalogState } from '../../../server/contracts/catalog-query'
import { ProductCard } from '../../components/product/product-card'
import { buttonClass } from '../../components/ui/button'
import { useT } from '../../lib/i18n'
import { pagePath } from '../../lib/entity'
import { AppliedFilterChips } from './catalog-parts'
import type { SearchPageData } from './search-page'
import '../../lib/messages/catalog'
import '../../lib/messages/search'

/**
 * The products found: count, the filters button (below 1024 px) and the sort (relevance first),
 * the side filters, chips, the cards and the pages.
 */
export function SearchProducts({
  d,
  state,
  go,
  busy,
  serialize,
  relevance,
  filters,
  filtered,
  activeFilters,
  setFilter,
  setFiltersOpen,
  filterPanel,
}: {
  d: SearchPageData
  state: CatalogState
  go: (next: CatalogState) => Promise<unknown>
  busy: boolean
  serialize: (next: CatalogState) => Record<string, unknown>
  relevance: RefObject<boolean>
  filters: Filter[]
  filtered: boolean
  activeFilters: number
  setFilter: (filter: CatalogFilter) => void
  setFiltersOpen: (open: boolean) => void
  filterPanel: (idPrefix: string) => ReactNode
}) {
  const t = useT()
  const pages = d.pageSize ? Math.ceil(d.total / d.pageSize) : 0
  return (
    <section aria-labelledby="search-products" className="mb-10" aria-busy={busy || undefined}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="search-products" className="text-xl font-semibold">
          {t('search.products')} <span className="text-base font-normal text-neutral-500">({d.total})</span>
        </h2>
        <div className="flex min-w-0 max-w-full items-center gap-3">
          {filters.length > 0 && (
            <button
              type="button"
              className={`${buttonClass.secondary} shrink-0 tablet-l:hidden`}
              onClick={() => setFiltersOpen(true)}
            >
              {t('catalog.filters')}
              {filtered ? ` (${activeFilters})` : ''}
            </button>
          )}
          <label className="flex min-w-0 items-center gap-2 text-sm">
            <span className="sr-only phone-l:not-sr-only">{t('catalog.sort')}</span>
            <select
              className="min-h-11 w-full min-w-0 rounded-full border border-neutral-300 bg-white px-3"
              value={d.sort ?? ''}
              onChange={(e) => {
                relevance.current = e.target.value === ''
                void go({ ...state, page: 1, sort: (e.target.value || 'popular') as typeof state.sort })
              }}
            >
              <option value="">{t('search.relevance')}</option>
              {(d.sorts ?? []).map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>
      <div className="flex gap-8">
        {filters.length > 0 && (
          <aside className="hidden w-64 shrink-0 tablet-l:block" aria-label={t('search.filters')}>
            {filterPanel('search-side')}
          </aside>
        )}
        <div className="min-w-0 flex-1">
          <AppliedFilterChips filters={filters} value={state.filter} onChange={setFilter} />
          {d.items.length === 0 ? (
            <div className="rounded-2xl bg-neutral-50 p-8 text-center">
              <p className="mb-4">{t('catalog.empty')}</p>
              <button type="button" className={buttonClass.secondary} onClick={() => setFilter({})}>
                {t('catalog.filtersReset')}
              </button>
            </div>
          ) : (
            <ul className="grid grid-cols-2 gap-3 tablet:grid-cols-3 laptop:grid-cols-4 tablet:gap-4">
              {d.items.map((c, i) => (
                <li key={c.id}>
                  <ProductCard card={c} priority={i < 4} />
                </li>
              ))}
            </ul>
          )}
          {pages > 1 && (
            <nav aria-label={t('catalog.pages')} className="mt-6 flex flex-wrap justify-center gap-1">
              {Array.from({ length: pages }, (_, i) => i + 1).map((p) => (
                <Link
                  key={p}
                  to={pagePath('/search/')}
                  search={serialize({ ...state, page: p })}
                  aria-current={p === d.page ? 'page' : undefined}
                  aria-label={t('catalog.page', { page: p })}
                  className={`flex size-10 items-center justify-center rounded-full text-sm ${p === d.page ? 'bg-brand-600 text-white' : 'hover:bg-neutral-100'}`}
                >
                  {p}
                </Link>
              ))}
            </nav>
          )}
        </div>
      </div>
    </section>
  )
}
