import { useEffect, useMemo } from 'react'
import type { Control, FieldValues } from 'react-hook-form'
import { Controller, useWatch } from '../../components/form/form-code'
import { useMutation, useQuery } from '../../lib/query'
import type { BookingForm as BookingFormDef } from '../../../server/contracts/services'
import type { ServiceValues } from '../../../server/contracts/service-price'
import { earliestFormDate } from '../../../server/contracts/form-dates'
import { buttonClass } from '../../components/ui/button'
import { FormBlock, SubmitButton } from '../../components/form/form-block'
import { useZodForm } from '../../components/form/use-zod-form'
import { TextField } from '../../components/form/text-field'
import { PhoneField } from '../../components/form/phone-field'
import { FieldFrame, inputClass, visibleError } from '../../components/form/field-frame'
import { useTRPC } from '../../lib/trpc'
import { useT } from '../../lib/i18n'
import '../../lib/messages/content'

type Field = BookingFormDef['fields'][number]

/**
 * The generic `service-booking` form, its fields rendered from the database definition and
 * validated by the same zod schema the server builds from it (`schemaForForm`). Sent through
 * `forms.submit` with the page as the hidden `page` field and the calculator's choice as
 * `calculation` (the server prices it again and stores it with the request). A signed-in
 * shopper's name and phone are filled in.
 */
export default function BookingForm({
  form: def,
  defaults,
  page,
  calculation,
}: {
  form: BookingFormDef
  defaults: Record<string, string>
  page: string
  /** The page's service and the calculator's inputs; `summary` is what the visitor reads. */
  calculation?: { service: number; values: ServiceValues; summary: string }
}) {
  const trpc = useTRPC()
  const t = useT()
  const schema = useMemo(() => () => import('../../../server/contracts/forms').then((m) => m.schemaForForm(def)), [def])
  const form = useZodForm(schema, {
    defaultValues: Object.fromEntries(def.fields.map((f) => [f.name, defaults[f.name] ?? ''])),
  })
  const submit = useMutation(trpc.forms.submit.mutationOptions())
  const control = form.control as unknown as Control<FieldValues, unknown, FieldValues>
  useSignedInContacts(def, form.getValues, form.setValue)
  // The estimate belongs to the page's service: shown (and meaningful) while that one is chosen.
  const serviceField = def.fields.find((f) => f.name in defaults && f.type === 'select')
  const chosen = useWatch({ control, name: serviceField?.name ?? 'service' }) as unknown
  const estimate = calculation && (!serviceField || chosen === defaults[serviceField.name]) ? calculation : undefined

  return (
    <FormBlock
      form={form}
      aria-label={def.title}
      className="flex flex-col gap-4"
      onSubmit={(fields) =>
        submit.mutateAsync({
          code: def.code,
          fields,
          page,
          ...(calculation ? { calculation: { service: calculation.service, values: calculation.values } } : {}),
        })
      }
    >
      {def.fields.map((f) => (
        <BookingField key={f.name} field={f} control={control} />
      ))}
      {estimate && (
        <p data-testid="booking-choice" className="text-sm text-neutral-700">
          {t('services.bookingChoice', { summary: estimate.summary })}
        </p>
      )}
      <SubmitButton className={`${buttonClass.primary} self-start`}>{t('services.book')}</SubmitButton>
    </FormBlock>
  )
}

type SetValue = (name: string, value: string, options?: { shouldValidate?: boolean }) => void

/** Fills the empty name and phone fields from a signed-in shopper's account (never overwrites typing). */
function useSignedInContacts(def: BookingFormDef, getValues: () => Record<string, unknown>, setValue: SetValue) {
  const trpc = useTRPC()
  const user = useQuery({ ...trpc.user.info.queryOptions(), staleTime: 60_000 })
  const info = user.data?.isAuthorized ? user.data.info : undefined
  useEffect(() => {
    if (!info) return
    const values = getValues()
    for (const f of def.fields) {
      const value =
        f.type === 'phone'
          ? info.phone
          : f.name === 'name'
            ? info.fullname || info.contactPerson
            : f.type === 'email'
              ? info.email
              : ''
      if (value && !values[f.name]) setValue(f.name, value)
    }
  }, [info, def, getValues, setValue])
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
        <TextField
          control={control}
          name={f.name}
          label={f.label}
          required={f.required}
          type="date"
          min={earliestFormDate()}
        />
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
              {(f.options ?? []).map((o, i) => (
                <option key={o} value={o}>
                  {f.optionLabels?.[i] ?? o}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
      )}
    />
  )
}
