import { useRouterState } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { useT } from '../../lib/i18n'

/** The overlay appears only when a navigation takes longer than this (spec §4, §9). */
export const LOADER_DELAY_MS = 100
/** Once shown it stays at least this long, so it never flickers (the spec's 500 ms entity delay). */
export const LOADER_MIN_VISIBLE_MS = 500

/** Global loader overlay for slow navigations (router state `pending`). */
export function GlobalLoader() {
  const t = useT()
  const pending = useRouterState({ select: (s) => s.status === 'pending' })
  const [visible, setVisible] = useState(false)
  const shownAt = useRef(0)

  useEffect(() => {
    if (pending) {
      const timer = setTimeout(() => {
        shownAt.current = Date.now()
        setVisible(true)
      }, LOADER_DELAY_MS)
      return () => clearTimeout(timer)
    }
    if (!visible) return
    const timer = setTimeout(
      () => setVisible(false),
      Math.max(0, LOADER_MIN_VISIBLE_MS - (Date.now() - shownAt.current)),
    )
    return () => clearTimeout(timer)
  }, [pending, visible])

  if (!visible) return null
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="global-loader"
      className="fixed inset-0 z-[70] flex items-center justify-center bg-white/60 backdrop-blur-[1px]"
    >
      <span
        className="size-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600"
        aria-hidden="true"
      />
      <span className="sr-only">{t('loader.label')}</span>
    </div>
  )
}
