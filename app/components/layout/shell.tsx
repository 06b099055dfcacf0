import { lazy, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react'
import { CallbackButton } from './callback-button'
import { Footer } from './footer'
import { GlobalLoader } from './global-loader'
import { Header } from './header'
import { LiveRegion } from './live-region'
import { Notices } from './notices'
import { usePageChangeFocus } from './page-change'
import { ShellUiContext } from './shell-ui'
import { useT } from '../../lib/i18n'

const CitySelectModal = lazy(() => import('../modals/city-select-modal'))
const CrmModal = lazy(() => import('../modals/crm-modal'))

/**
 * Header, content and footer around every page, plus the shell's floating parts: the notices
 * (city confirmation, cookie), the callback button, the global loader. Modals load on first use.
 */
export function Shell({ children }: { children: ReactNode }) {
  const [city, setCity] = useState<'unloaded' | boolean>('unloaded')
  const [callback, setCallback] = useState<'unloaded' | boolean>('unloaded')
  const ui = useMemo(() => ({ openCitySelect: () => setCity(true), openCallback: () => setCallback(true) }), [])
  const t = useT()
  usePageChangeFocus()
  // Says the page is interactive (React has hydrated it): end-to-end tests wait for it after a
  // page load instead of guessing from network idle (a click before hydration is lost).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])

  return (
    <ShellUiContext.Provider value={ui}>
      <div className="flex min-h-screen flex-col">
        <a
          href="#content"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[70] focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          {t('header.skip')}
        </a>
        {/* The city and cookie prompts are fixed at the bottom but come first in the tab order,
            right after the skip link: they ask something before the page is used. */}
        <Notices />
        <Header />
        {/* The page's one `<main>` landmark (pages render plain containers inside it). */}
        <main id="content" tabIndex={-1} className="flex-1 outline-none">
          {children}
        </main>
        <Footer />
      </div>
      <CallbackButton onClick={ui.openCallback} expanded={callback === true} />
      <GlobalLoader />
      <LiveRegion />
      {city !== 'unloaded' && (
        <Suspense fallback={null}>
          <CitySelectModal open={city} onOpenChange={setCity} />
        </Suspense>
      )}
      {callback !== 'unloaded' && (
        <Suspense fallback={null}>
          <CrmModal open={callback} onOpenChange={setCallback} />
        </Suspense>
      )}
    </ShellUiContext.Provider>
  )
}
