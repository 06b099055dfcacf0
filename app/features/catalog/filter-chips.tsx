import type { CatalogFilter, Filter } from '../../../server/contracts/catalog'
import { formatPrice } from '../../shell/format'
import { useT } from '../../lib/i18n'
import '../../lib/messages/catalog'

interface Chip {
  key: string
  label: string
  without: CatalogFilter
}

/** One chip per active filter value, in the order of the filter panel. */
export function filterChips(filters: Filter[], value: CatalogFilter, t: ReturnType<typeof useT>): Chip[] {
  const chips: Chip[] = []
  const labelOf = (code: string, v: string) => {
    const f = filters.find((x) => x.code === code)
    return (f?.kind === 'checkbox' ? f.values.find((x) => x.value === v)?.label : undefined) ?? v
  }
  for (const f of filters) {
    if (f.code === 'price') {
      const { min, max } = value.price ?? {}
      if (min === undefined && max === undefined) continue
      const label =
        min !== undefined && max !== undefined
          ? t('chips.priceRange', { from: formatPrice(min), to: formatPrice(max) })
          : min !== undefined
            ? t('chips.priceFrom', { price: formatPrice(min) })
            : t('chips.priceTo', { price: formatPrice(max ?? 0) })
      chips.push({ key: 'price', label: `${f.label}: ${label}`, without: { ...value, price: undefined } })
    } else if (f.code === 'in-stock') {
      if (value['in-stock'])
        chips.push({ key: 'in-stock', label: labelOf('in-stock', '1'), without: { ...value, 'in-stock': false } })
    } else if (f.code === 'volume') {
      for (const v of value.volume ?? [])
        chips.push({
          key: `volume-${v}`,
          label: labelOf('volume', String(v)),
          without: { ...value, volume: (value.volume ?? []).filter((x) => x !== v) },
        })
    } else if (f.code === 'brand' || f.code === 'hair-type' || f.code === 'purpose') {
      const code = f.code
      for (const v of value[code] ?? [])
        chips.push({
          key: `${code}-${v}`,
          label: labelOf(code, v),
          without: { ...value, [code]: (value[code] ?? []).filter((x) => x !== v) },
        })
    }
  }
  return chips
}

/**
 * Removable chips for the active filters above a listing (issue 17): each removes its own filter,
 * "Сбросить все" removes them all. Nothing is rendered without an active filter.
 */
export function FilterChips({
  filters,
  value,
  onChange,
}: {
  filters: Filter[]
  value: CatalogFilter
  onChange: (next: CatalogFilter) => void
}) {
  const t = useT()
  const chips = filterChips(filters, value, t)
  if (chips.length === 0) return null
  return (
    <div className="mb-4 flex flex-wrap items-center gap-2" role="group" aria-label={t('chips.label')}>
      {chips.map((c) => (
        <button
          key={c.key}
          type="button"
          onClick={() => onChange(c.without)}
          aria-label={t('chips.remove', { label: c.label })}
          className="inline-flex min-h-9 max-w-full items-center gap-1.5 rounded-full border border-brand-600 bg-brand-50 py-1 pr-2 pl-3 text-sm text-brand-700 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          <span className="truncate">{c.label}</span>
          <span aria-hidden="true" className="text-base leading-none">
            ×
          </span>
        </button>
      ))}
      <button
        type="button"
        onClick={() => onChange({})}
        className="min-h-9 px-2 text-sm text-brand-700 underline hover:no-underline focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {t('chips.resetAll')}
      </button>
    </div>
  )
}
