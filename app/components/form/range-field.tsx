import { useEffect, useId, useState, type ReactNode } from 'react'
import { useT } from '../../lib/i18n'
import { normalizeRange, parseNumber } from './bounds'

/**
 * A [start, end] range (price filter…): two number inputs and a two-thumb slider.
 *
 * Props: `value` ([start, end]), `onChange([start, end])` — called with a normalized range,
 * on slider moves and when an input is committed (blur or Enter); `min`, `max`, `step` (default 1);
 * `label` (group name), `format` (how the inputs show a number, default `String`),
 * `disabled`, `names` ([startName, endName] to submit with a plain form); `onDraft([start, end])` —
 * optional, called as the visitor types (before the commit) with the typed numbers kept within
 * [min, max], so a label beside the field can show what is typed.
 *
 * Start and end always stay within [min, max] and at least one step apart (spec §5):
 * the end the visitor moves yields to the other one.
 */
export function RangeField({
  value,
  onChange,
  onDraft,
  min,
  max,
  step = 1,
  label,
  disabled,
  names,
  className = '',
}: {
  value: readonly [number, number]
  onChange: (value: [number, number]) => void
  onDraft?: (value: [number, number]) => void
  min: number
  max: number
  step?: number
  label: ReactNode
  disabled?: boolean
  names?: readonly [string, string]
  className?: string
}) {
  const t = useT()
  const id = useId()
  const [start, end] = normalizeRange(value, { min, max, step })
  const [texts, setTexts] = useState<[string, string]>([String(start), String(end)])
  useEffect(() => setTexts([String(start), String(end)]), [start, end])

  const update = (next: [number, number], moved: 'start' | 'end') => {
    const normalized = normalizeRange(next, { min, max, step }, moved)
    setTexts([String(normalized[0]), String(normalized[1])])
    if (normalized[0] !== start || normalized[1] !== end) onChange(normalized)
  }
  const commit = (which: 'start' | 'end') => {
    const parsed = parseNumber(which === 'start' ? texts[0] : texts[1])
    if (parsed === null) return setTexts([String(start), String(end)])
    update(which === 'start' ? [parsed, end] : [start, parsed], which)
  }
  const span = max - min || 1
  const left = ((start - min) / span) * 100
  const right = ((end - min) / span) * 100
  const thumb =
    'pointer-events-none absolute inset-x-0 top-1/2 h-6 w-full -translate-y-1/2 appearance-none bg-transparent [&::-webkit-slider-thumb]:pointer-events-auto [&::-webkit-slider-thumb]:size-5 [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:border-2 [&::-webkit-slider-thumb]:border-brand-600 [&::-webkit-slider-thumb]:bg-white [&::-moz-range-thumb]:pointer-events-auto [&::-moz-range-thumb]:size-5 [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-2 [&::-moz-range-thumb]:border-brand-600 [&::-moz-range-thumb]:bg-white focus-visible:outline-none [&:focus-visible::-webkit-slider-thumb]:ring-2 [&:focus-visible::-webkit-slider-thumb]:ring-brand-600 [&:focus-visible::-webkit-slider-thumb]:ring-offset-2 [&:focus-visible::-moz-range-thumb]:ring-2 [&:focus-visible::-moz-range-thumb]:ring-brand-600 [&:focus-visible::-moz-range-thumb]:ring-offset-2'
  const input =
    'min-h-11 w-full rounded-xl border border-neutral-300 bg-white px-3 text-base tabular-nums focus:border-brand-600'

  return (
    <fieldset className={`flex flex-col gap-3 ${className}`} disabled={disabled}>
      <legend className="mb-2 text-sm font-medium text-neutral-700">{label}</legend>
      <div className="flex items-center gap-2">
        {(['start', 'end'] as const).map((which, i) => (
          <label key={which} className="flex flex-1 items-center gap-2 text-sm text-neutral-600">
            <span>{t(which === 'start' ? 'range.from' : 'range.to')}</span>
            <input
              id={`${id}-${which}`}
              name={names?.[i]}
              type="text"
              inputMode={Number.isInteger(step) ? 'numeric' : 'decimal'}
              value={texts[i]}
              onChange={(e) => {
                const next: [string, string] = i === 0 ? [e.target.value, texts[1]] : [texts[0], e.target.value]
                setTexts(next)
                if (onDraft) {
                  const clamp = (text: string, fallback: number) => {
                    const n = parseNumber(text)
                    return n === null ? fallback : Math.min(max, Math.max(min, n))
                  }
                  onDraft([clamp(next[0], start), clamp(next[1], end)])
                }
              }}
              onBlur={() => commit(which)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault()
                  commit(which)
                }
              }}
              className={input}
            />
          </label>
        ))}
      </div>
      <div className="relative mx-2.5 h-6">
        <div className="absolute inset-x-0 top-1/2 h-1 -translate-y-1/2 rounded bg-neutral-200" />
        <div
          className="absolute top-1/2 h-1 -translate-y-1/2 rounded bg-brand-600"
          style={{ left: `${left}%`, right: `${100 - right}%` }}
        />
        <input
          type="range"
          min={min}
          max={max}
          step={step}
          value={start}
          aria-label={`${typeof label === 'string' ? label + ': ' : ''}${t('range.from')}`}
          onChange={(e) => update([Number(e.target.value), end], 'start')}
          className={thumb}
        />
        <input
          type="range"
          min={min}
          max={max}
          step={step}
          value={end}
          aria-label={`${typeof label === 'string' ? label + ': ' : ''}${t('range.to')}`}
          onChange={(e) => update([start, Number(e.target.value)], 'end')}
          className={thumb}
        />
      </div>
    </fieldset>
  )
}
