import { Link } from '@tanstack/react-router'
import { useT } from '../../lib/i18n'
import '../../lib/messages/catalog'

/** Page numbers as real links (crawlable, back-button friendly): 1 … 4 5 [6] 7 8 … 20. */
export function Pagination({
  page,
  pages,
  linkFor,
  shownFrom = page,
}: {
  page: number
  pages: number
  linkFor: (page: number) => { to: string; search: object }
  shownFrom?: number
}) {
  const t = useT()
  if (pages <= 1) return null
  const list: (number | '…')[] = []
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - page) <= 2) list.push(p)
    else if (list[list.length - 1] !== '…') list.push('…')
  }
  const cls = 'flex min-w-10 h-10 items-center justify-center rounded-full px-3 text-sm'
  return (
    <nav aria-label={t('catalog.pages')} className="flex flex-wrap items-center justify-center gap-1">
      {page > 1 && (
        <Link
          to={linkFor(page - 1).to}
          search={linkFor(page - 1).search}
          className={`${cls} hover:bg-neutral-100`}
          aria-label={t('catalog.prev')}
        >
          ←
        </Link>
      )}
      {list.map((p, i) =>
        p === '…' ? (
          <span key={`gap-${i}`} className={cls} aria-hidden="true">
            …
          </span>
        ) : (
          <Link
            key={p}
            to={linkFor(p).to}
            search={linkFor(p).search}
            aria-label={t('catalog.page', { page: p })}
            aria-current={p === page ? 'page' : undefined}
            className={`${cls} ${p >= shownFrom && p <= page ? 'bg-brand-600 text-white' : 'hover:bg-neutral-100'}`}
          >
            {p}
          </Link>
        ),
      )}
      {page < pages && (
        <Link
          to={linkFor(page + 1).to}
          search={linkFor(page + 1).search}
          className={`${cls} hover:bg-neutral-100`}
          aria-label={t('catalog.next')}
        >
          →
        </Link>
      )}
    </nav>
  )
}
