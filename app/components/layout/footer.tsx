import { useQueryClient } from '../../lib/query'
import { useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import { LOCALE_COOKIE, LOCALE_COOKIE_DAYS, LOCALES, type Locale } from '../../../server/contracts/locale'
import { useLocale, useT } from '../../lib/i18n'
import { writeCookie } from '../../lib/cookies'
import { AppLink } from '../ui/app-link'
import { splitBalanced } from './footer-split'
import { Phones, SocialLinks } from './header'
import { useCityContacts, useShellData } from './shell-data'

/**
 * The site footer (spec §2): navigation columns in two balanced groups, contacts of the visitor's
 * city, the privacy link, the copyright and the language switcher.
 */
export function Footer() {
  const t = useT()
  const shell = useShellData()
  const contacts = useCityContacts()
  const [left, right] = splitBalanced(shell.navFooter)

  return (
    <footer className="mt-12 border-t border-neutral-200 bg-neutral-50 text-sm text-neutral-700">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 tablet-l:grid-cols-[2fr_1fr]">
        <nav aria-label={t('footer.nav')} className="grid gap-8 tablet:grid-cols-2">
          {[left, right].map((group, i) => (
            <div key={i} className="grid gap-8 phone-l:grid-cols-2">
              {group.map((col) => (
                <div key={col.id}>
                  <AppLink to={col.link} className="text-base font-semibold text-ink hover:text-brand-700">
                    {col.label}
                  </AppLink>
                  {col.items.length > 0 && (
                    <ul className="mt-3 flex flex-col gap-2">
                      {col.items.map((item) => (
                        <li key={item.id}>
                          <AppLink to={item.link} className="hover:text-brand-700 hover:underline">
                            {item.label}
                          </AppLink>
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              ))}
            </div>
          ))}
        </nav>

        <section aria-labelledby="footer-contacts" className="flex flex-col gap-3">
          <h2 id="footer-contacts" className="text-base font-semibold text-ink">
            {t('footer.contacts')}
            <span className="font-normal text-neutral-500"> · {shell.userCity.name}</span>
          </h2>
          <Phones phones={contacts.phones} className="flex flex-col gap-1 text-base" />
          {contacts.emails.length > 0 && (
            <ul className="flex flex-col gap-1">
              {contacts.emails.map((e) => (
                <li key={e}>
                  <a href={`mailto:${e}`} className="hover:text-brand-700 hover:underline">
                    {e}
                  </a>
                </li>
              ))}
            </ul>
          )}
          {contacts.workhours.map((w) => (
            <p key={w}>{w}</p>
          ))}
          {contacts.address.map((a) => (
            <address key={a} className="not-italic">
              {a}
            </address>
          ))}
          <SocialLinks social={contacts.social} />
        </section>
      </div>

      <div className="border-t border-neutral-200">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-4 tablet:flex-row tablet:items-center tablet:justify-between">
          <p>{shell.options.copyright}</p>
          <div className="flex flex-wrap items-center gap-4">
            <AppLink to={shell.options.privacy.link} className="hover:text-brand-700 hover:underline">
              {shell.options.privacy.label}
            </AppLink>
            <LocaleSwitcher />
          </div>
        </div>
      </div>
    </footer>
  )
}

const localeNames: Record<Locale, string> = { ru: 'Русский', en: 'English' }

/**
 * Sets the `locale` cookie for 365 days (spec §1, §9) and reloads the data in the new locale:
 * every cached query is dropped or refetched, then the route loaders run again, so texts,
 * page data and `<html lang>` change without a full page reload.
 */
function LocaleSwitcher() {
  const t = useT()
  const current = useLocale()
  const router = useRouter()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)

  const change = async (next: Locale) => {
    if (next === current || busy) return
    setBusy(true)
    writeCookie(LOCALE_COOKIE, next, LOCALE_COOKIE_DAYS)
    queryClient.removeQueries({ type: 'inactive' })
    await queryClient.invalidateQueries({ type: 'active' })
    await router.invalidate()
    setBusy(false)
  }

  return (
    <div
      role="group"
      aria-label={t('footer.language')}
      className="flex items-center gap-1"
      aria-busy={busy || undefined}
    >
      {LOCALES.map((l) => (
        <button
          key={l}
          type="button"
          lang={l}
          aria-pressed={l === current}
          disabled={busy}
          onClick={() => void change(l)}
          className="min-h-9 rounded-full px-3 font-medium aria-pressed:bg-ink aria-pressed:text-white hover:text-brand-700 aria-pressed:hover:text-white disabled:opacity-60"
        >
          {localeNames[l]}
        </button>
      ))}
    </div>
  )
}
