import { useState } from 'react'
import { useHydrated } from '@tanstack/react-router'
import { useQuery } from '../../lib/query'
import type { PageProps } from '../../lib/entity'
import { useT } from '../../lib/i18n'
import { useTRPC } from '../../lib/trpc'
import { AppLink } from '../../components/ui/app-link'
import { buttonClass } from '../../components/ui/button'
import { PageTitle } from '../../components/layout/page-title'
import { PersonalNav } from '../../components/layout/personal-nav'
import { myBookingsQuery } from '../../components/booking/booking-queries'
import { isUpcoming, VisitCard, type Visit } from './visit-card'
import '../../lib/messages/booking'

/**
 * /personal/bookings/ ("Мои записи", beside the orders): upcoming visits, soonest first, then
 * past and cancelled ones, newest first. Prefetched by the route loader (ADR 022), drawn after
 * hydration ("upcoming" is judged by the browser's clock against each visit's instant).
 */
export default function BookingsPage({ entity }: PageProps<'personal-bookings'>) {
  const t = useT()
  const trpc = useTRPC()
  const hydrated = useHydrated()
  const query = useQuery(myBookingsQuery(trpc))
  const [said, setSaid] = useState('')
  const list = hydrated ? (query.data as Visit[] | undefined) : undefined
  const now = Date.now()
  const upcoming = (list ?? []).filter((v) => isUpcoming(v, now)).sort((a, b) => Date.parse(a.start) - Date.parse(b.start))
  const past = (list ?? []).filter((v) => !isUpcoming(v, now)).sort((a, b) => Date.parse(b.start) - Date.parse(a.start))
  return (
    <div className="mx-auto max-w-7xl px-4 pb-10">
      <PageTitle entity={entity} />
      <PersonalNav current="/personal/bookings/" />
      <p role="status" className="mb-4 empty:hidden">
        {said}
      </p>
      {!list ? (
        query.isError && hydrated ? (
          <p role="alert" className="py-8">
            {t('booking.loadFailed')}{' '}
            <button type="button" className="underline" onClick={() => void query.refetch()}>
              {t('booking.retry')}
            </button>
          </p>
        ) : (
          <div aria-busy="true" className="h-48 animate-pulse rounded-2xl bg-neutral-100">
            <span className="sr-only">{t('booking.loading')}</span>
          </div>
        )
      ) : list.length === 0 ? (
        <div className="py-8">
          <p className="text-lg">{t('booking.empty')}</p>
          <AppLink to="/services/" className={`${buttonClass.primary} mt-4`}>
            {t('booking.toServices')}
          </AppLink>
        </div>
      ) : (
        <div className="flex max-w-3xl flex-col gap-8">
          {upcoming.length > 0 && (
            <section aria-labelledby="bookings-upcoming">
              <h2 id="bookings-upcoming" className="mb-3 text-xl font-semibold">
                {t('booking.upcoming')}
              </h2>
              <ul className="flex flex-col gap-3">
                {upcoming.map((v) => (
                  <li key={v.id}>
                    <VisitCard visit={v} headingLevel="h3" onChanged={setSaid} />
                  </li>
                ))}
              </ul>
            </section>
          )}
          {past.length > 0 && (
            <section aria-labelledby="bookings-past">
              <h2 id="bookings-past" className="mb-3 text-xl font-semibold">
                {t('booking.past')}
              </h2>
              <ul className="flex flex-col gap-3">
                {past.map((v) => (
                  <li key={v.id}>
                    <VisitCard visit={v} headingLevel="h3" />
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      )}
    </div>
  )
}
