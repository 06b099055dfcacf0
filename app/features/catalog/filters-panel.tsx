import { useEffect, useRef, useState } from 'react'
import type { CatalogFilter, Filter } from '../../../server/contracts/catalog'
import { RangeField } from '../../components/form/range-field'
import { useT } from '../../lib/i18n'
import { formatPrice } from '../../shell/format'
import '../../lib/messages/catalog'

type CheckboxCode = 'brand' | 'hair-type' | 'purpose' | 'volume' | 'in-stock'

/** Facets with counts from the server; every change is applied through `onChange` (the URL). */
export function FiltersPanel({
  filters,
  value,
  onChange,
  idPrefix,
}: {
  filters: Filter[]
  value: CatalogFilter
  onChange: (next: CatalogFilter) => void
  idPrefix: string
}) {
  const t = useT()
  const priceTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
  useEffect(() => () => void (priceTimer.current && clearTimeout(priceTimer.current)), [])

  const selected = (code: CheckboxCode): string[] => {
    if (code === 'in-stock') return value['in-stock'] ? ['1'] : []
    if (code === 'volume') return (value.volume ?? []).map(String)
    return value[code] ?? []
  }
  const toggle = (code: CheckboxCode, v: string, on: boolean) => {
    if (code === 'in-stock') return onChange({ ...value, 'in-stock': on })
    const list = selected(code)
    const next = on ? [...list, v] : list.filter((x) => x !== v)
    if (code === 'volume') return onChange({ ...value, volume: next.map(Number) })
    onChange({ ...value, [code]: next })
  }

  return (
    <div className="flex flex-col gap-6">
      {filters.map((f) =>
        f.kind === 'range' ? (
          <PriceFilter
            key={f.code}
            filter={f}
            label={f.label}
            onChange={(range) => {
              if (priceTimer.current) clearTimeout(priceTimer.current)
              priceTimer.current = setTimeout(() => {
                const [min, max] = range
                onChange({
                  ...value,
                  price: { min: min > f.min ? min : undefined, max: max < f.max ? max : undefined },
                })
              }, 400)
            }}
          />
        ) : f.values.length === 0 ? null : (
          <fieldset key={f.code}>
            <legend className="mb-2 font-medium">{f.label}</legend>
            <ul className="flex max-h-64 flex-col gap-1.5 overflow-y-auto">
              {f.values.map((v) => {
                const id = `${idPrefix}-${f.code}-${v.value}`
                const checked = selected(f.code as CheckboxCode).includes(v.value)
                return (
                  <li key={v.value} className="flex items-center gap-2">
                    <input
                      id={id}
                      type="checkbox"
                      className="size-4 accent-brand-600"
                      checked={checked}
                      disabled={!checked && v.count === 0}
                      onChange={(e) => toggle(f.code as CheckboxCode, v.value, e.target.checked)}
                    />
                    <label
                      htmlFor={id}
                      className={`flex flex-1 justify-between gap-2 text-sm ${!checked && v.count === 0 ? 'text-neutral-500' : ''}`}
                    >
                      <span>{v.label}</span>
                      <span className="text-neutral-500" aria-label={`(${v.count})`}>
                        {v.count}
                      </span>
                    </label>
                  </li>
                )
              })}
            </ul>
          </fieldset>
        ),
      )}
      <p className="sr-only">{t('catalog.filters')}</p>
    </div>
  )
}

function PriceFilter({
  filter,
  label,
  onChange,
}: {
  filter: Extract<Filter, { kind: 'range' }>
  label: string
  onChange: (v: [number, number]) => void
}) {
  const from = filter.from ?? filter.min
  const to = filter.to ?? filter.max
  const [range, setRange] = useState<[number, number]>([from, to])
  // What the label shows: the chosen range, or what is being typed into "От"/"До" (issue 17).
  const [draft, setDraft] = useState<[number, number] | null>(null)
  useEffect(() => {
    setRange([from, to])
    setDraft(null)
  }, [from, to])
  const shown = draft ?? range
  return (
    <div>
      <RangeField
        label={label}
        value={range}
        min={filter.min}
        max={Math.max(filter.max, filter.min + filter.step)}
        step={filter.step}
        onDraft={setDraft}
        onChange={(v) => {
          setRange(v)
          setDraft(null)
          onChange(v)
        }}
      />
      <p className="mt-1 text-xs text-neutral-500" data-testid="price-range-label">
        {formatPrice(shown[0])} — {formatPrice(shown[1])}
      </p>
    </div>
  )
}
