import { useMutation, useQueryClient } from '../../lib/query'
import { useEffect, useState } from 'react'
import { readCookie, writeCookie } from '../../lib/cookies'
import { useT } from '../../lib/i18n'
import { useTRPC } from '../../lib/trpc'
import { buttonClass } from '../ui/button'
import { useShellData } from './shell-data'
import { useShellUi } from './shell-ui'
import { COOKIE_NOTICE_COOKIE } from '../../../server/contracts/page-query'

export const COOKIE_NOTICE_DAYS = 7
const GEO_TRIED_KEY = 'geo-city-tried'

/**
 * The bottom notices (spec §2, §4): the city confirmation and the cookie notice. Both are
 * server-rendered (the cookie is read from the request), so they show without JavaScript and
 * do not pop in after hydration.
 */
export function Notices() {
  const cityConfirmed = useShellData().userCity.isConfirmed
  const [cookieShown, setCookieShown] = useState(() => readCookie(COOKIE_NOTICE_COOKIE) === undefined)
  return (
    <>
      <GeoCity />
      {/* A bar in the page's flow above the header (issue 29): it covers no field, card or dialog. */}
      {!cityConfirmed && <CityConfirm />}
      {cookieShown && (
        <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 p-3 pr-20 tablet:max-w-[440px] tablet:pr-3">
          <CookieNotice
            onAgree={() => {
              writeCookie(COOKIE_NOTICE_COOKIE, '1', COOKIE_NOTICE_DAYS)
              setCookieShown(false)
            }}
          />
        </div>
      )}
    </>
  )
}

const card = 'pointer-events-auto rounded-2xl border border-neutral-200 bg-white p-4 shadow-lg'

function CookieNotice({ onAgree }: { onAgree: () => void }) {
  const t = useT()
  return (
    <section
      role="region"
      aria-label="cookie"
      className={`${card} flex flex-col gap-3 phone-l:flex-row phone-l:items-center`}
    >
      <p className="flex-1 text-sm text-ink">{t('cookie.text')}</p>
      <button type="button" className={`${buttonClass.primary} shrink-0`} onClick={onAgree}>
        {t('cookie.agree')}
      </button>
    </section>
  )
}

/** "This is your city?" — Yes saves the detected city by id (confirmed); No opens the city select. */
function CityConfirm() {
  const t = useT()
  const shell = useShellData()
  const { openCitySelect } = useShellUi()
  const confirm = useSetCity()
  return (
    <section role="region" aria-labelledby="city-confirm-q" className="city-bar">
      <p id="city-confirm-q">
        {t('city.question')} <strong className="font-semibold">{shell.userCity.name}</strong>
      </p>
      <span>
        <button
          type="button"
          className="city-yes"
          disabled={confirm.isPending}
          onClick={() => confirm.mutate({ id: shell.userCity.id })}
        >
          {t('city.yes')}
        </button>
        <button type="button" className="city-no" onClick={openCitySelect}>
          {t('city.no')}
        </button>
      </span>
      {confirm.error && <p role="alert">{confirm.error.message}</p>}
    </section>
  )
}

/**
 * First visit: when the visitor has *already* granted geolocation to this site, pick the nearest
 * city (still unconfirmed, so the banner asks). Never prompts on load; tried once per browser.
 */
function GeoCity() {
  const shell = useShellData()
  const { mutate } = useSetCity()
  const confirmed = shell.userCity.isConfirmed
  useEffect(() => {
    if (confirmed || !('permissions' in navigator) || !('geolocation' in navigator)) return
    try {
      if (localStorage.getItem(GEO_TRIED_KEY)) return
      localStorage.setItem(GEO_TRIED_KEY, '1')
    } catch {
      return
    }
    let cancelled = false
    navigator.permissions
      .query({ name: 'geolocation' })
      .then((status) => {
        if (cancelled || status.state !== 'granted') return
        navigator.geolocation.getCurrentPosition(
          (pos) => {
            if (!cancelled) mutate({ latitude: pos.coords.latitude, longitude: pos.coords.longitude })
          },
          () => undefined,
          { maximumAge: 600_000, timeout: 10_000 },
        )
      })
      .catch(() => undefined)
    return () => {
      cancelled = true
    }
  }, [confirmed, mutate])
  return null
}

/** Saves the visitor's city (by id: confirmed; by coordinates: the nearest, unconfirmed) and reloads the shell. */
function useSetCity() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return useMutation(
    trpc.site.setCity.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.site.shell.queryKey() }),
    }),
  )
}
