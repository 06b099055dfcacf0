import type { ReactNode } from 'react'
import { IMaskInput } from 'react-imask'
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form'
import { PHONE_MASK } from '../../../server/contracts/common'
import { preparePhone } from './phone-mask'
import { useT } from '../../lib/i18n'
import { FieldFrame, inputClass, visibleError } from './field-frame'

/**
 * The phone input of every form: mask `+7 (000) 000-00-00` (spec §5, §9) with react-imask
 * inside a react-hook-form `Controller`, fed through `onAccept` (the masked value) — the
 * pattern that avoids imask's lost-keystroke and cursor bugs with controlled inputs.
 * Typing or pasting 8XXXXXXXXXX, +7XXXXXXXXXX, 7XXXXXXXXXX or XXXXXXXXXX all give
 * "+7 (XXX) XXX-XX-XX" (`preparePhone`). The field's value is the masked string; the shared
 * `phone()` zod rule rejects it while any placeholder remains ("Enter the full phone number")
 * and normalizes it to `+7XXXXXXXXXX`.
 *
 * Props: `control`, `name`, `label` (default "Phone"), `required` (default true), `hint`, `autoFocus`.
 */
export function PhoneField<T extends FieldValues>({
  control,
  name,
  label,
  required = true,
  hint,
  autoFocus,
  className,
}: {
  control: Control<T, unknown, FieldValues>
  name: FieldPath<T>
  label?: ReactNode
  required?: boolean
  hint?: ReactNode
  autoFocus?: boolean
  className?: string
}) {
  const t = useT()
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState, formState }) => {
        const error = visibleError(fieldState, formState)
        return (
          <FieldFrame
            label={label ?? t('form.phone')}
            error={error}
            hint={hint}
            required={required}
            className={className}
          >
            {({ id, describedBy, invalid }) => (
              <IMaskInput
                mask={PHONE_MASK}
                // A typed, pasted or autofilled 8/7/+7 would otherwise go into the area code.
                prepare={preparePhone}
                value={field.value ?? ''}
                onAccept={(value: string) => field.onChange(value)}
                onBlur={field.onBlur}
                inputRef={field.ref}
                name={field.name}
                id={id}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                placeholder="+7 (___) ___-__-__"
                autoFocus={autoFocus}
                disabled={field.disabled}
                aria-required={required || undefined}
                aria-invalid={invalid || undefined}
                aria-describedby={describedBy}
                className={inputClass}
              />
            )}
          </FieldFrame>
        )
      }}
    />
  )
}
