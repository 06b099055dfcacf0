import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import type { Control, FieldPath, FieldValues } from 'react-hook-form'
import { useController } from './form-code'
import { FieldFrame, inputClass, visibleError } from './field-frame'
import { useT } from '../../lib/i18n'
import '../../lib/messages/account'

/** The spec's "fetch delay": as-you-type lookups wait 200 ms after the last key. */
const DEBOUNCE_MS = 200

/**
 * A text field with as-you-type suggestions (ARIA combobox + listbox): arrows move, Enter
 * picks, Escape closes (and a lookup still in flight does not reopen it). `load(query)` fetches the suggestions (a failure shows none). Picking
 * sets the field to `pickValue(item)` when given, then calls `onPick(item)` (to fill other fields).
 * `renderItem` draws an option (default: `itemLabel`); `listLabel` names the listbox.
 */
export function SuggestField<T extends FieldValues, Item>({
  control,
  name,
  label,
  required,
  hint,
  load,
  itemLabel,
  renderItem,
  pickValue,
  onPick,
  listLabel,
  inputMode,
  autoComplete = 'off',
  maxLength,
}: {
  control: Control<T, unknown, FieldValues>
  name: FieldPath<T>
  label: ReactNode
  required?: boolean
  hint?: ReactNode
  load: (query: string) => Promise<Item[]>
  itemLabel: (item: Item) => string
  renderItem?: (item: Item) => ReactNode
  pickValue?: (item: Item) => string
  onPick?: (item: Item) => void
  listLabel?: string
  inputMode?: 'text' | 'numeric'
  autoComplete?: string
  maxLength?: number
}) {
  const t = useT()
  const { field, fieldState, formState } = useController({ control, name })
  const error = visibleError(fieldState, formState)
  const [items, setItems] = useState<Item[]>([])
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const listId = useId()
  const typed = useRef(false)
  // Escape dismissed the list: a lookup still in flight must not reopen it (the next key does).
  const dismissed = useRef(false)
  const value = (field.value as string | undefined) ?? ''

  useEffect(() => {
    if (!typed.current || value.trim().length < 2) {
      setItems([])
      return
    }
    let cancelled = false
    const timer = setTimeout(() => {
      load(value)
        .then((list) => {
          if (cancelled) return
          setItems(list)
          setActive(-1)
          setOpen(list.length > 0 && !dismissed.current)
        })
        .catch(() => {
          // A failed lookup just shows no suggestions (spec §8: failed requests give an empty result).
          if (!cancelled) setItems([])
        })
    }, DEBOUNCE_MS)
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
    // `load` is recreated by callers on each render; the query is what matters.
  }, [value])

  const pick = (item: Item) => {
    typed.current = false
    setOpen(false)
    setItems([])
    if (pickValue) field.onChange(pickValue(item))
    onPick?.(item)
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
              dismissed.current = false
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
              } else if (e.key === 'Enter' && expanded && active >= 0 && items[active] !== undefined) {
                e.preventDefault()
                pick(items[active])
              } else if (e.key === 'Escape' && expanded) {
                e.preventDefault()
                e.stopPropagation()
                dismissed.current = true
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
            autoComplete={autoComplete}
            inputMode={inputMode}
            maxLength={maxLength}
            className={inputClass}
          />
          <SuggestList
            listId={listId}
            label={listLabel ?? t('account.suggestions')}
            expanded={expanded}
            items={items}
            active={active}
            setActive={setActive}
            pick={pick}
            itemLabel={itemLabel}
            renderItem={renderItem}
          />
        </div>
      )}
    </FieldFrame>
  )
}

/** The suggestions listbox under the field: the mouse picks on press (the input keeps focus). */
function SuggestList<Item>({
  listId,
  label,
  expanded,
  items,
  active,
  setActive,
  pick,
  itemLabel,
  renderItem,
}: {
  listId: string
  label: string
  expanded: boolean
  items: Item[]
  active: number
  setActive: (index: number) => void
  pick: (item: Item) => void
  itemLabel: (item: Item) => string
  renderItem?: (item: Item) => ReactNode
}) {
  return (
    <ul
      id={listId}
      role="listbox"
      aria-label={label}
      hidden={!expanded}
      className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-y-auto rounded-xl border border-neutral-200 bg-white py-1 shadow-lg"
    >
      {items.map((item, i) => (
        <li
          key={`${itemLabel(item)}-${i}`}
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
          {renderItem ? renderItem(item) : itemLabel(item)}
        </li>
      ))}
    </ul>
  )
}
