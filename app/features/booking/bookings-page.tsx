import { useState } from 'react'
import { useHydrated } from '@tanstack/react-router'
import { useQuery } from '../../lib/query'
import type { PageProps } from '../../lib/entity'
import { useT } from '../../lib/i18n'
import { useTRPC } from '../../lib/trpc'
import { AppLink } from '../../components/ui/app-link'
import { buttonClass } from '../../components/ui/button'
import { PageTitle } from '../../shell/page-title'
import { PersonalNav } from '../../components/layout/personal-nav'
import { myBookingsQuery } from '../../components/booking/booking-queries'
import { isUpcoming, VisitCard } from './visit-card'
import '../../lib/messages/booking'

/**
 * The pages of the shopper's visits (one module: one chunk, one loader in the entry): the list and
 * one visit.
 */
export default function BookingPages({ entity }: PageProps<'personal-bookings' | 'personal-booking'>) {
  return entity.type === 'personal-booking' ? <VisitPage entity={entity} /> : <VisitsPage entity={entity} />
}

/**
 * /personal/bookings/ ("Мои записи", beside the orders): upcoming visits, soonest first, then
 * past and cancelled ones, newest first. Prefetched by the route loader (ADR 022), drawn after
 * hydration ("upcoming" is judged by the browser's clock against each visit's instant).
 */
function VisitsPage({ entity }: PageProps<'personal-bookings'>) {
  const t = useT()
  const trpc = useTRPC()
  const hydrated = useHydrated()
  const query = useQuery(myBookingsQuery(trpc))
  const [said, setSaid] = useState('')
  const list = hydrated ? query.data : undefined
  const now = Date.now()
  const upcoming = (list ?? [])
    .filter((v) => isUpcoming(v, now))
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start))
  const past = (list ?? []).filter((v) => !isUpcoming(v, now)).sort((a, b) => Date.parse(b.start) - Date.parse(a.start))
  return (
    <div className="mx-auto max-w-7xl px-4 pb-10">
      <PageTitle entity={entity} />
      <PersonalNav current="/personal/bookings/" />
      <p role="status" className="mb-4 empty:hidden">
        {said}
      </p>
      {!list ? (
        <VisitsPending failed={query.isError && hydrated} onRetry={() => void query.refetch()} />
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

/**
 * /personal/bookings/{id}/: one visit — the confirmation a booking leads to, and the link of its
 * SMS and reminders. The visit comes from `booking.mine` (the session's or account's own visits
 * only), so a guest sees the visit their session booked, nobody else's.
 */
function VisitPage({ entity }: PageProps<'personal-booking'>) {
  const t = useT()
  const trpc = useTRPC()
  const hydrated = useHydrated()
  const query = useQuery(myBookingsQuery(trpc))
  const [said, setSaid] = useState('')
  const list = hydrated ? query.data : undefined
  const visit = list?.find((v) => v.id === entity.data.id)
  const hours = entity.data.cancelHours
  return (
    <div className="mx-auto max-w-7xl px-4 pb-10">
      <PageTitle entity={entity} />
      <p role="status" className="mb-4 empty:hidden">
        {said}
      </p>
      {!list ? (
        <VisitsPending failed={query.isError && hydrated} onRetry={() => void query.refetch()} />
      ) : !visit ? (
        <p className="py-8 text-lg">{t('booking.notFound')}</p>
      ) : (
        <div className="flex max-w-3xl flex-col gap-6">
          {isUpcoming(visit) && (
            <h2 className="text-2xl font-semibold text-brand-700" data-testid="booking-confirmed">
              {t('booking.confirmed')}
            </h2>
          )}
          <VisitCard visit={visit} headingLevel="h2" onChanged={setSaid} />
          {isUpcoming(visit) && (
            <section aria-labelledby="booking-next" className="rounded-2xl bg-neutral-50 p-4 tablet:p-6">
              <h2 id="booking-next" className="mb-2 text-lg font-semibold">
                {t('booking.next')}
              </h2>
              <ul className="flex list-disc flex-col gap-1 pl-5 text-neutral-700">
                <li>{t('booking.nextSms')}</li>
                <li>{hours ? t('booking.nextCancel', { hours }) : t('booking.nextCancelAny')}</li>
              </ul>
              <AppLink to="/personal/bookings/" className="mt-3 inline-block text-brand-700 underline">
                {t('booking.toBookings')}
              </AppLink>
            </section>
          )}
        </div>
      )}
    </div>
  )
}

/** The visits not here yet: a placeholder while they load, or the failure with a retry. */
function VisitsPending({ failed, onRetry }: { failed: boolean; onRetry: () => void }) {
  const t = useT()
  return failed ? (
    <p role="alert" className="py-8">
      {t('booking.loadFailed')}{' '}
      <button type="button" className="underline" onClick={onRetry}>
        {t('booking.retry')}
      </button>
    </p>
  ) : (
    <div aria-busy="true" className="h-48 animate-pulse rounded-2xl bg-neutral-100">
      <span className="sr-only">{t('booking.loading')}</span>
    </div>
  )
}
