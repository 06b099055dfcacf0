import { lazy, Suspense, useState } from 'react'
import { RuOnly, isRuOnly } from '../../components/content/ru-only'
import type { CatalogFilter, ProductCard as Card } from '../../../server/contracts/catalog'
import type { PageProps } from '../../lib/entity'
import { PageTitle } from '../../components/layout/page-title'
import { ProductCard } from '../../components/product/product-card'
import { buttonClass } from '../../components/ui/button'
import { AppLink } from '../../components/ui/app-link'
import { useT } from '../../lib/i18n'
import { FiltersPanel } from './filters-panel'
import { FilterChips } from './filter-chips'
import { Pagination } from './pagination'
import { useCatalogSearch } from './use-catalog-search'

// The filters modal (below 1024 px) loads with its first opening, not with the page.
const Dialog = lazy(() => import('../../components/ui/dialog').then((m) => ({ default: m.Dialog })))

/** The catalog and its sections: facets (side panel ≥1024 px, modal below), sort, pages, "show more". */
export default function CatalogPage({ entity }: PageProps<'catalog' | 'catalog-section'>) {
  const t = useT()
  const data = entity.data
  const { state, go, linkFor, busy } = useCatalogSearch()
  const [filtersOpen, setFiltersOpen] = useState<boolean | 'unloaded'>('unloaded')
  const { items, total, page, pageSize } = data.products
  const pages = Math.max(1, Math.ceil(total / pageSize))
  const key = JSON.stringify([entity.meta.canonical, data.sort, data.applied])
  // "Show more" appends the next page to what is shown; the URL moves to that page.
  const [more, setMore] = useState<{ key: string; upTo: number; from: number; items: Card[] } | null>(null)
  const appended = more && more.key === key && more.upTo === page - 1
  const shown = appended ? [...more.items, ...items] : items
  const shownFrom = appended ? more.from : page

  const setFilter = (filter: CatalogFilter) => go({ ...state, page: 1, filter })
  const hasFilters = Object.keys(data.applied).length > 0

  return (
    <div>
      <PageTitle entity={entity} />
      <div className="mx-auto max-w-7xl px-4 pb-12">
        {data.section?.description && (
          <RuOnly when={isRuOnly(data.section.ruOnly, 'description')} className="-mt-3 mb-6 max-w-3xl">
            <p className="text-neutral-600">{data.section.description}</p>
          </RuOnly>
        )}
        <nav aria-label={t('catalog.sections')} className="mb-6">
          <ul className="flex flex-wrap gap-2">
            {data.sections.map((s) => (
              <li key={s.slug}>
                <AppLink
                  to={s.link}
                  aria-current={data.section?.slug === s.slug ? 'page' : undefined}
                  className={`inline-block rounded-full border px-3 py-1.5 text-sm ${data.section?.slug === s.slug ? 'border-brand-600 bg-brand-50 text-brand-700' : 'border-neutral-300 hover:border-brand-600'}`}
                >
                  {s.title}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex gap-8">
          <aside className="hidden w-64 shrink-0 tablet-l:block" aria-label={t('catalog.filters')}>
            <h2 className="mb-4 text-lg font-semibold">{t('catalog.filters')}</h2>
            <FiltersPanel filters={data.filters} value={state.filter} onChange={setFilter} idPrefix="side" />
            {hasFilters && (
              <button type="button" className="mt-6 text-sm text-brand-700 underline" onClick={() => setFilter({})}>
                {t('catalog.filtersReset')}
              </button>
            )}
          </aside>
          <section className="min-w-0 flex-1" aria-labelledby="catalog-count" aria-busy={busy || undefined}>
            <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
              <p id="catalog-count" className="text-neutral-600" aria-live="polite">
                {t('catalog.found', { count: total })}
              </p>
              {/* Below 480 px the row is the filters button and the sort box only, so it fits 320 px. */}
              <div className="flex min-w-0 max-w-full items-center gap-3">
                <button
                  type="button"
                  className={`${buttonClass.secondary} shrink-0 tablet-l:hidden`}
                  onClick={() => setFiltersOpen(true)}
                >
                  {t('catalog.filters')}
                  {hasFilters ? ` (${Object.keys(data.applied).length})` : ''}
                </button>
                <label className="flex min-w-0 items-center gap-2 text-sm">
                  <span className="sr-only phone-l:not-sr-only">{t('catalog.sort')}</span>
                  <select
                    className="min-h-11 w-full min-w-0 rounded-full border border-neutral-300 bg-white px-3"
                    value={data.sort}
                    onChange={(e) => go({ ...state, page: 1, sort: e.target.value as typeof state.sort })}
                  >
                    {data.sorts.map((s) => (
                      <option key={s.value} value={s.value}>
                        {s.label}
                      </option>
                    ))}
                  </select>
                </label>
              </div>
            </div>
            <FilterChips filters={data.filters} value={state.filter} onChange={setFilter} />
            {shown.length === 0 ? (
              <div className="rounded-2xl bg-neutral-50 p-8 text-center">
                <p className="mb-4">{t('catalog.empty')}</p>
                {hasFilters && (
                  <button type="button" className={buttonClass.secondary} onClick={() => setFilter({})}>
                    {t('catalog.filtersReset')}
                  </button>
                )}
              </div>
            ) : (
              <ul className="grid grid-cols-2 gap-3 tablet:grid-cols-3 laptop:grid-cols-4 tablet:gap-4">
                {shown.map((card, i) => (
                  <li key={card.id}>
                    <ProductCard card={card} priority={i < 4} />
                  </li>
                ))}
              </ul>
            )}
            {page < pages && (
              <div className="mt-8 flex justify-center">
                <button
                  type="button"
                  className={buttonClass.secondary}
                  onClick={() => {
                    setMore({ key, upTo: page, from: shownFrom, items: shown })
                    void go({ ...state, page: page + 1 })
                  }}
                >
                  {t('catalog.showMore')}
                </button>
              </div>
            )}
            <div className="mt-6">
              <Pagination
                page={page}
                pages={pages}
                shownFrom={shownFrom}
                linkFor={(p) => linkFor({ ...state, page: p })}
              />
            </div>
          </section>
        </div>
      </div>
      {filtersOpen !== 'unloaded' && (
        <Suspense fallback={null}>
          <Dialog
            open={filtersOpen}
            onOpenChange={setFiltersOpen}
            title={t('catalog.filters')}
            size="lg"
            phoneFullHeight
            footer={
              <>
                {hasFilters && (
                  <button type="button" className={buttonClass.secondary} onClick={() => setFilter({})}>
                    {t('catalog.filtersReset')}
                  </button>
                )}
                <button
                  type="button"
                  className={`${buttonClass.primary} flex-1 tablet:flex-none`}
                  onClick={() => setFiltersOpen(false)}
                >
                  {t('catalog.filtersShow', { count: total })}
                </button>
              </>
            }
          >
            <FiltersPanel filters={data.filters} value={state.filter} onChange={setFilter} idPrefix="modal" />
          </Dialog>
        </Suspense>
      )}
    </div>
  )
}
