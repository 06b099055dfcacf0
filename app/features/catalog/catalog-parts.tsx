import { lazy, Suspense, type ComponentProps } from 'react'
import type { CatalogListing, ProductCard as Card } from '../../../server/contracts/catalog'
import { ProductCard } from '../../components/product/product-card'
import { buttonClass } from '../../components/ui/button'
import { AppLink } from '../../components/ui/app-link'
import { useT } from '../../lib/i18n'
import '../../lib/messages/catalog'

const FilterChips = lazy(() => import('./filter-chips').then((m) => ({ default: m.FilterChips })))

/**
 * The chips of the active filters (filter-chips.tsx), whose code loads only when a filter is
 * active: without one they render nothing, so a page without filters does not fetch them (ADR 034).
 * Lazy inside Suspense, a server-rendered set of chips keeps its HTML until its code has come.
 */
export function AppliedFilterChips(props: ComponentProps<typeof FilterChips>) {
  if (Object.keys(props.value).length === 0) return null
  return (
    <Suspense fallback={null}>
      <FilterChips {...props} />
    </Suspense>
  )
}

/** The catalog's sections as pills, the current one marked. */
export function CatalogSectionsNav({
  sections,
  current,
}: {
  sections: { slug: string; title: string; link: string }[]
  current: string | undefined
}) {
  const t = useT()
  return (
    <nav aria-label={t('catalog.sections')} className="section-nav">
      {/* One row that scrolls sideways on a phone (issue 29), wrapped from a tablet up. */}
      <ul className="chips">
        {sections.map((s) => (
          <li key={s.slug}>
            <AppLink
              to={s.link}
              aria-current={current === s.slug ? 'page' : undefined}
              className={`inline-block rounded-full border px-3 py-1.5 text-sm ${current === s.slug ? 'border-brand-600 bg-brand-50 text-brand-700' : 'border-neutral-300 hover:border-brand-600'}`}
            >
              {s.title}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** The count of products found, the filters button (below 1024 px) and the sort box. */
export function CatalogToolbar({
  total,
  applied,
  sort,
  sorts,
  onSort,
  openFilters,
}: {
  total: number
  applied: number
  sort: CatalogListing['sort']
  sorts: CatalogListing['sorts']
  onSort: (sort: string) => void
  openFilters: () => void
}) {
  const t = useT()
  const hasFilters = applied > 0
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <p id="catalog-count" className="text-neutral-600" aria-live="polite">
        {t('catalog.found', { count: total })}
      </p>
      {/* Below 480 px the row is the filters button and the sort box only, so it fits 320 px. */}
      <div className="flex min-w-0 max-w-full items-center gap-3">
        <button type="button" className={`${buttonClass.secondary} shrink-0 tablet-l:hidden`} onClick={openFilters}>
          {t('catalog.filters')}
          {hasFilters ? ` (${applied})` : ''}
        </button>
        <label className="flex min-w-0 items-center gap-2 text-sm">
          <span className="sr-only phone-l:not-sr-only">{t('catalog.sort')}</span>
          <select
            className="min-h-11 w-full min-w-0 rounded-full border border-neutral-300 bg-white px-3"
            value={sort}
            onChange={(e) => onSort(e.target.value)}
          >
            {sorts.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
      </div>
    </div>
  )
}

/** The cards shown (the first four load at once), or "nothing found" with the filters reset. */
export function CatalogGrid({ shown, hasFilters, reset }: { shown: Card[]; hasFilters: boolean; reset: () => void }) {
  const t = useT()
  return shown.length === 0 ? (
    <div className="rounded-2xl bg-neutral-50 p-8 text-center">
      <p className="mb-4">{t('catalog.empty')}</p>
      {hasFilters && (
        <button type="button" className={buttonClass.secondary} onClick={reset}>
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
  )
}
