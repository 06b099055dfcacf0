import { z } from 'zod'
import { t, type Locale } from './i18n'
import { formatPhone, normalizePhone, PHONE_MASK } from './phone'

/**
 * Shared zod building blocks. Schemas carry no message strings: the error map below turns
 * every issue into the spec's message (errors.{type}) in the caller's locale, so the REST
 * adapter, tRPC and the React forms all show the same words.
 */

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '')

/** Numeric strings from forms become numbers; anything else is left for zod to reject. */
export const toNumber = (v: unknown) => {
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v)
  return v
}

export const int = () => z.preprocess(toNumber, z.number().int())
export const id = () => z.preprocess(toNumber, z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
export const idOrIds = () =>
  z.union([id(), z.array(id()).min(1).max(500)]).transform((v) => (Array.isArray(v) ? v : [v]))

/** A trimmed string that must be present. */
export const requiredString = (max = 500) => z.string().trim().min(1).max(max)
export const optionalString = (max = 500) =>
  z.preprocess((v) => (v === null ? undefined : v), z.string().trim().max(max).optional().default(''))

export { formatPhone, normalizePhone, PHONE_MASK }

export const phone = () =>
  z
    .string()
    .trim()
    .min(1)
    .refine((v) => normalizePhone(v) !== null, { params: { type: 'phone' } })
    .transform((v) => normalizePhone(v) as string)

export const email = () =>
  z
    .string()
    .trim()
    .min(1)
    .max(254)
    .pipe(z.email())
    .transform((v) => v.toLowerCase())
export const optionalEmail = () =>
  z.preprocess((v) => (isBlank(v) ? undefined : v), email().optional()).transform((v) => v ?? '')

export interface FieldError {
  type: string
  params?: Record<string, string | number>
}

type Issue = z.core.$ZodRawIssue

/** Classify a zod issue as one of the spec's error types. */
export function classifyIssue(issue: Issue): FieldError {
  const input: unknown = issue.input
  switch (issue.code) {
    case 'invalid_type':
      if (isBlank(input)) return { type: 'required' }
      if (issue.expected === 'int' || issue.expected === 'number') return { type: 'default' }
      return { type: 'default' }
    case 'too_small': {
      const min = Number(issue.minimum)
      if (issue.origin === 'string') {
        if (isBlank(input) || (min === 1 && typeof input === 'string' && input.length === 0))
          return { type: 'required' }
        return { type: 'minLength', params: { min } }
      }
      if (issue.origin === 'array' && min === 1) return { type: 'required' }
      if (issue.origin === 'number' || issue.origin === 'int') return { type: 'min', params: { min } }
      return { type: 'default' }
    }
    case 'too_big': {
      const max = Number(issue.maximum)
      if (issue.origin === 'string') return { type: 'maxLength', params: { max } }
      if (issue.origin === 'number' || issue.origin === 'int') return { type: 'max', params: { max } }
      return { type: 'default' }
    }
    case 'invalid_format':
      if (issue.format === 'email') return { type: 'email' }
      return { type: 'default' }
    case 'invalid_value':
      if (isBlank(input)) return { type: 'required' }
      return { type: 'choice' }
    case 'invalid_union':
      if (isBlank(input)) return { type: 'required' }
      return { type: 'default' }
    case 'custom': {
      const type = (issue.params as { type?: string } | undefined)?.type
      if (isBlank(input) && type !== undefined && type !== 'required') return { type: 'required' }
      return { type: type ?? 'default' }
    }
    default:
      return { type: 'default' }
  }
}

export function fieldMessage(locale: Locale, err: FieldError): string {
  return t(locale, `errors.${err.type}`, err.params) === `errors.${err.type}`
    ? t(locale, 'errors.default')
    : t(locale, `errors.${err.type}`, err.params)
}

/** zod v4 per-parse error map: `schema.safeParse(x, { error: errorMap(locale) })`. */
export function errorMap(locale: Locale) {
  return (issue: Issue) => fieldMessage(locale, classifyIssue(issue))
}

/** First message per field, keyed by the dotted path (the spec shows only the first error). */
export function flattenErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_'
    out[key] ??= issue.message
  }
  return out
}
