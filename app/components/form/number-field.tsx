import { useEffect, useId, useState, type ReactNode } from 'react'
import { useT } from '../../lib/i18n'
import { clampNumber, parseNumber, stepNumber } from './bounds'

/**
 * A number with − / + steppers (cart quantity, product options, filters).
 *
 * Props: `value`, `onChange(value)` (always called with a clamped number), `min`, `max`,
 * `step` (default 1), `label` (the accessible name; `hideLabel` keeps it for screen readers only),
 * `disabled`, `size` (`sm` | `md`), `name` (submitted with a plain form, e.g. without JS).
 *
 * Typing is free; the value is clamped to [min, max] on blur or Enter (spec §5). The steppers
 * are disabled at the bounds; ArrowUp / ArrowDown step like a native spinbutton.
 * `onClamp(typed, clamped)` is told when a typed number was outside the bounds, so the caller can
 * say why it changed (issue 17: "Only 8 in stock").
 */
export function NumberField({
  value,
  onChange,
  min = -Infinity,
  max = Infinity,
  step = 1,
  label,
  hideLabel,
  disabled,
  size = 'md',
  name,
  className = '',
  onClamp,
  describedBy,
}: {
  value: number
  onChange: (value: number) => void
  min?: number
  max?: number
  step?: number
  label: ReactNode
  hideLabel?: boolean
  disabled?: boolean
  size?: 'sm' | 'md'
  name?: string
  className?: string
  onClamp?: (typed: number, clamped: number) => void
  /** Id of a note about the value (e.g. why it was clamped). */
  describedBy?: string
}) {
  const t = useT()
  const id = useId()
  const [text, setText] = useState(String(value))
  useEffect(() => setText(String(value)), [value])

  const commit = (raw: string) => {
    const parsed = parseNumber(raw)
    const next = clampNumber(parsed ?? value, min, max)
    if (parsed !== null && next !== parsed) onClamp?.(parsed, next)
    setText(String(next))
    if (next !== value) onChange(next)
  }
  const stepBy = (direction: 1 | -1) => {
    const next = stepNumber(parseNumber(text) ?? value, direction, step, min, max)
    setText(String(next))
    if (next !== value) onChange(next)
  }
  const atMin = value <= min
  const atMax = value >= max
  const h = size === 'sm' ? 'h-9' : 'h-11'
  const btn = `flex ${h} w-9 shrink-0 items-center justify-center text-lg text-ink hover:text-brand-700 disabled:cursor-not-allowed disabled:text-neutral-300 focus-visible:outline-2 focus-visible:outline-brand-600`

  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'text-sm font-medium text-neutral-700'}>
        {label}
      </label>
      <div className="inline-flex w-fit items-center rounded-full border border-neutral-300 bg-white">
        <button
          type="button"
          className={`${btn} rounded-l-full`}
          onClick={() => stepBy(-1)}
          disabled={disabled || atMin}
          aria-label={t('number.decrease')}
          aria-controls={id}
        >
          <span aria-hidden="true">−</span>
        </button>
        <input
          id={id}
          name={name}
          type="text"
          inputMode={Number.isInteger(step) ? 'numeric' : 'decimal'}
          role="spinbutton"
          aria-valuenow={value}
          aria-valuemin={Number.isFinite(min) ? min : undefined}
          aria-valuemax={Number.isFinite(max) ? max : undefined}
          value={text}
          aria-describedby={describedBy}
          disabled={disabled}
          onChange={(e) => setText(e.target.value)}
          onBlur={(e) => commit(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault()
              commit(e.currentTarget.value)
            } else if (e.key === 'ArrowUp') {
              e.preventDefault()
              stepBy(1)
            } else if (e.key === 'ArrowDown') {
              e.preventDefault()
              stepBy(-1)
            }
          }}
          className={`${h} w-14 bg-transparent text-center text-base tabular-nums focus-visible:-outline-offset-2`}
        />
        <button
          type="button"
          className={`${btn} rounded-r-full`}
          onClick={() => stepBy(1)}
          disabled={disabled || atMax}
          aria-label={t('number.increase')}
          aria-controls={id}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
    </div>
  )
}
