import type { KeyboardEvent } from 'react'
import type { SuggestResult } from '../../../server/contracts/catalog'
import { formatPrice } from '../../shell/format'
import { IconSearch } from './icons'

/** A suggestion: a text (fills the input) or a product (opens its page). */
export type Item = {
  text: string
  link?: string
  price?: number
  image?: { src: string; width: number; height: number }
}

export type OptionsProps = {
  listId: string
  items: Item[]
  active: number
  choose: (item: Item) => void
}

/**
 * The items of a suggestions answer: text suggestions (the corrected query first) before
 * products, without the products' names.
 */
export function suggestItems(data: SuggestResult | undefined): Item[] {
  const items: Item[] = []
  if (!data) return items
  const names = new Set(data.products.map((p) => p.name))
  for (const text of new Set([data.corrected ?? '', ...data.suggestions]))
    if (text && !names.has(text)) items.push({ text })
  for (const p of data.products) items.push({ text: p.name, link: p.link, price: p.price.value, image: p.image })
  return items
}

export type SuggestKeys = {
  items: Item[]
  expanded: boolean
  active: number
  open: () => void
  setActive: (update: (i: number) => number) => void
  choose: (item: Item) => void
  close: () => void
}

/**
 * The search input's keys for its suggestions: the arrows open the list and cycle through the
 * items and back to the input, Enter chooses the active item, the first Escape closes the list
 * (the header sees defaultPrevented and stays open). Without items (before this module has come)
 * no key does anything.
 */
export function suggestKeyDown(e: KeyboardEvent<HTMLInputElement>, k: SuggestKeys) {
  const n = k.items.length
  const item = k.items[k.active]
  if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
    if (!n) return
    e.preventDefault()
    if (!k.expanded) return k.open()
    // Cycles through the items and back to the input (-1).
    const step = e.key === 'ArrowDown' ? 1 : -1
    k.setActive((i) => ((i + 1 + step + n + 1) % (n + 1)) - 1)
  } else if (e.key === 'Enter' && k.expanded && item) {
    e.preventDefault()
    k.choose(item)
  } else if (e.key === 'Escape' && k.expanded) {
    e.preventDefault()
    k.close()
  }
}

/** The header search's suggestion options (search-suggestions.tsx): text, or product with photo and price. */
export default function SearchOptions({ listId, items, active, choose }: OptionsProps) {
  return (
    <>
      {items.map((item, i) => (
        <li
          key={(item.link ?? '') + item.text}
          id={`${listId}${i}`}
          role="option"
          aria-selected={i === active}
          // Keeps the focus in the input (no blur) so the click lands.
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => choose(item)}
          className={`flex min-h-11 cursor-pointer items-center gap-3 px-4 py-2 ${i === active ? 'bg-brand-50 text-brand-700' : 'hover:bg-neutral-50'}`}
        >
          {item.link ? (
            <>
              {/* A small product photo (issue 17): lazy, with its box reserved. */}
              {item.image && (
                <img
                  src={item.image.src}
                  width={40}
                  height={item.image.width ? Math.round((40 * item.image.height) / item.image.width) : 40}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  className="size-10 shrink-0 rounded-md bg-neutral-50 object-contain"
                  data-testid="suggest-thumb"
                />
              )}
              <span className="suggest-name">{item.text}</span>
              {item.price !== undefined && (
                <span className="shrink-0 text-sm text-neutral-600">{formatPrice(item.price)}</span>
              )}
            </>
          ) : (
            <>
              <IconSearch className="size-4 shrink-0 text-neutral-400" />
              <span className="min-w-0 flex-1 truncate">{item.text}</span>
            </>
          )}
        </li>
      ))}
    </>
  )
}
