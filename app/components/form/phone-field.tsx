import type { ReactNode } from 'react'
import type { Control, FieldPath, FieldValues } from 'react-hook-form'
import { useController } from './form-code'
import { useT } from '../../lib/i18n'
import { FieldFrame, inputClass, visibleError } from './field-frame'
import { usePhoneMask } from './use-phone-mask'
import '../../lib/messages/form'

/**
 * The phone input of every form: mask `+7 (000) 000-00-00` (spec §5, §9) with imask, loaded on
 * the field's first focus, pointerdown or keydown and put on the same input (`usePhoneMask`, ADR
 * 028): digits typed before it arrives are kept and formatted. The form gets the masked value
 * (imask's `accept`), as typed until the mask is on. Typing or pasting 8XXXXXXXXXX, +7XXXXXXXXXX,
 * 7XXXXXXXXXX or XXXXXXXXXX all give "+7 (XXX) XXX-XX-XX" (`preparePhone`). The field's value is
 * the masked string; the shared `phone()` zod rule rejects it while any placeholder remains
 * ("Enter the full phone number") and normalizes it to `+7XXXXXXXXXX`.
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
  const { field, fieldState, formState } = useController({ control, name })
  const value = (field.value as string | undefined) ?? ''
  const { input, start, onInput } = usePhoneMask(value, field.onChange)
  const error = visibleError(fieldState, formState)
  return (
    <FieldFrame label={label ?? t('form.phone')} error={error} hint={hint} required={required} className={className}>
      {({ id, describedBy, invalid }) => (
        <input
          // Uncontrolled: imask owns the element's text once loaded; the form's value is synced in.
          defaultValue={value}
          onChange={(e) => onInput(e.target.value)}
          onFocus={start}
          onPointerDown={start}
          onKeyDown={start}
          onBlur={field.onBlur}
          ref={(el) => {
            input.current = el
            field.ref(el)
          }}
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
}
