import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form'
import type { AddressSuggestion } from '../../../server/contracts/account'
import { FieldFrame, inputClass, visibleError } from '../form/field-frame'
import { useT } from '../../lib/i18n'
import { useTRPC } from '../../lib/trpc'

/** Wait after the last key before asking for suggestions. */
const DEBOUNCE_MS = 200

/**
 * The delivery address with as-you-type suggestions from `suggest-address` (streets and houses
 * of the session's city), as an ARIA combobox: arrows move, Enter picks, Escape closes.
 * A failed lookup simply shows no suggestions; the typed text is always accepted.
 */
export function AddressField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  hint,
}: {
  control: Control<T, unknown, FieldValues>
  name: FieldPath<T>
  label: ReactNode
  required?: boolean
  hint?: ReactNode
}) {
  const t = useT()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const { field, fieldState, formState } = useController({ control, name })
  const error = visibleError(fieldState, formState)
  const [items, setItems] = useState<AddressSuggestion[]>([])
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const listId = useId()
  const typed = useRef(false)
  const value = (field.value as string | undefined) ?? ''

  useEffect(() => {
    const query = value.trim()
    if (!typed.current || query.length < 2) {
      setItems([])
      return
    }
    let cancelled = false
    const timer = setTimeout(() => {
      queryClient
        .fetchQuery({ ...trpc.user.suggestAddress.queryOptions({ query }), staleTime: 60_000 })
        .then((res) => {
          if (cancelled) return
          setItems(res.list)
          setActive(-1)
          setOpen(res.list.length > 0)
        })
        .catch(() => {
          if (!cancelled) setItems([])
        })
    }, DEBOUNCE_MS)
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
  }, [value, queryClient, trpc])

  const pick = (item: AddressSuggestion) => {
    typed.current = false
    setOpen(false)
    setItems([])
    field.onChange(item.full || item.value)
  }
  const expanded = open && items.length > 0

  return (
    <FieldFrame label={label} error={error} hint={hint} required={required}>
      {({ id, describedBy, invalid }) => (
        <div className="relative">
          <input
            id={id}
            ref={field.ref}
            name={field.name}
            value={value}
            onChange={(e) => {
              typed.current = true
              field.onChange(e.target.value)
            }}
            onBlur={() => {
              setOpen(false)
              field.onBlur()
            }}
            onFocus={() => items.length > 0 && setOpen(true)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowDown' && items.length) {
                e.preventDefault()
                setOpen(true)
                setActive((a) => (a + 1) % items.length)
              } else if (e.key === 'ArrowUp' && items.length) {
                e.preventDefault()
                setActive((a) => (a <= 0 ? items.length - 1 : a - 1))
              } else if (e.key === 'Enter' && expanded && items[active] !== undefined) {
                e.preventDefault()
                pick(items[active])
              } else if (e.key === 'Escape' && expanded) {
                e.preventDefault()
                e.stopPropagation()
                setOpen(false)
              }
            }}
            role="combobox"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
            aria-required={required || undefined}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            autoComplete="street-address"
            maxLength={500}
            className={inputClass}
          />
          <ul
            id={listId}
            role="listbox"
            aria-label={t('checkout.addressSuggestions')}
            hidden={!expanded}
            className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-y-auto rounded-xl border border-neutral-200 bg-white py-1 shadow-lg"
          >
            {items.map((item, i) => (
              <li
                key={`${item.full}-${i}`}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                onMouseDown={(e) => {
                  e.preventDefault()
                  pick(item)
                }}
                onMouseEnter={() => setActive(i)}
                className={`cursor-pointer px-4 py-2 text-sm ${i === active ? 'bg-brand-50 text-brand-700' : 'text-ink'}`}
              >
                <span className="block">{item.value}</span>
                {(item.postal || item.city) && (
                  <span className="block text-xs text-neutral-600">
                    {[item.postal, item.city].filter(Boolean).join(', ')}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </FieldFrame>
  )
}
