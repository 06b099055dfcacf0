import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react'
import { CallbackButton } from './callback-button'
import { Footer } from './footer'
import { GlobalLoader } from './global-loader'
import { Header } from './header'
import { Notices } from './notices'
import { ShellUiContext } from './shell-ui'

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

  return (
    <ShellUiContext.Provider value={ui}>
      <div className="flex min-h-screen flex-col">
        <Header />
        <div id="content" tabIndex={-1} className="flex-1 outline-none">
          {children}
        </div>
        <Footer />
      </div>
      <Notices />
      <CallbackButton onClick={ui.openCallback} expanded={callback === true} />
      <GlobalLoader />
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
