import * as RadixDialog from '@radix-ui/react-dialog'
import { useState, type ReactNode } from 'react'
import { useT } from '../../lib/i18n'
import '../../lib/messages/shell-more'

/**
 * The one modal primitive of the site (Radix Dialog: focus trap, Escape, outside click,
 * scroll lock, focus returned to the opener, `role="dialog"` + `aria-modal`, labelled by its title).
 *
 * Props:
 * - `open`, `onOpenChange(open)` — controlled state (the parent owns it).
 * - `title` — required: screen readers announce it. `hideTitle` keeps it for them but hides it visually.
 * - `description` — optional text under the title (linked with aria-describedby).
 * - `size` — `sm` (≈400 px, confirmations, errors), `md` (default, ≈560 px), `lg` (≈800 px, filters, product options).
 * - `children` — the body; `footer` — optional action row pinned under the body.
 * - `phoneFullHeight` — below 768 px the sheet takes the whole screen (a long body such as the
 *   filters, with its footer always on screen).
 * - `initialFocus` — `'content'` (default: Radix focuses the first focusable element) or `'none'`
 *   (focus the dialog itself, e.g. when the first control is a destructive action).
 *
 * Below 768 px the dialog is a full-width sheet anchored to the bottom (usable at 320 px);
 * from `tablet:` up it is centered. The body scrolls when taller than the viewport.
 * Escape closes the innermost layer only: an open suggestion list inside first, then the dialog.
 * Closing returns focus to the element that had it when the dialog opened (its opener; Radix does
 * that only for a `Dialog.Trigger`, which these controlled dialogs have none of), or to
 * `returnFocus()` when given (the error modal: the first invalid field); if the opener is gone,
 * to the page's `<main>`.
 */
export interface DialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  hideTitle?: boolean
  description?: ReactNode
  size?: 'sm' | 'md' | 'lg'
  children?: ReactNode
  footer?: ReactNode
  initialFocus?: 'content' | 'none'
  phoneFullHeight?: boolean
  /** Where focus goes on close instead of the opener (scrolled into view); null/undefined: the opener. */
  returnFocus?: () => HTMLElement | null | undefined
  /** Extra classes for the panel. */
  className?: string
}

const widths = { sm: 'tablet:max-w-[400px]', md: 'tablet:max-w-[560px]', lg: 'tablet:max-w-[800px]' } as const

export function Dialog({
  open,
  onOpenChange,
  title,
  hideTitle,
  description,
  size = 'md',
  children,
  footer,
  initialFocus = 'content',
  phoneFullHeight = false,
  returnFocus,
  className = '',
}: DialogProps) {
  const phone = phoneFullHeight ? 'h-dvh max-h-dvh' : 'max-h-[92dvh] rounded-t-2xl'
  const t = useT()
  // The opener: what had focus when `open` turned true (read during that render, before the
  // dialog's autofocus moves it; a dialog mounted open reads it on its first render).
  const [opener, setOpener] = useState<HTMLElement | null>(() => (open ? focusedElement() : null))
  const [wasOpen, setWasOpen] = useState(open)
  if (open !== wasOpen) {
    setWasOpen(open)
    if (open) setOpener(focusedElement())
  }
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay fixed inset-0 z-[60] bg-ink/50" />
        <RadixDialog.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={initialFocus === 'none' ? (e) => e.preventDefault() : undefined}
          onCloseAutoFocus={(e) => {
            e.preventDefault()
            const preferred = returnFocus?.()
            const target = [preferred, opener].find((el) => el?.isConnected) ?? document.getElementById('content')
            if (!target) return
            if (target === preferred) target.scrollIntoView({ block: 'center' })
            target.focus({ preventScroll: target === preferred })
          }}
          onEscapeKeyDown={(e) => {
            // Escape closes the innermost layer only: an open suggestion list (a combobox's
            // listbox, which closes itself on the same key) first, the dialog on the next Escape.
            if (e.target instanceof Element && e.target.closest('[role="combobox"][aria-expanded="true"]'))
              e.preventDefault()
          }}
          className={`dialog-panel fixed inset-x-0 bottom-0 z-[61] flex ${phone} w-full flex-col bg-white shadow-xl outline-none tablet:inset-x-auto tablet:bottom-auto tablet:top-1/2 tablet:left-1/2 tablet:h-auto tablet:max-h-[85dvh] tablet:-translate-x-1/2 tablet:-translate-y-1/2 tablet:rounded-2xl ${widths[size]} ${className}`}
        >
          <div
            className={`flex items-start gap-3 px-4 pt-4 phone-l:px-6 phone-l:pt-6 ${hideTitle ? 'justify-end' : 'justify-between'}`}
          >
            <RadixDialog.Title className={hideTitle ? 'sr-only' : 'text-lg font-semibold leading-snug tablet:text-xl'}>
              {title}
            </RadixDialog.Title>
            <RadixDialog.Close
              // Pressing it must not first blur the field being typed in: the blur's validation
              // message would grow the phone sheet and move the button away before the click ends.
              onMouseDown={(e) => e.preventDefault()}
              className="-mr-2 -mt-1 flex size-10 shrink-0 items-center justify-center rounded-full text-neutral-500 hover:bg-neutral-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand-600"
              aria-label={t('dialog.close')}
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 24 24"
                className="size-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
              </svg>
            </RadixDialog.Close>
          </div>
          {description && (
            <RadixDialog.Description className="px-4 pt-1 text-sm text-neutral-600 phone-l:px-6">
              {description}
            </RadixDialog.Description>
          )}
          <div className="min-h-0 flex-1 overflow-y-auto px-4 pt-4 pb-4 phone-l:px-6 phone-l:pb-6">{children}</div>
          {footer && (
            <div className="flex flex-wrap justify-end gap-3 border-t border-neutral-100 px-4 py-3 phone-l:px-6">
              {footer}
            </div>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}

function focusedElement(): HTMLElement | null {
  if (typeof document === 'undefined') return null
  const el = document.activeElement
  return el instanceof HTMLElement && el !== document.body ? el : null
}

/** Kept for existing imports; new code imports `buttonClass` from './button' (no Radix in its chunk). */
export { buttonClass } from './button'
