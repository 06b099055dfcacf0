import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react'
import { isChunkLoadError, reloadForChunkError } from '../../lib/chunk-reload'
import { translate, useLocale, type Locale } from '../../lib/i18n'

/**
 * A failed page load shows the 404-style error page (spec §8). A failed route chunk reloads the
 * page instead (at most once per 60 s). If rendering this page throws too, the boundary shows
 * "An error occurred while showing the error page" with a link home.
 * Used as the router's `defaultErrorComponent` and the root route's `errorComponent`.
 */
export function RouteErrorPage({ error }: { error: unknown }) {
  const locale = useLocale()
  useEffect(() => {
    if (isChunkLoadError(error)) reloadForChunkError()
  }, [error])
  return (
    <ErrorPageBoundary locale={locale}>
      <ErrorPageContent locale={locale} />
    </ErrorPageBoundary>
  )
}

function ErrorPageContent({ locale }: { locale: Locale }) {
  const t = (key: string) => translate(locale, key)
  return (
    <div className="mx-auto flex max-w-5xl flex-col items-center px-4 py-12 text-center">
      <img src="/images/404.svg" width={910} height={370} alt="" className="h-auto w-full max-w-[910px]" />
      <h1 className="mt-8 text-3xl font-semibold">{t('error.heading')}</h1>
      <p className="mt-2 text-lg text-neutral-600">{t('error.text')}</p>
      {/* A plain link: the router may be the thing that failed. */}
      <a href="/" className="mt-6 rounded-full bg-brand-600 px-6 py-3 font-medium text-white hover:bg-brand-700">
        {t('notFound.home')}
      </a>
    </div>
  )
}

/** A missing route (no match at all): "This page could not be found" (spec §2). */
export function MissingRoutePage() {
  const locale = useLocale()
  return (
    <div className="mx-auto flex max-w-3xl flex-col items-center px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">{translate(locale, 'notFound.missingRoute')}</h1>
      <a href="/" className="mt-6 rounded-full bg-brand-600 px-6 py-3 font-medium text-white hover:bg-brand-700">
        {translate(locale, 'notFound.home')}
      </a>
    </div>
  )
}

export class ErrorPageBoundary extends Component<{ locale: Locale; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.warn('The error page failed to render', error, info.componentStack)
  }
  override render() {
    if (!this.state.failed) return this.props.children
    return (
      <div role="alert" className="mx-auto max-w-3xl px-4 py-16 text-center">
        <p className="text-lg">{translate(this.props.locale, 'error.page')}</p>
        <a href="/" className="mt-4 inline-block text-brand-700 underline">
          {translate(this.props.locale, 'notFound.home')}
        </a>
      </div>
    )
  }
}
