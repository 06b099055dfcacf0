import { useEffect, type RefObject } from 'react'

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

function visibleFocusable(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.closest('[inert]') && el.getClientRects().length > 0,
  )
}

/**
 * Keeps Tab and Shift+Tab inside `ref` while `active` (the open header menu is a non-modal
 * disclosure, so the Radix dialog's trap does not apply). On activation focus moves to
 * `initial()` or the first focusable element; on deactivation it returns to `returnTo`.
 */
export function useFocusTrap(
  ref: RefObject<HTMLElement | null>,
  active: boolean,
  options: { initial?: () => HTMLElement | null | undefined; returnTo?: RefObject<HTMLElement | null> } = {},
) {
  const { initial, returnTo } = options
  useEffect(() => {
    const root = ref.current
    if (!active || !root) return
    const first = initial?.() ?? visibleFocusable(root)[0]
    // After the opening transition has made the panel visible.
    const raf = requestAnimationFrame(() => first?.focus({ preventScroll: true }))
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Tab') return
      const items = visibleFocusable(root)
      if (items.length === 0) return
      const firstEl = items[0]!
      const lastEl = items[items.length - 1]!
      const current = document.activeElement
      if (e.shiftKey && (current === firstEl || !root.contains(current))) {
        e.preventDefault()
        lastEl.focus()
      } else if (!e.shiftKey && (current === lastEl || !root.contains(current))) {
        e.preventDefault()
        firstEl.focus()
      }
    }
    document.addEventListener('keydown', onKeyDown)
    const back = returnTo?.current
    return () => {
      cancelAnimationFrame(raf)
      document.removeEventListener('keydown', onKeyDown)
      if (back && root.contains(document.activeElement)) back.focus({ preventScroll: true })
      else if (back && document.activeElement === document.body) back.focus({ preventScroll: true })
    }
  }, [active, ref])
}
