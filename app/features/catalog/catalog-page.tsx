import { lazy, Suspense, useState } from 'react'
import { useHydrated, useRouterState } from '@tanstack/react-router'
import { RuOnly, isRuOnly } from '../../shell/ru-only'
import type { CatalogFilter, ProductCard as Card } from '../../../server/contracts/catalog'
import type { PageProps } from '../../lib/entity'
import { PageTitle } from '../../shell/page-title'
import { buttonClass } from '../../components/ui/button'
import { useT } from '../../lib/i18n'
import { interactionIsland } from '../../lib/island'
import { Pagination } from './pagination'
import { AppliedFilterChips, CatalogGrid, CatalogSectionsNav, CatalogToolbar } from './catalog-parts'
import { useCatalogSearch } from './use-catalog-search'
import '../../lib/messages/catalog'

// The filters modal (below 1024 px) loads with its first opening, not with the page.
const FiltersModal = lazy(() => import('./filters-modal'))
// The side panel (from 1024 px) is server HTML until its first interaction (ADR 035); in the modal it loads at once.
const FiltersPanel = interactionIsland(
  () => import('./filters-panel').then((m) => m.FiltersPanel),
  'filters',
  'catalog.filtersLoadFailed',
)

type More = { key: string; upTo: number; from: number; items: Card[] }

/** The catalog and its sections: facets (side panel ≥1024 px, modal below), sort, pages, "show more". */
export default function CatalogPage({ entity }: PageProps<'catalog' | 'catalog-section'>) {
  const t = useT()
  const data = entity.data
  const { items, total, page, pageSize } = data.products
  const { state, go, linkFor, busy } = useCatalogSearch({ page, sort: data.sort, applied: data.applied })
  const [filtersOpen, setFiltersOpen] = useState<boolean | 'unloaded'>('unloaded')
  const pages = Math.max(1, Math.ceil(total / pageSize))
  const key = JSON.stringify([entity.meta.canonical, data.sort, data.applied])
  // "Show more" appends the next page to what is shown; the URL moves to that page, and the items
  // shown before go with its history entry (issue 29): Back from a product lists them all again
  // (and the router puts the scroll back), while a shared `?page=N` link opens that page alone.
  // Read once hydrated: the server's HTML (and so the hydrating render) has the page alone.
  const saved = useRouterState({ select: (s) => (s.location.state as { more?: More }).more })
  const more = useHydrated() ? saved : undefined
  const appended = more && more.key === key && more.upTo === page - 1
  const shown = appended ? [...more.items, ...items] : items
  const shownFrom = appended ? more.from : page

  const setFilter = (filter: CatalogFilter) => go({ ...state, page: 1, filter })
  const applied = Object.keys(data.applied).length
  const hasFilters = applied > 0

  return (
    <div>
      <PageTitle entity={entity} />
      <div className="mx-auto max-w-7xl px-4 pb-12">
        {data.section?.description && (
          <RuOnly when={isRuOnly(data.section.ruOnly, 'description')} className="section-intro">
            {/* On a phone two lines and «Ещё» (issue 29): the first row of products is on the first screen. No script. */}
            <p className="section-desc">{data.section.description}</p>
            {data.section.description.length > 80 && (
              <details className="section-more">
                <summary>{t('header.more')}</summary>
              </details>
            )}
          </RuOnly>
        )}
        <CatalogSectionsNav sections={data.sections} current={data.section?.slug} />
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
            <CatalogToolbar
              total={total}
              applied={applied}
              sort={data.sort}
              sorts={data.sorts}
              onSort={(sort) => go({ ...state, page: 1, sort: sort as typeof state.sort })}
              openFilters={() => setFiltersOpen(true)}
            />
            <AppliedFilterChips filters={data.filters} value={state.filter} onChange={setFilter} />
            <CatalogGrid shown={shown} hasFilters={hasFilters} reset={() => setFilter({})} />
            {page < pages && (
              <div className="mt-8 flex justify-center">
                <button
                  type="button"
                  className={buttonClass.secondary}
                  onClick={() =>
                    void go(
                      { ...state, page: page + 1 },
                      { state: { more: { key, upTo: page, from: shownFrom, items: shown } } },
                    )
                  }
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
          <FiltersModal
            open={filtersOpen}
            onOpenChange={setFiltersOpen}
            total={total}
            onReset={hasFilters ? () => setFilter({}) : undefined}
          >
            <FiltersPanel filters={data.filters} value={state.filter} onChange={setFilter} idPrefix="modal" />
          </FiltersModal>
        </Suspense>
      )}
    </div>
  )
}
