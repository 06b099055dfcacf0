import { useRef, useState } from 'react'
import type { FieldValues, Resolver, UseFormProps, UseFormReturn } from 'react-hook-form'
import type { z } from 'zod'
import type { Locale } from '../../../server/contracts/i18n'
import { importWithoutReload } from '../../lib/chunk-reload'
import { useLocale, useT } from '../../lib/i18n'
import { useFormCode } from './form-code'

export type FormSchema = z.ZodType<FieldValues, FieldValues>
/** Loads a form's schema: `() => import('…/server/contracts/account').then((m) => m.LoginInput)`. */
export type SchemaLoader<S extends FormSchema> = () => Promise<S>

/** `form.formState.errors.root.load`: the validation code could not be loaded (offline). */
export const LOAD_ERROR = 'load'

type Loaded<S extends FormSchema> = Resolver<z.input<S>, unknown, z.output<S>>
interface Latest<S extends FormSchema> {
  load: SchemaLoader<S>
  locale: Locale
  message: string
}

const preloads = new WeakMap<object, () => void>()

/**
 * Starts loading the validation of the form whose `control` is given (FormBlock calls it on the
 * first focus or pointerdown inside the form, so the first blur does not wait for the network).
 */
export function preloadValidation(control: object) {
  preloads.get(control)?.()
}

/**
 * react-hook-form bound to one shared zod schema from `server/contracts/<domain>.ts` — the
 * same schema the server route parses, so the browser and the API say the same words.
 *
 * `const callbackSchema = () => import('…/contracts/forms').then((m) => m.CallbackInput)` (module level),
 * then `const form = useZodForm(callbackSchema, { defaultValues: … })`
 *
 * - react-hook-form loads on the form's first interaction (ADR 033): the component calling this is
 *   a `formIsland` (server HTML until then) or suspends with its container (browser renders).
 * - The schema, zod and the resolver load on demand (ADR 028): the loader runs the first time the
 *   form validates, or earlier through `preloadValidation` (FormBlock: first focus/pointerdown).
 *   react-hook-form's resolver is async, so a blur or submit simply awaits it.
 * - A load that fails (offline) sets `errors.root.load` (FormBlock shows it as an alert in the
 *   form) and is retried by the next validation; the values typed stay in the form.
 * - Messages come from `errorMap(locale)` (the spec's `errors.{type}` texts in the visitor's locale).
 * - `mode: 'onTouched'`: a field is validated first when it loses focus, then on every change.
 * - `criteriaMode: 'firstError'`: only the first error per field is kept (spec §5).
 * - Any other `useForm` option may be passed, except `resolver`.
 * - `form.handleSubmit` hands the *parsed* values (`z.output`) to the submit function.
 */
export function useZodForm<S extends FormSchema>(
  load: SchemaLoader<S>,
  options?: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'>,
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  const locale = useLocale()
  const t = useT()
  const latest = useRef<Latest<S>>({ load, locale, message: '' })
  const [lazy] = useState(() => lazyResolver(latest))
  // react-hook-form itself loads on the form's first interaction (ADR 033): until then this suspends.
  const form = useFormCode().useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onTouched',
    criteriaMode: 'firstError',
    ...options,
    resolver: lazy.resolver,
  })
  latest.current = { load, locale, message: t('form.loadFailed') }
  lazy.form = form
  preloads.set(form.control, lazy.preload)
  return form
}

/**
 * An async resolver that loads the schema and `./zod-resolver` (in parallel) and validates with
 * them. A load is kept while the loader stays the same function (hence loaders made once, at
 * module level, or memoized when the schema depends on props); a failed load is forgotten, so
 * the next call tries again.
 */
function lazyResolver<S extends FormSchema>(latest: { current: Latest<S> }) {
  let loading: { load: SchemaLoader<S>; resolver: Promise<(locale: Locale) => Loaded<S>> } | null = null
  let failed = false
  const start = () => {
    const { load } = latest.current
    if (loading?.load === load) return loading.resolver
    // Both start now; a failure of the code is reported through `resolver`.
    const code = importWithoutReload(() => import('./zod-resolver'))
    code.catch(() => undefined)
    const resolver = importWithoutReload(load)
      .then((schema) => code.then((m) => (locale: Locale) => m.schemaResolver(schema, locale)))
      .catch((err: unknown) => {
        if (loading?.resolver === resolver) loading = null
        throw err
      })
    loading = { load, resolver }
    return resolver
  }
  const lazy = {
    form: null as UseFormReturn<z.input<S>, unknown, z.output<S>> | null,
    preload: () => void start().catch(() => undefined),
    resolver: (async (values, context, options) => {
      let resolve: Loaded<S>
      try {
        resolve = (await start())(latest.current.locale)
      } catch {
        failed = true
        const error = { type: LOAD_ERROR, message: latest.current.message }
        lazy.form?.setError(`root.${LOAD_ERROR}`, error)
        return { values: {}, errors: { root: { [LOAD_ERROR]: error } } }
      }
      if (failed) {
        failed = false
        lazy.form?.clearErrors(`root.${LOAD_ERROR}`)
      }
      return resolve(values, context, options)
    }) as Loaded<S>,
  }
  return lazy
}
