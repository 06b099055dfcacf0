import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import type { SearchHit, SearchResult } from '../../../server/contracts/catalog'
import type { PageProps } from '../../lib/entity'
import { PageTitle } from '../../components/layout/page-title'
import { ProductCard } from '../../components/product/product-card'
import { AppLink } from '../../components/ui/app-link'
import { buttonClass } from '../../components/ui/button'
import { useT } from '../../lib/i18n'

type Data = SearchResult & { query: string }

/** The search page (`/search/?s=`): products first, then services, blog posts and FAQ. */
export default function SearchPage({ entity }: PageProps<Data>) {
  const t = useT()
  const navigate = useNavigate()
  const d = entity.data
  const [text, setText] = useState(d.query)
  useEffect(() => setText(d.query), [d.query])
  const pages = d.pageSize ? Math.ceil(d.total / d.pageSize) : 0
  const groups: [string, SearchHit[]][] = [
    [t('search.services'), d.groups.services],
    [t('search.posts'), d.groups.posts],
    [t('search.faq'), d.groups.faq],
  ]
  const nothing = d.query !== '' && d.total === 0 && groups.every(([, hits]) => hits.length === 0)
  return (
    <main id="main">
      <PageTitle entity={entity} />
      <div className="mx-auto max-w-7xl px-4 pb-12">
        <form
          role="search"
          action="/search/"
          method="get"
          className="mb-6 flex max-w-2xl gap-2"
          onSubmit={(e) => {
            e.preventDefault()
            const s = text.trim()
            if (s) void navigate({ to: '/search/' as never, search: { s } as never })
          }}
        >
          <label htmlFor="search-page-input" className="sr-only">
            {t('search.label')}
          </label>
          <input
            id="search-page-input"
            name="s"
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('search.placeholder')}
            className="min-h-11 flex-1 rounded-full border border-neutral-300 px-4"
          />
          <button
            type="submit"
            className={buttonClass.primary}
            disabled={text.trim() === '' || text.trim() === d.query}
          >
            {t('search.submit')}
          </button>
        </form>
        {d.query === '' && <p className="text-neutral-600">{t('search.enter')}</p>}
        {nothing && (
          <div className="rounded-2xl bg-neutral-50 p-8">
            <p className="text-lg font-medium">{t('search.nothing', { query: d.query })}</p>
            <p className="mt-1 mb-4 text-neutral-600">{t('search.nothingHint')}</p>
            <AppLink to="/catalog/" className={buttonClass.secondary}>
              {t('favorites.toCatalog')}
            </AppLink>
          </div>
        )}
        {d.corrected && <p className="mb-4 text-neutral-600">{t('search.corrected', { query: d.corrected })}</p>}
        {d.items.length > 0 && (
          <section aria-labelledby="search-products" className="mb-10">
            <h2 id="search-products" className="mb-4 text-xl font-semibold">
              {t('search.products')} <span className="text-base font-normal text-neutral-500">({d.total})</span>
            </h2>
            <ul className="grid grid-cols-2 gap-3 tablet:grid-cols-3 laptop:grid-cols-4 tablet:gap-4">
              {d.items.map((c, i) => (
                <li key={c.id}>
                  <ProductCard card={c} priority={i < 4} />
                </li>
              ))}
            </ul>
            {pages > 1 && (
              <nav aria-label={t('catalog.pages')} className="mt-6 flex flex-wrap justify-center gap-1">
                {Array.from({ length: pages }, (_, i) => i + 1).map((p) => (
                  <Link
                    key={p}
                    to={'/search/' as never}
                    search={{ s: d.query, ...(p > 1 ? { page: p } : {}) } as never}
                    aria-current={p === d.page ? 'page' : undefined}
                    aria-label={t('catalog.page', { page: p })}
                    className={`flex size-10 items-center justify-center rounded-full text-sm ${p === d.page ? 'bg-brand-600 text-white' : 'hover:bg-neutral-100'}`}
                  >
                    {p}
                  </Link>
                ))}
              </nav>
            )}
          </section>
        )}
        {groups.map(([title, hits]) =>
          hits.length === 0 ? null : (
            <section key={title} className="mb-8" aria-label={title}>
              <h2 className="mb-3 text-xl font-semibold">{title}</h2>
              <ul className="flex flex-col gap-3">
                {hits.map((h) => (
                  <li key={h.link}>
                    <AppLink to={h.link} className="font-medium text-brand-700 hover:underline">
                      {h.title}
                    </AppLink>
                    <p className="text-sm text-neutral-600">{h.excerpt}</p>
                  </li>
                ))}
              </ul>
            </section>
          ),
        )}
      </div>
    </main>
  )
}
