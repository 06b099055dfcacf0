import { Link, useNavigate } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import type { CatalogFilter, SearchHit } from '../../../server/contracts/catalog'
import { toCatalogSearch, type CatalogState } from '../../../server/contracts/catalog-query'
import { pagePath, type PageProps } from '../../lib/entity'
import { PageTitle } from '../../components/layout/page-title'
import { ProductCard } from '../../components/product/product-card'
import { AppLink } from '../../components/ui/app-link'
import { buttonClass } from '../../components/ui/button'
import { useT } from '../../lib/i18n'
import { FiltersPanel } from './filters-panel'
import { FilterChips } from './filter-chips'
import { useCatalogSearch } from './use-catalog-search'

// The filters modal (below 1024 px) loads with its first opening, like the catalog's.
const Dialog = lazy(() => import('../../components/ui/dialog').then((m) => ({ default: m.Dialog })))

/** The search page (`/search/?s=`): products first, then services, blog posts and FAQ. */
export default function SearchPage({ entity }: PageProps<'search'>) {
  const t = useT()
  const navigate = useNavigate()
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
  const { state, search, go, busy } = useCatalogSearch(serialize)
  relevance.current = (search as Record<string, unknown>).sort === undefined
  const [filtersOpen, setFiltersOpen] = useState<boolean | 'unloaded'>('unloaded')
  const filters = d.filters ?? []
  const setFilter = (filter: CatalogFilter) => void go({ ...state, page: 1, filter })
  const activeFilters = Object.keys(d.applied ?? {}).length
  const filtered = activeFilters > 0
  const pages = d.pageSize ? Math.ceil(d.total / d.pageSize) : 0
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
        <form
          role="search"
          action="/search/"
          method="get"
          className="mb-6 flex max-w-2xl gap-2"
          onSubmit={(e) => {
            e.preventDefault()
            const s = text.trim()
            if (s) void navigate({ to: pagePath('/search/'), search: { s } })
          }}
        >
          <label htmlFor="search-page-input" className="sr-only">
            {t('search.label')}
          </label>
          <input
            id="search-page-input"
            name="s"
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('search.placeholder')}
            className="min-h-11 min-w-0 flex-1 rounded-full border border-neutral-300 px-4"
          />
          <button
            type="submit"
            className={buttonClass.primary}
            disabled={text.trim() === '' || text.trim() === d.query}
          >
            {t('search.submit')}
          </button>
        </form>
        {d.query === '' && <p className="text-neutral-600">{t('search.enter')}</p>}
        {nothing && (
          <div className="rounded-2xl bg-neutral-50 p-8">
            <p className="text-lg font-medium">{t('search.nothing', { query: d.query })}</p>
            <p className="mt-1 mb-4 text-neutral-600">{t('search.nothingHint')}</p>
            <AppLink to="/catalog/" className={buttonClass.secondary}>
              {t('favorites.toCatalog')}
            </AppLink>
          </div>
        )}
        {d.corrected && <p className="mb-4 text-neutral-600">{t('search.corrected', { query: d.corrected })}</p>}
        {(d.items.length > 0 || filtered) && (
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
                <FilterChips filters={filters} value={state.filter} onChange={setFilter} />
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
        )}
        {groups.map(([title, hits]) =>
          hits.length === 0 ? null : (
            <section key={title} className="mb-8" aria-label={title}>
              <h2 className="mb-3 text-xl font-semibold">{title}</h2>
              <ul className="flex flex-col gap-3">
                {hits.map((h) => (
                  <li key={h.link}>
                    <AppLink to={h.link} className="font-medium text-brand-700 hover:underline">
                      {h.title}
                    </AppLink>
                    <p className="text-sm text-neutral-600">{h.excerpt}</p>
                  </li>
                ))}
              </ul>
            </section>
          ),
        )}
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
