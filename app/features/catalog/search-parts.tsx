import { useNavigate } from '@tanstack/react-router'
import type { SearchHit } from '../../../server/contracts/catalog'
import { AppLink } from '../../components/ui/app-link'
import { buttonClass } from '../../components/ui/button'
import { useT } from '../../lib/i18n'
import { pagePath } from '../../lib/entity'
import '../../lib/messages/search'

/** The search page's own field (`s`): submits a new, non-empty query. */
export function SearchPageForm({
  text,
  setText,
  query,
}: {
  text: string
  setText: (text: string) => void
  query: string
}) {
  const t = useT()
  const navigate = useNavigate()
  return (
    <form
      role="search"
      action="/search/"
      method="get"
      className="mb-6 flex max-w-2xl gap-2"
      onSubmit={(e) => {
        e.preventDefault()
        const s = text.trim()
        if (s) void navigate({ to: pagePath('/search/'), search: { s } })
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
        className="min-h-11 min-w-0 flex-1 rounded-full border border-neutral-300 px-4"
      />
      <button type="submit" className={buttonClass.primary} disabled={text.trim() === '' || text.trim() === query}>
        {t('search.submit')}
      </button>
    </form>
  )
}

/** Nothing found for the query: say so and lead to the catalog. */
export function SearchNothing({ query }: { query: string }) {
  const t = useT()
  return (
    <div className="rounded-2xl bg-neutral-50 p-8">
      <p className="text-lg font-medium">{t('search.nothing', { query: query })}</p>
      <p className="mt-1 mb-4 text-neutral-600">{t('search.nothingHint')}</p>
      <AppLink to="/catalog/" className={buttonClass.secondary}>
        {t('favorites.toCatalog')}
      </AppLink>
    </div>
  )
}

/** Services, blog posts and FAQ found: one section per non-empty group. */
export function SearchGroups({ groups }: { groups: [string, SearchHit[]][] }) {
  return groups.map(([title, hits]) =>
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
  )
}
