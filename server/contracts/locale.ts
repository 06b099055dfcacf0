/**
 * The locales, the locale cookie and the choice of a visitor's locale: what the shell needs in
 * every browser first load, without the messages of `i18n.ts` (which re-exports these).
 */
export const LOCALES = ['ru', 'en'] as const
export type Locale = (typeof LOCALES)[number]
export const DEFAULT_LOCALE: Locale = 'ru'
export const LOCALE_COOKIE = 'locale'
export const LOCALE_COOKIE_DAYS = 365

export function isLocale(v: unknown): v is Locale {
  return v === 'ru' || v === 'en'
}

/** locale cookie, else the best Accept-Language match, else ru. */
export function pickLocale(cookieValue: string | undefined, acceptLanguage: string | null | undefined): Locale {
  if (isLocale(cookieValue)) return cookieValue
  if (acceptLanguage) {
    const ranked = acceptLanguage
      .split(',')
      .map((part) => {
        const [tag = '', ...rest] = part.trim().split(';')
        const q = rest.find((r) => r.trim().startsWith('q='))
        return { lang: tag.trim().slice(0, 2).toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1 }
      })
      .filter((x) => x.q > 0)
      .sort((a, b) => b.q - a.q)
    const hit = ranked.find((r) => isLocale(r.lang))
    if (hit && isLocale(hit.lang)) return hit.lang
  }
  return DEFAULT_LOCALE
}
