import { useNavigate, useRouterState } from '@tanstack/react-router'
import { useEffect, useId, useState, type KeyboardEvent, type RefObject } from 'react'
import { LINK_ENTITIES } from '../../../server/contracts/links'
import { useT } from '../../lib/i18n'
import { IconSearch } from './icons'
import { MIN, preloadSuggestions, SearchSuggestions, useSuggestItems, type Item } from './search-suggestions'

/**
 * The header's search form (spec §2, §5): navigates to the search page with `?s=`.
 * Submit is disabled while the text is empty, while a navigation is loading, or when it equals
 * the current query. Without JavaScript it is a plain GET form to the same URL.
 *
 * As the visitor types, suggestions (`search.suggest`, which fixes typos and the keyboard
 * layout) show in a listbox under the input (ARIA combobox): text suggestions fill the input,
 * products open their page. The request waits 200 ms after the last key; a superseded one is
 * aborted (the query's signal, forwarded by the tRPC link); the last list stays while loading.
 */
export function SearchForm({
  inputRef,
  className = '',
}: {
  inputRef?: RefObject<HTMLInputElement | null>
  className?: string
}) {
  const t = useT()
  const id = useId()
  const listId = `${id}l`
  const navigate = useNavigate()
  const { current, loading } = useRouterState({
    select: (s) => ({
      current:
        s.location.pathname === LINK_ENTITIES.search ? (new URLSearchParams(s.location.searchStr).get('s') ?? '') : '',
      loading: s.status === 'pending',
    }),
    structuralSharing: true,
  })
  const [value, setValue] = useState(current)
  // Suggestions show only after the visitor types (not for the query the page was opened with).
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  useEffect(() => {
    setValue(current)
    setOpen(false)
  }, [current])
  const query = value.trim()
  const disabled = query === '' || loading || query === current.trim()
  const { data, items, Options, keyDown } = useSuggestItems(query, open)
  const expanded = open && query.length >= MIN && items.length > 0
  useEffect(() => setActive(-1), [data])

  const close = () => {
    setOpen(false)
    setActive(-1)
  }
  const choose = (item: Item) => {
    close()
    if (item.link) void navigate({ href: item.link })
    else setValue(item.text)
  }
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) =>
    keyDown?.(e, { items, expanded, active, open: () => setOpen(true), setActive, choose, close })

  return (
    <form
      role="search"
      action={LINK_ENTITIES.search}
      method="get"
      className={`w-full ${className}`}
      onSubmit={(e) => {
        e.preventDefault()
        if (disabled) return
        close()
        void navigate({ href: `${LINK_ENTITIES.search}?s=${encodeURIComponent(query)}` })
      }}
    >
      <div className="flex items-center gap-2">
        <label htmlFor={id} id={`${id}t`} className="sr-only">
          {t('header.search')}
        </label>
        <input
          ref={inputRef}
          id={id}
          name="s"
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}${active}` : undefined}
          required
          autoComplete="off"
          enterKeyHint="search"
          value={value}
          onChange={(e) => {
            setValue(e.target.value)
            setOpen(true)
            setActive(-1)
          }}
          onKeyDown={onKeyDown}
          onFocus={preloadSuggestions}
          onBlur={close}
          placeholder={t('header.searchPlaceholder')}
          className="min-h-11 w-full min-w-0 flex-1 rounded-full border border-neutral-300 bg-white px-4 text-base focus:border-brand-600"
        />
        <button
          type="submit"
          disabled={disabled}
          className="flex min-h-11 shrink-0 items-center gap-2 rounded-full bg-brand-600 px-4 font-medium text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50"
        >
          <IconSearch className="size-5" />
          <span className="sr-only phone-l:not-sr-only">{t('header.searchSubmit')}</span>
        </button>
      </div>
      <SearchSuggestions
        listId={listId}
        labelId={`${id}t`}
        expanded={expanded}
        items={items}
        active={active}
        choose={choose}
        Options={Options}
      />
    </form>
  )
}
