import { useState } from 'react'
import { useHydrated } from '@tanstack/react-router'
import { useQuery } from '../../lib/query'
import type { PageProps } from '../../lib/entity'
import { useT } from '../../lib/i18n'
import { useTRPC } from '../../lib/trpc'
import { AppLink } from '../../components/ui/app-link'
import { PageTitle } from '../../components/layout/page-title'
import { myBookingsQuery } from '../../components/booking/booking-queries'
import { isUpcoming, VisitCard, type Visit } from './visit-card'
import '../../lib/messages/booking'

/**
 * /personal/bookings/{id}/: one visit — the confirmation a booking leads to, and the link of its
 * SMS and reminders. The visit comes from `booking.mine` (the session's or account's own visits
 * only), so a guest sees the visit their session booked, nobody else's.
 */
export default function BookingPage({ entity }: PageProps<'personal-booking'>) {
  const t = useT()
  const trpc = useTRPC()
  const hydrated = useHydrated()
  const query = useQuery(myBookingsQuery(trpc))
  const [said, setSaid] = useState('')
  const list = hydrated ? (query.data as (Visit & { cancelHours?: number })[] | undefined) : undefined
  const visit = list?.find((v) => v.id === entity.data.id)
  const hours = visit?.cancelHours
  return (
    <div className="mx-auto max-w-7xl px-4 pb-10">
      <PageTitle entity={entity} />
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
