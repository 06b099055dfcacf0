import { z } from 'zod'
import { id, phone, optionalString } from './common'

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

/** The shop's time zone: "today" of a date field is the salon's today. */
const SHOP_TIME_ZONE = 'Europe/Moscow'

/** Today in the shop's time zone as yyyy-mm-dd: the earliest date a date field accepts (the input's `min`). */
export function earliestFormDate(now: Date = new Date()): string {
  // en-CA formats as yyyy-mm-dd.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: SHOP_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now)
}

/** A date field's value (yyyy-mm-dd or dd.mm.yyyy) as yyyy-mm-dd, or null when it is no real calendar day. */
export function isoFormDate(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) ?? /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(value)
  if (!m) return null
  const [y, mo, d] = value.includes('-') ? [m[1], m[2], m[3]] : [m[3], m[2], m[1]]
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)))
  const iso = `${y}-${mo}-${d}`
  return date.toISOString().slice(0, 10) === iso ? iso : null
}

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
