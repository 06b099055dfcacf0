import type { Locale } from './i18n'

/**
 * The one reader of translated columns (issue 17): a row keeps its Russian text in `field`
 * and its English text in `${field}En`. In English the English text is taken when it exists;
 * when it is missing (a product imported from 1C with Russian only) the Russian text is
 * returned with `ru: true`, so the page can mark the block `lang="ru"` and say so.
 * Isomorphic: imports nothing from the server.
 */
export interface LocalizedText<T> {
  value: T
  /** True when the English page shows the Russian text because there is no translation. */
  ru: boolean
}

type EnKey<F extends string> = `${F}En`
type Row<F extends string> = { [K in F]: unknown } & { [K in EnKey<F>]?: unknown }

export function localized<F extends string, R extends Row<F>>(row: R, field: F, locale: Locale): LocalizedText<R[F]> {
  const ruValue = row[field]
  if (locale !== 'en') return { value: ruValue, ru: false }
  const enValue = (row as Record<string, unknown>)[`${field}En`] as R[F] | null | undefined
  if (enValue === null || enValue === undefined || (typeof enValue === 'string' && enValue.trim() === ''))
    return { value: ruValue, ru: isRussian(ruValue) }
  return { value: enValue, ru: false }
}

/** The text in the caller's language (the fallback flag dropped): for labels whose English is never missing. */
export function localizedText<F extends string, R extends Row<F>>(row: R, field: F, locale: Locale): R[F] {
  return localized(row, field, locale).value
}

const CYRILLIC = /[А-Яа-яЁё]/

/** Whether a fallback text actually is Russian (an empty text or a Latin brand name is not). */
function isRussian(value: unknown): boolean {
  if (typeof value === 'string') return CYRILLIC.test(value)
  if (Array.isArray(value))
    return value.some((v: unknown) => isRussian(typeof v === 'object' && v ? Object.values(v) : v))
  return false
}
