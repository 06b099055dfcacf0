import { useMemo } from 'react'
import { Controller, type Control, type FieldValues } from 'react-hook-form'
import { useMutation } from '@tanstack/react-query'
import type { BookingForm as BookingFormDef } from '../../../server/contracts/services'
import { schemaForForm } from '../../../server/contracts/forms'
import { FormBlock, SubmitButton } from '../../components/form/form-block'
import { useZodForm } from '../../components/form/use-zod-form'
import { TextField } from '../../components/form/text-field'
import { PhoneField } from '../../components/form/phone-field'
import { FieldFrame, inputClass, visibleError } from '../../components/form/field-frame'
import { useTRPC } from '../../lib/trpc'
import { useT } from '../../lib/i18n'

type Field = BookingFormDef['fields'][number]

/** Tomorrow as yyyy-mm-dd in the visitor's time zone: the earliest bookable day. */
function tomorrow(): string {
  const d = new Date()
  d.setDate(d.getDate() + 1)
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

/**
 * The generic `service-booking` form, its fields rendered from the database definition and
 * validated by the same zod schema the server builds from it (`schemaForForm`). Sent through
 * `forms.submit` with the page (and the calculator's choices) as the hidden `page` field.
 */
export default function BookingForm({
  form: def,
  defaults,
  page,
}: {
  form: BookingFormDef
  defaults: Record<string, string>
  page: string
}) {
  const trpc = useTRPC()
  const t = useT()
  const schema = useMemo(() => schemaForForm(def), [def])
  const form = useZodForm(schema, {
    defaultValues: Object.fromEntries(def.fields.map((f) => [f.name, defaults[f.name] ?? ''])),
  })
  const submit = useMutation(trpc.forms.submit.mutationOptions())
  const control = form.control as unknown as Control<FieldValues, unknown, FieldValues>

  return (
    <FormBlock
      form={form}
      aria-label={def.title}
      className="flex flex-col gap-4"
      onSubmit={(fields) => submit.mutateAsync({ code: def.code, fields, page })}
    >
      {def.fields.map((f) => (
        <BookingField key={f.name} field={f} control={control} />
      ))}
      <SubmitButton className="self-start">{t('services.book')}</SubmitButton>
    </FormBlock>
  )
}

function BookingField({ field: f, control }: { field: Field; control: Control<FieldValues, unknown, FieldValues> }) {
  switch (f.type) {
    case 'phone':
      return <PhoneField control={control} name={f.name} label={f.label} required={f.required} />
    case 'textarea':
      return (
        <TextField
          control={control}
          name={f.name}
          label={f.label}
          required={f.required}
          multiline
          rows={4}
          maxLength={f.maxLength}
        />
      )
    case 'email':
      return (
        <TextField
          control={control}
          name={f.name}
          label={f.label}
          required={f.required}
          type="email"
          autoComplete="email"
          inputMode="email"
        />
      )
    case 'date':
      return (
        <TextField control={control} name={f.name} label={f.label} required={f.required} type="date" min={tomorrow()} />
      )
    case 'select':
      return <SelectField field={f} control={control} />
    default:
      return (
        <TextField
          control={control}
          name={f.name}
          label={f.label}
          required={f.required}
          maxLength={f.maxLength}
          autoComplete={f.name === 'name' ? 'name' : undefined}
        />
      )
  }
}

function SelectField({ field: f, control }: { field: Field; control: Control<FieldValues, unknown, FieldValues> }) {
  return (
    <Controller
      control={control}
      name={f.name}
      render={({ field, fieldState, formState }) => (
        <FieldFrame label={f.label} required={f.required} error={visibleError(fieldState, formState)}>
          {({ id, describedBy, invalid }) => (
            <select
              id={id}
              name={field.name}
              ref={field.ref}
              value={(field.value as string | undefined) ?? ''}
              onChange={(e) => field.onChange(e.target.value)}
              onBlur={field.onBlur}
              aria-required={f.required || undefined}
              aria-invalid={invalid || undefined}
              aria-describedby={describedBy}
              className={inputClass}
            >
              <option value="">—</option>
              {(f.options ?? []).map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
      )}
    />
  )
}
