import { useNavigate, useRouterState } from '@tanstack/react-router'
import { useEffect, useId, useState, type RefObject } from 'react'
import { LINK_ENTITIES } from '../../../server/contracts/links'
import { useT } from '../../lib/i18n'
import { IconSearch } from './icons'

/**
 * The header's search form (spec §2, §5): navigates to the search page with `?s=`.
 * Submit is disabled while the text is empty, while a navigation is loading, or when it equals
 * the current query. Without JavaScript it is a plain GET form to the same URL.
 */
export function SearchForm({ inputRef, className = '' }: { inputRef?: RefObject<HTMLInputElement | null>; className?: string }) {
  const t = useT()
  const id = useId()
  const navigate = useNavigate()
  const { current, loading } = useRouterState({
    select: (s) => ({
      current: s.location.pathname === LINK_ENTITIES.search ? new URLSearchParams(s.location.searchStr).get('s') ?? '' : '',
      loading: s.status === 'pending',
    }),
    structuralSharing: true,
  })
  const [value, setValue] = useState(current)
  useEffect(() => setValue(current), [current])
  const query = value.trim()
  const disabled = query === '' || loading || query === current.trim()

  return (
    <form
      role="search"
      action={LINK_ENTITIES.search}
      method="get"
      className={`flex w-full items-center gap-2 ${className}`}
      onSubmit={(e) => {
        e.preventDefault()
        if (disabled) return
        void navigate({ href: `${LINK_ENTITIES.search}?s=${encodeURIComponent(query)}` })
      }}
    >
      <label htmlFor={id} className="sr-only">
        {t('header.search')}
      </label>
      <input
        ref={inputRef}
        id={id}
        name="s"
        type="search"
        required
        autoComplete="off"
        enterKeyHint="search"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder={t('header.searchPlaceholder')}
        className="min-h-11 w-full min-w-0 flex-1 rounded-full border border-neutral-300 bg-white px-4 text-base focus:border-brand-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600/30"
      />
      <button
        type="submit"
        disabled={disabled}
        className="flex min-h-11 shrink-0 items-center gap-2 rounded-full bg-brand-600 px-4 font-medium text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50"
      >
        <IconSearch className="size-5" />
        <span className="sr-only phone-l:not-sr-only">{t('header.searchSubmit')}</span>
      </button>
    </form>
  )
}
