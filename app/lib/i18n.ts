import { createContext, useContext } from 'react'
import { createIsomorphicFn } from '@tanstack/react-start'
import type { Locale } from '../../server/contracts/locale'
import { t as tServer } from '../../server/contracts/i18n'
import { ru } from './messages/ru'
import { ruFirstLoad } from './messages/ru-first-load'
import { en } from './messages/en'

export type { Locale }

/**
 * UI texts, one dictionary per locale (app/lib/messages/<locale>.ts, assembled from
 * <domain>.<locale>.ts); API and validation messages come from server/contracts/i18n.ts so forms
 * and the API say the same thing, and a key missing here falls back to them: on the server
 * always, in the browser once a module showing one has imported `app/lib/messages/api`
 * (no first load needs them).
 *
 * Russian, the default, is in every bundle: the shell's, catalog's and content's texts up front
 * (`ruFirstLoad`), the cart's, checkout's, orders' and account's with the modules that show them
 * (`addRussianTexts`; app/lib/messages/commerce.ts, account.ts). The server has them all, and
 * English too; the browser loads English with `loadLocale('en')` before anything renders in
 * English: before hydration (`hydrate` in app/router.tsx) and in the root loader, which returns
 * the page's locale (a locale switch).
 */
const bundledLocales = createIsomorphicFn()
  .server(() => ({ ru, en }))
  .client(() => ({ ru: { ...ruFirstLoad } }))

const dictionaries: Partial<Record<Locale, Record<string, string>>> = bundledLocales()

type ApiTexts = typeof tServer
let apiTexts = createIsomorphicFn()
  .server((): ApiTexts | undefined => tServer)
  .client(() => undefined)()

/** Makes the API and validation messages (server/contracts/i18n.ts) a fallback in the browser (app/lib/messages/api.ts). */
export function addApiTexts(t: ApiTexts): void {
  apiTexts = t
}

/** Adds Russian texts that are not part of the browser's first load (the server has them all). */
export function addRussianTexts(texts: Record<string, string>): void {
  // On the server they are there already: the same values again.
  Object.assign((dictionaries.ru ??= {}), texts)
}

/** Makes `locale`'s texts available; resolves at once when they already are (only English can be missing). */
export async function loadLocale(locale: Locale): Promise<void> {
  if (dictionaries[locale]) return
  dictionaries.en = (await import('./messages/en')).en
}

export function translate(locale: Locale, key: string, params?: Record<string, string | number>): string {
  const template = dictionaries[locale]?.[key]
  if (template === undefined) return apiTexts ? apiTexts(locale, key, params) : key
  if (!params) return template
  return template.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m))
}

export const LocaleContext = createContext<Locale>('ru')

export function useLocale(): Locale {
  return useContext(LocaleContext)
}

/** `const t = useT(); t('cookie.agree')` */
export function useT() {
  const locale = useLocale()
  return (key: string, params?: Record<string, string | number>) => translate(locale, key, params)
}
