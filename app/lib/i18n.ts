import { createContext, useContext } from 'react'
import type { Locale } from '../../server/contracts/i18n'
import { t as tServer } from '../../server/contracts/i18n'
import { shellMessages } from './messages/shell'
import { commerceMessages } from './messages/commerce'
import { catalogMessages } from './messages/catalog'
import { accountMessages } from './messages/account'
import { contentMessages } from './messages/content'

export type { Locale }

/**
 * UI texts per domain (app/lib/messages/<domain>.ts), merged here; API and validation
 * messages come from server/contracts/i18n.ts so forms and the API say the same thing.
 */
const domains = [shellMessages, commerceMessages, catalogMessages, accountMessages, contentMessages] as const

const dictionary: Record<Locale, Record<string, string>> = { en: {}, ru: {} }
for (const d of domains) {
  Object.assign(dictionary.en, d.en)
  Object.assign(dictionary.ru, d.ru)
}

export function translate(locale: Locale, key: string, params?: Record<string, string | number>): string {
  const template = dictionary[locale][key] ?? dictionary.en[key]
  if (template === undefined) return tServer(locale, key, params)
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
