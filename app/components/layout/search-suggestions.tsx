import { useQuery } from '../../lib/query'
import { useEffect, useState } from 'react'
import { formatPrice } from '../../lib/format'
import { useTRPC } from '../../lib/trpc'
import { IconSearch } from './icons'

/** Spec: "fetch delay default 200 ms"; the server answers from 2 characters. */
const DELAY = 200
export const MIN = 2

export type Item = {
  text: string
  link?: string
  price?: number
  image?: { src: string; width: number; height: number }
}

/**
 * The suggestions for the typed text: asked 200 ms after the last key, only once the visitor
 * typed (`open`) and from 2 characters; the last list stays while the next one loads. Text
 * suggestions (the corrected query first) come before products, without the products' names.
 */
export function useSuggestItems(query: string, open: boolean) {
  const trpc = useTRPC()
  const [debounced, setDebounced] = useState('')

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(query), DELAY)
    return () => clearTimeout(timer)
  }, [query])

  const { data } = useQuery(
    trpc.search.suggest.queryOptions(
      { s: debounced },
      {
        enabled: open && debounced.length >= MIN,
        staleTime: 60_000,
        placeholderData: (prev) => prev,
        trpc: { abortOnUnmount: true },
      },
    ),
  )
  const items: Item[] = []
  if (data) {
    const names = new Set(data.products.map((p) => p.name))
    for (const text of new Set([data.corrected ?? '', ...data.suggestions]))
      if (text && !names.has(text)) items.push({ text })
    for (const p of data.products) items.push({ text: p.name, link: p.link, price: p.price.value, image: p.image })
  }
  return { data, items }
}

/** The suggestions listbox under the search field (ARIA combobox): text, or product with photo and price. */
export function SearchSuggestions({
  listId,
  labelId,
  expanded,
  items,
  active,
  choose,
}: {
  listId: string
  labelId: string
  expanded: boolean
  items: Item[]
  active: number
  choose: (item: Item) => void
}) {
  return (
    <ul
      id={listId}
      role="listbox"
      aria-labelledby={labelId}
      hidden={!expanded}
      className="mt-2 overflow-hidden rounded-2xl border border-neutral-200 bg-white py-1 shadow-sm"
    >
      {expanded &&
        items.map((item, i) => (
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
                <span className="min-w-0 flex-1 truncate font-medium">{item.text}</span>
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
    </ul>
  )
}
