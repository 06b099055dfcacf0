import type { InputHTMLAttributes, ReactNode } from 'react'
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form'
import { FieldFrame, inputClass, visibleError } from './field-frame'

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

/** The 4-digit one-time code from an SMS (sign-in by code, password restore). */
export function CodeField<T extends FieldValues>(
  props: Omit<TextFieldProps<T>, 'inputMode' | 'autoComplete' | 'maxLength' | 'required'>,
) {
  return <TextField {...props} required inputMode="numeric" autoComplete="one-time-code" maxLength={4} />
}
