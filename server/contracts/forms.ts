import { z } from 'zod'
import { id, phone, optionalString } from './common'
import { earliestFormDate, isoFormDate } from './form-dates'

export { earliestFormDate, isoFormDate }

/** The page a form was sent from: a site path (the spec's hidden `page` field). */
export const pageField = () => optionalString(2000)

export const CallbackInput = z.object({
  phone: phone(),
  page: pageField(),
})
export type CallbackInput = z.input<typeof CallbackInput>

export const FormResult = z.object({ success: z.boolean(), message: z.string() })
export type FormResult = z.infer<typeof FormResult>

/**
 * The service calculator's choice sent with a booking (`calculation[service]=12&calculation[values][length]=long`):
 * the server checks the values, computes the price itself and stores both with the request.
 */
export const FormCalculation = z.object({
  service: id(),
  values: z.record(z.string().max(50), z.union([z.string().max(100), z.number()])).default({}),
})
export type FormCalculation = z.input<typeof FormCalculation>

export const FormSubmitInput = z.object({
  code: z.string().trim().min(1).max(100),
  fields: z.record(z.string(), z.unknown()).default({}),
  page: pageField(),
  calculation: FormCalculation.optional(),
})

export const FormCodeInput = z.object({ code: z.string().trim().min(1).max(100) })

export interface FormFieldDefinition {
  name: string
  label: string
  type: 'text' | 'phone' | 'email' | 'textarea' | 'date' | 'select'
  required: boolean
  minLength?: number
  maxLength?: number
  /** Values of a select (what is submitted and stored). */
  options?: string[]
  /** What the visitor sees for each option, in the page's language (default: the option itself). */
  optionLabels?: string[]
}

export interface FormDefinition {
  code: string
  title: string
  fields: FormFieldDefinition[]
}

const DEFAULT_MAX = 2000

/**
 * The zod schema of a form defined in the database. Shared by the server (which validates
 * submissions) and the React form (which renders and validates the same fields).
 */
export function schemaForForm(def: Pick<FormDefinition, 'fields'>) {
  const shape: Record<string, z.ZodType> = {}
  for (const f of def.fields) {
    let field: z.ZodType
    const max = f.maxLength ?? DEFAULT_MAX
    switch (f.type) {
      case 'phone':
        field = phone()
        break
      case 'email':
        field = z.string().trim().min(1).max(254).pipe(z.email())
        break
      case 'date':
        field = z
          .string()
          .trim()
          .min(1)
          .refine((v) => isoFormDate(v) !== null, { params: { type: 'default' }, abort: true })
          // A preferred date (a visit, a call back) is never in the past.
          .refine((v) => (isoFormDate(v) ?? '') >= earliestFormDate(), { params: { type: 'pastDate' } })
        break
      case 'select':
        field = f.options?.length ? z.enum(f.options as [string, ...string[]]) : z.string().trim().min(1).max(max)
        break
      default: {
        let s = z.string().trim()
        s = s.min(f.required ? Math.max(1, f.minLength ?? 1) : 0)
        field = s.max(max)
        if (f.minLength && f.required)
          field = z.string().trim().min(1).pipe(z.string().min(f.minLength)).pipe(z.string().max(max))
      }
    }
    shape[f.name] = f.required ? field : z.preprocess((v) => (v === '' || v === null ? undefined : v), field.optional())
  }
  return z.object(shape)
}
