import { z } from 'zod'
import { phone, optionalString } from './common'

/** The page a form was sent from: a site path (the spec's hidden `page` field). */
export const pageField = () => optionalString(2000)

export const CallbackInput = z.object({
  phone: phone(),
  page: pageField(),
})
export type CallbackInput = z.input<typeof CallbackInput>

export const FormResult = z.object({ success: z.boolean(), message: z.string() })
export type FormResult = z.infer<typeof FormResult>

export const FormSubmitInput = z.object({
  code: z.string().trim().min(1).max(100),
  fields: z.record(z.string(), z.unknown()).default({}),
  page: pageField(),
})

export const FormCodeInput = z.object({ code: z.string().trim().min(1).max(100) })

export interface FormFieldDefinition {
  name: string
  label: string
  type: 'text' | 'phone' | 'email' | 'textarea' | 'date' | 'select'
  required: boolean
  minLength?: number
  maxLength?: number
  options?: string[]
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
          .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) || /^\d{2}\.\d{2}\.\d{4}$/.test(v), {
            params: { type: 'default' },
          })
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
