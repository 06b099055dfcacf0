import {
  createContext,
  lazy,
  Suspense,
  useContext,
  useEffect,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type ReactNode,
} from 'react'
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form'
import type { FormResult } from '../../../server/contracts/forms'
import { useT } from '../../lib/i18n'
import { buttonClass } from '../ui/button'
import { LOAD_ERROR, preloadValidation } from './use-zod-form'
import { useTakeOver } from './form-code'
import '../../lib/messages/form'

const ErrorModal = lazy(() => import('./error-modal'))

export type FormBlockStatus = 'idle' | 'sending' | 'sent'

const StatusContext = createContext<FormBlockStatus>('idle')

/**
 * The form block every form of the site is built on (spec §4): idle → sending → sent.
 *
 * Props:
 * - `form` — from `useZodForm(schema, …)` (the same zod schema the server parses).
 * - `onSubmit(values)` — sends the parsed values; resolves to the server's `{ success, message }`.
 *   A thrown tRPC error with per-field `data.errors` marks those fields; its message is shown.
 * - `children` — the fields and a `<SubmitButton>` (disabled and `aria-busy` while sending).
 * - `sent` — optional content replacing the default success message
 *   ("Your application is accepted" / "We will contact you shortly").
 * - `onSent(result)` — called after a successful send (e.g. to refresh data).
 * - `className`, `aria-label`.
 *
 * Behaviour: an invalid submit is blocked, the fields show their first error and a modal says
 * "Form completed incorrectly"; closing it focuses the first invalid field (in page order),
 * scrolled into view. `success:false` shows the server's message in the error modal and keeps the
 * form. The modal never stacks over another dialog: a form inside a dialog (or while one is open)
 * gets no modal — the first invalid field is focused at once, a server message shows inline; success replaces the form with the message, focuses it and scrolls the nearest
 * scroll container so it sits 24 px below the top (spec §9, scroll offset −24 px).
 */
export function FormBlock<TIn extends FieldValues, TOut extends FieldValues>({
  form,
  onSubmit,
  children,
  sent,
  onSent,
  className = '',
  'aria-label': ariaLabel,
}: {
  form: UseFormReturn<TIn, unknown, TOut>
  onSubmit: (values: TOut) => Promise<FormResult>
  children: ReactNode
  sent?: ReactNode
  onSent?: (result: FormResult) => void
  className?: string
  'aria-label'?: string
}) {
  const t = useT()
  const [status, setStatus] = useState<FormBlockStatus>('idle')
  const [error, setError] = useState<{ message: string; inline: boolean } | null>(null)
  const [focusInvalid, setFocusInvalid] = useState(0)
  const sentRef = useRef<HTMLDivElement>(null)
  const formRef = useRef<HTMLFormElement>(null)
  const firstInvalid = () => firstInvalidField(formRef.current)
  // Inside a dialog (or with one open) the error modal would stack over it: show errors inline.
  const layered = () =>
    Boolean(formRef.current?.closest('[role="dialog"]') ?? document.querySelector('[role="dialog"]'))
  const showError = (message: string) => setError({ message, inline: layered() })
  const loadError = form.formState.errors.root?.[LOAD_ERROR]?.message
  const preload = () => preloadValidation(form.control)
  // Typed into the server's HTML before the form code arrived (ADR 033): the form's values now.
  useTakeOver(
    formRef,
    (name, value) => form.setValue(name as Path<TIn>, value as PathValue<TIn, Path<TIn>>, { shouldDirty: true }),
    preload,
  )

  useEffect(() => {
    if (focusInvalid === 0) return
    const field = firstInvalidField(formRef.current)
    if (!field) return
    field.scrollIntoView({ block: 'center' })
    field.focus({ preventScroll: true })
  }, [focusInvalid])

  useEffect(() => {
    if (status !== 'sent' || !sentRef.current) return
    const el = sentRef.current
    scrollToWithOffset(el, 24)
    el.focus({ preventScroll: true })
  }, [status])

  const submit = form.handleSubmit(
    async (values) => {
      setStatus('sending')
      setError(null)
      try {
        const result = await onSubmit(values)
        if (result.success) {
          setStatus('sent')
          onSent?.(result)
        } else {
          setStatus('idle')
          showError(result.message || t('form.failed'))
        }
      } catch (err) {
        setStatus('idle')
        const fieldErrors = (err as { data?: { errors?: Record<string, string> } } | null)?.data?.errors
        if (fieldErrors) {
          for (const [name, message] of Object.entries(fieldErrors)) {
            form.setError(name as Path<TIn>, { type: 'server', message }, { shouldFocus: false })
          }
        }
        const isServerMessage =
          err instanceof Error && err.name === 'TRPCClientError' && (err as { data?: unknown }).data
        showError(isServerMessage ? err.message : t('form.failed'))
      }
    },
    (errors) => {
      // The validation could not load (offline): the alert in the form says so, nothing is invalid.
      if (errors.root?.[LOAD_ERROR]) return
      if (layered()) {
        setError(null)
        setFocusInvalid((n) => n + 1)
      } else setError({ message: t('form.invalid'), inline: false })
    },
  )

  return (
    <StatusContext.Provider value={status}>
      {status === 'sent' ? (
        <div
          ref={sentRef}
          role="status"
          tabIndex={-1}
          className={`rounded-2xl bg-brand-50 p-6 text-center outline-none ${className}`}
        >
          {sent ?? (
            <>
              <p className="text-lg font-semibold text-ink">{t('form.accepted')}</p>
              <p className="mt-1 text-neutral-700">{t('form.contactSoon')}</p>
            </>
          )}
        </div>
      ) : (
        <form
          ref={formRef}
          noValidate
          data-form-block=""
          onSubmit={(e) => void submit(e)}
          className={className}
          aria-label={ariaLabel}
          aria-busy={status === 'sending' || undefined}
          onFocus={preload}
          onPointerDown={preload}
        >
          {children}
          {loadError && (
            <p role="alert" className="text-sm text-red-700">
              {loadError}
            </p>
          )}
          {error?.inline && (
            <p role="alert" className="text-sm text-red-700">
              {error.message}
            </p>
          )}
        </form>
      )}
      {error && !error.inline && (
        <Suspense fallback={null}>
          <ErrorModal
            open
            onOpenChange={(open) => !open && setError(null)}
            message={error.message}
            returnFocus={firstInvalid}
          />
        </Suspense>
      )}
    </StatusContext.Provider>
  )
}

/** The form's current state, for custom controls inside a FormBlock. */
export function useFormBlockStatus(): FormBlockStatus {
  return useContext(StatusContext)
}

/** Submit button of a FormBlock: disabled and `aria-busy` while sending. Default label "Send". */
export function SubmitButton({ children, className, disabled, ...rest }: ButtonHTMLAttributes<HTMLButtonElement>) {
  const t = useT()
  const status = useFormBlockStatus()
  const sending = status === 'sending'
  return (
    <button
      {...rest}
      type="submit"
      disabled={sending || disabled}
      aria-busy={sending || undefined}
      className={className ?? buttonClass.primary}
    >
      {sending ? t('form.sending') : (children ?? t('form.send'))}
    </button>
  )
}

/** The first field of `form` (in page order) that shows an error, if any. */
function firstInvalidField(form: HTMLFormElement | null): HTMLElement | null {
  return (
    Array.from(form?.querySelectorAll<HTMLElement>('[aria-invalid="true"]') ?? []).find(
      (el) => el.getClientRects().length > 0 && !el.matches(':disabled'),
    ) ?? null
  )
}

/** Scrolls the nearest scrollable ancestor (or the page) so `el` sits `offset` px below its top. */
export function scrollToWithOffset(el: HTMLElement, offset: number) {
  let parent = el.parentElement
  while (parent && parent !== document.body) {
    const { overflowY } = getComputedStyle(parent)
    if ((overflowY === 'auto' || overflowY === 'scroll') && parent.scrollHeight > parent.clientHeight) {
      const delta = el.getBoundingClientRect().top - parent.getBoundingClientRect().top - offset
      parent.scrollTo({ top: parent.scrollTop + delta, behavior: 'smooth' })
      return
    }
    parent = parent.parentElement
  }
  window.scrollTo({ top: el.getBoundingClientRect().top + window.scrollY - offset, behavior: 'smooth' })
}
