import { formatPrice } from '../../lib/format'
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
    </>
  )
}
