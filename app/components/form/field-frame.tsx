import { useId, type ReactNode } from 'react'
import type { ControllerFieldState, FieldValues, FormState } from 'react-hook-form'

/**
 * Label, control and message of one form field (used by text-field, phone-field, …).
 *
 * Props: `label`, `error` (the message to show, or undefined), `hint`, `required` (adds the
 * asterisk; the control itself carries `aria-required`), `children({ id, describedBy, invalid })`
 * renders the control with the ids that tie it to its label and message.
 */
export function FieldFrame({
  label,
  error,
  hint,
  required,
  className = '',
  children,
}: {
  label: ReactNode
  error?: string
  hint?: ReactNode
  required?: boolean
  className?: string
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode
}) {
  const id = useId()
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-neutral-700">
        {label}
        {required && (
          <span aria-hidden="true" className="text-red-600">
            {' '}
            *
          </span>
        )}
      </label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {hint && !error && (
        <p id={hintId} className="text-xs text-neutral-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
    </div>
  )
}

/**
 * The spec's display rule (§5): only the first error of a field, and only once the field is
 * touched (or the form was submitted) and not while it is still being validated.
 */
export function visibleError<T extends FieldValues>(
  fieldState: ControllerFieldState,
  formState: FormState<T>,
): string | undefined {
  if (!fieldState.error || fieldState.isValidating) return undefined
  if (!fieldState.isTouched && formState.submitCount === 0) return undefined
  return fieldState.error.message || undefined
}

export const inputClass =
  'min-h-11 w-full rounded-xl border border-neutral-300 bg-white px-4 py-2.5 text-base text-ink placeholder:text-neutral-400 focus:border-brand-600 aria-invalid:border-red-600 disabled:bg-neutral-100'
