import { useEffect, useRef, type InputHTMLAttributes, type ReactNode } from 'react'
import type { Control, FieldPath, FieldValues } from 'react-hook-form'
import { useController } from './form-code'
import { FieldFrame, inputClass, visibleError } from './field-frame'
import { useFormBlockStatus } from './form-block'

/**
 * A text input (or `multiline` textarea) bound to a react-hook-form field.
 *
 * Props: `control` (from `useZodForm`), `name`, `label`, `required` (shows the mark; the rule
 * itself lives in the zod schema), `hint`, `multiline` (+ `rows`), and any input attribute
 * (`type`, `autoComplete`, `placeholder`, `inputMode`, `maxLength`…).
 * The error shown follows the spec's rule (first error, once touched).
 */
export function TextField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  hint,
  multiline,
  rows = 4,
  className,
  ...input
}: {
  control: Control<T, unknown, FieldValues>
  name: FieldPath<T>
  label: ReactNode
  required?: boolean
  hint?: ReactNode
  multiline?: boolean
  rows?: number
  className?: string
} & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'name' | 'value' | 'onChange' | 'onBlur' | 'defaultValue' | 'className'
>) {
  const { field, fieldState, formState } = useController({ control, name })
  const error = visibleError(fieldState, formState)
  const common = {
    name: field.name,
    value: (field.value as string | undefined) ?? '',
    onChange: (e: { target: { value: string } }) => field.onChange(e.target.value),
    onBlur: field.onBlur,
    disabled: field.disabled || input.disabled,
    'aria-required': required || undefined,
  }
  return (
    <FieldFrame label={label} error={error} hint={hint} required={required} className={className}>
      {({ id, describedBy, invalid }) =>
        multiline ? (
          <textarea
            {...common}
            ref={field.ref}
            id={id}
            rows={rows}
            placeholder={input.placeholder}
            maxLength={input.maxLength}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            className={`${inputClass} resize-y`}
          />
        ) : (
          <input
            {...input}
            {...common}
            ref={field.ref}
            id={id}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            className={inputClass}
          />
        )
      }
    </FieldFrame>
  )
}

type TextFieldProps<T extends FieldValues> = Parameters<typeof TextField<T>>[0]

/** The customer's e-mail (registration, profile, customer type, checkout). */
export function EmailField<T extends FieldValues>(
  props: Omit<TextFieldProps<T>, 'type' | 'autoComplete' | 'required'>,
) {
  return <TextField {...props} required type="email" autoComplete="email" />
}

/** Digits of a one-time code. */
const CODE_LENGTH = 4

/**
 * The 4-digit one-time code from an SMS or a letter (sign-in by code, contact change, password
 * restore). Only digits are kept, so a pasted "Код: 1234" gives 1234. With `onComplete`, typing
 * or pasting the 4th digit calls it once with the input (`submitOwnForm` sends the form) — not
 * again for the same code, nor while the form is sending. After a refused code the digits stay;
 * focusing the field selects them, so the next code simply replaces them.
 */
export function CodeField<T extends FieldValues>({
  control,
  name,
  label,
  hint,
  className,
  onComplete,
}: {
  control: Control<T, unknown, FieldValues>
  name: FieldPath<T>
  label: ReactNode
  hint?: ReactNode
  className?: string
  onComplete?: (input: HTMLInputElement) => void
}) {
  const { field, fieldState, formState } = useController({ control, name })
  const status = useFormBlockStatus()
  const error = visibleError(fieldState, formState)
  const inputRef = useRef<HTMLInputElement | null>(null)
  const refused = fieldState.error?.type === 'server'
  // A refused code: the field is focused with its digits selected, ready for the next one.
  useEffect(() => {
    if (refused && inputRef.current && document.activeElement === inputRef.current) inputRef.current.select()
  }, [refused])
  return (
    <FieldFrame label={label} error={error} hint={hint} required className={className}>
      {({ id, describedBy, invalid }) => (
        <input
          ref={(el) => {
            inputRef.current = el
            field.ref(el)
          }}
          id={id}
          name={field.name}
          value={field.value ?? ''}
          onChange={(e) => {
            const before = (field.value as string | undefined) ?? ''
            const digits = e.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH)
            field.onChange(digits)
            if (onComplete && digits.length === CODE_LENGTH && digits !== before && status !== 'sending')
              onComplete(e.target)
          }}
          onFocus={(e) => {
            if (refused) e.target.select()
          }}
          onBlur={field.onBlur}
          disabled={field.disabled}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          aria-required
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={inputClass}
        />
      )}
    </FieldFrame>
  )
}

/** `CodeField`'s `onComplete` that sends the code's own form (through its FormBlock). */
export const submitOwnForm = (input: HTMLInputElement) => input.form?.requestSubmit()
