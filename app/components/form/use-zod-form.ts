import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form'
import type { z } from 'zod'
import { errorMap } from '../../../server/contracts/common'
import { useLocale } from '../../lib/i18n'

/**
 * react-hook-form bound to one shared zod schema from `server/contracts/<domain>.ts` — the
 * same schema the server route parses, so the browser and the API say the same words.
 *
 * `const form = useZodForm(CallbackInput, { defaultValues: { phone: '', page } })`
 *
 * - Messages come from `errorMap(locale)` (the spec's `errors.{type}` texts in the visitor's locale).
 * - `mode: 'onTouched'`: a field is validated first when it loses focus, then on every change.
 * - `criteriaMode: 'firstError'`: only the first error per field is kept (spec §5).
 * - Any other `useForm` option may be passed, except `resolver`.
 * - `form.handleSubmit` hands the *parsed* values (`z.output`) to the submit function.
 */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options?: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'>,
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  const locale = useLocale()
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onTouched',
    criteriaMode: 'firstError',
    ...options,
    resolver: zodResolver(schema, { error: errorMap(locale) }),
  })
}
