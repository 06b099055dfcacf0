import { useQuery } from '../../lib/query'
import { useEffect, useState, type ComponentType } from 'react'
import { useOnDemand } from './use-on-demand'
import { useTRPC } from '../../lib/trpc'
import type { Item, OptionsProps } from './search-options'

/** Spec: "fetch delay default 200 ms"; the server answers from 2 characters. */
const DELAY = 200
export const MIN = 2

// The options' markup, the answer's items and the input's keys load once the visitor types (by the
// time the first answer comes), not with the page: the listbox itself is in the first render,
// hidden, for the combobox to point at.
const loadOptions = () => import('./search-options')

/** Fetches the options' code when the search field takes the focus, so it is there by the first key. */
export const preloadSuggestions = () => void loadOptions().catch(() => undefined)

export type { Item } from './search-options'

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
  const options = useOnDemand(loadOptions, open)

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
  const items: Item[] = options?.suggestItems(data) ?? []
  return { data, items, Options: options?.default, keyDown: options?.suggestKeyDown }
}

/** The suggestions listbox under the search field (ARIA combobox): text, or product with photo and price. */
export function SearchSuggestions({
  listId,
  labelId,
  expanded,
  items,
  active,
  choose,
  Options,
}: OptionsProps & { labelId: string; expanded: boolean; Options: ComponentType<OptionsProps> | undefined }) {
  return (
    <ul
      id={listId}
      role="listbox"
      aria-labelledby={labelId}
      hidden={!(expanded && Options)}
      className="mt-2 overflow-hidden rounded-2xl border border-neutral-200 bg-white py-1 shadow-sm"
    >
      {expanded && Options && <Options listId={listId} items={items} active={active} choose={choose} />}
    </ul>
  )
}
