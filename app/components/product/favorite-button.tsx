import { useState } from 'react'
import type { ProductCard } from '../../../server/contracts/catalog'
import { useT } from '../../lib/i18n'
import { useFavorites } from './use-favorites'
import { heartClass } from '../layout/personal-parts'
import '../../lib/messages/cards'

/** The heart toggle of cards and product pages (optimistic, rolled back on failure). */
export function FavoriteButton({ card, className = '' }: { card: ProductCard; className?: string }) {
  const t = useT()
  const favorites = useFavorites()
  const on = favorites.has(card.id, card.isFavorite)
  const [failed, setFailed] = useState(false)
  return (
    <>
      <button
        type="button"
        aria-pressed={on}
        aria-label={on ? t('favorites.remove') : t('favorites.add')}
        title={on ? t('favorites.remove') : t('favorites.add')}
        data-heart={card.id}
        onClick={() => {
          setFailed(false)
          void favorites.toggle(card, !on, () => setFailed(true))
        }}
        // The "on" state is also written by personal-parts.ts (ADR 021): change both or neither.
        className={heartClass(
          `flex size-10 items-center justify-center rounded-full bg-white/90 text-neutral-500 shadow-sm hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600 ${className}`,
          on,
        )}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-5"
          fill={on ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M12 20s-7-4.35-7-10a4 4 0 0 1 7-2.65A4 4 0 0 1 19 10c0 5.65-7 10-7 10z" strokeLinejoin="round" />
        </svg>
      </button>
      {failed && (
        <span role="alert" className="sr-only">
          {t('favorites.failed')}
        </span>
      )}
    </>
  )
}
