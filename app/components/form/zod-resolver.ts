import { zodResolver } from '@hookform/resolvers/zod'
import type { Resolver } from 'react-hook-form'
import type { z } from 'zod'
import { errorMap } from '../../../server/contracts/common'
import type { Locale } from '../../../server/contracts/i18n'
import type { FormSchema } from './use-zod-form'

/**
 * The part of `useZodForm` that needs zod: loaded by the hook with a dynamic import the first time
 * a form validates (or is focused), never in a page's first load (ADR 028). Messages come from
 * `errorMap(locale)` (the spec's `errors.{type}` texts in the visitor's locale).
 */
export function schemaResolver<S extends FormSchema>(
  schema: S,
  locale: Locale,
): Resolver<z.input<S>, unknown, z.output<S>> {
  return zodResolver(schema, { error: errorMap(locale) })
}
