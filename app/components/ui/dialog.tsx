import * as RadixDialog from '@radix-ui/react-dialog'
import type { ReactNode } from 'react'
import { useT } from '../../lib/i18n'

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
 * - `initialFocus` — `'content'` (default: Radix focuses the first focusable element) or `'none'`
 *   (focus the dialog itself, e.g. when the first control is a destructive action).
 *
 * Below 768 px the dialog is a full-width sheet anchored to the bottom (usable at 320 px);
 * from `tablet:` up it is centered. The body scrolls when taller than the viewport.
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
  className = '',
}: DialogProps) {
  const t = useT()
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay fixed inset-0 z-[60] bg-ink/50" />
        <RadixDialog.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={initialFocus === 'none' ? (e) => e.preventDefault() : undefined}
          className={`dialog-panel fixed inset-x-0 bottom-0 z-[61] flex max-h-[92dvh] w-full flex-col rounded-t-2xl bg-white shadow-xl outline-none tablet:inset-x-auto tablet:bottom-auto tablet:top-1/2 tablet:left-1/2 tablet:max-h-[85dvh] tablet:-translate-x-1/2 tablet:-translate-y-1/2 tablet:rounded-2xl ${widths[size]} ${className}`}
        >
          <div
            className={`flex items-start gap-3 px-4 pt-4 phone-l:px-6 phone-l:pt-6 ${hideTitle ? 'justify-end' : 'justify-between'}`}
          >
            <RadixDialog.Title className={hideTitle ? 'sr-only' : 'text-lg font-semibold leading-snug tablet:text-xl'}>
              {title}
            </RadixDialog.Title>
            <RadixDialog.Close
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

/** Kept for existing imports; new code imports `buttonClass` from './button' (no Radix in its chunk). */
export { buttonClass } from './button'
