import { AppLink as Link } from '../../components/ui/app-link'
import { useT } from '../../lib/i18n'

/** The 404 page (spec §2): "oops...", "page not found", a link home, the 910×370 image. */
export default function NotFoundPage() {
  const t = useT()
  return (
    <main id="main" className="mx-auto flex max-w-5xl flex-col items-center px-4 py-12 text-center">
      <img src="/images/404.svg" width={910} height={370} alt="" className="h-auto w-full max-w-[910px]" />
      <h1 className="mt-8 text-3xl font-semibold">{t('notFound.oops')}</h1>
      <p className="mt-2 text-lg text-neutral-600">{t('notFound.text')}</p>
      <Link to="/" className="mt-6 rounded-full bg-brand-600 px-6 py-3 font-medium text-white hover:bg-brand-700">
        {t('notFound.home')}
      </Link>
    </main>
  )
}
