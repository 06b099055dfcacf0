import { useSuspenseQuery } from '../../lib/query'
import { AppLink as Link } from '../../components/ui/app-link'
import { SearchForm } from '../../components/layout/search-form'
import { useT } from '../../lib/i18n'
import { useTRPC } from '../../lib/trpc'
import '../../lib/messages/shell-more'

/**
 * The 404 page (spec §2): "oops..." and the "page not found" heading, a line of help, the link
 * "Go to the Home Page" ("На главную"), the 910×370 image; and, so a
 * shopper is not stuck (issue 17), the shop's search form (to the search page) and links to the
 * catalog's most popular sections.
 */
export default function NotFoundPage() {
  const t = useT()
  const trpc = useTRPC()
  const { data: sections } = useSuspenseQuery(trpc.catalog.popularSections.queryOptions())
  return (
    <div className="mx-auto flex max-w-5xl flex-col items-center px-4 py-12 text-center">
      <img src="/images/404.svg" width={910} height={370} alt="" className="h-auto w-full max-w-[910px]" />
      <p className="mt-8 text-4xl font-bold text-brand-700">{t('notFound.oops')}</p>
      <h1 className="mt-2 text-3xl font-semibold">{t('notFound.heading')}</h1>
      <p className="mt-2 text-lg text-neutral-600">{t('notFound.text')}</p>
      <section aria-labelledby="not-found-search" className="mt-6 w-full max-w-xl text-left">
        <h2 id="not-found-search" className="mb-2 text-center font-medium">
          {t('notFound.search')}
        </h2>
        <SearchForm />
      </section>
      {sections.length > 0 && (
        <nav aria-labelledby="not-found-popular" className="mt-8 w-full">
          <h2 id="not-found-popular" className="mb-3 font-medium">
            {t('notFound.popular')}
          </h2>
          <ul className="flex flex-wrap justify-center gap-2">
            {sections.map((s) => (
              <li key={s.id}>
                <Link
                  to={s.link}
                  className="inline-flex min-h-11 items-center rounded-full border border-neutral-300 px-4 hover:border-brand-600 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                >
                  {s.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <Link to="/" className="mt-8 rounded-full bg-brand-600 px-6 py-3 font-medium text-white hover:bg-brand-700">
        {t('notFound.home')}
      </Link>
    </div>
  )
}
