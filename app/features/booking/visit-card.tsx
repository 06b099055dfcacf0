import { lazy, Suspense, useState } from 'react'
import { useMutation, useQueryClient } from '../../lib/query'
import { useLocale, useT } from '../../lib/i18n'
import { useTRPC } from '../../lib/trpc'
import { formatDuration, formatPrice } from '../../shell/format'
import { buttonClass } from '../../components/ui/button'
import { phoneHref } from '../../../server/contracts/contacts'
import type { UserBooking } from '../../../server/contracts/booking'
import { useCityContacts } from '../../components/layout/shell-data'
import { formatDay, localTime, mapLink } from '../../components/booking/visit-time'
import '../../lib/messages/booking'

const ConfirmModal = lazy(() => import('../../components/modals/confirm-modal'))
const MoveDialog = lazy(() => import('./move-dialog'))

/** One visit as `booking.mine` lists it. */
export type Visit = UserBooking

/** A visit not cancelled whose start has not come yet. */
export const isUpcoming = (v: Visit, now = Date.now()) =>
  v.status !== 'cancelled' && !v.past && Date.parse(v.start) > now

/**
 * A visit: service, salon (address, map link), master, the salon's local time with its zone,
 * duration and price; while `cancellable`, cancel (asked first) and move (another free time of
 * the same service and salon); after that, the salon's phone to call. `onChanged` tells the page
 * what happened (its status line).
 */
export function VisitCard({
  visit,
  headingLevel = 'h2',
  onChanged,
}: {
  visit: Visit
  headingLevel?: 'h2' | 'h3'
  onChanged?: (text: string) => void
}) {
  const t = useT()
  const locale = useLocale()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const contacts = useCityContacts()
  const [asking, setAsking] = useState<'cancel' | 'move' | null>(null)
  const [failed, setFailed] = useState<string | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.booking.mine.queryKey() })
  const cancel = useMutation(trpc.booking.cancel.mutationOptions())
  const { date, time, zone } = localTime(visit.start)
  const when = `${formatDay(date, locale)}, ${time}`
  const upcoming = isUpcoming(visit)
  const phone = visit.salonPhone || contacts.phones[0]
  const Heading = headingLevel
  return (
    <article className="rounded-2xl border border-neutral-200 p-4 tablet:p-6" data-testid="visit" data-visit={visit.id}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <Heading className="text-lg font-semibold">{visit.service.name}</Heading>
        <span className="rounded-full bg-neutral-100 px-2.5 py-0.5 text-sm" data-testid="visit-status">
          {statusLabel(t, visit)}
        </span>
      </div>
      <dl className="mt-3 grid gap-3 text-sm tablet:grid-cols-2">
        <div>
          <dt className="text-neutral-500">{t('booking.when')}</dt>
          <dd data-testid="visit-when">
            <span className="font-medium">{when}</span>
            {zone && <span className="block text-neutral-600">{t('booking.localTime', { time, zone })}</span>}
          </dd>
        </div>
        <div>
          <dt className="text-neutral-500">{t('booking.salon')}</dt>
          <dd>
            <span className="block font-medium">{visit.salon.name}</span>
            <span className="block">{visit.salon.address}</span>
            <a
              href={mapLink(visit.salon)}
              target="_blank"
              rel="noopener noreferrer"
              className="text-brand-700 underline"
            >
              {t('booking.map')}
            </a>
          </dd>
        </div>
        <div>
          <dt className="text-neutral-500">{t('booking.master')}</dt>
          <dd>{visit.master.name}</dd>
        </div>
        <div>
          <dt className="text-neutral-500">
            {t('booking.duration')} · {t('booking.price')}
          </dt>
          <dd>
            {formatDuration(visit.durationMinutes, locale)} ·{' '}
            <span className="font-semibold">{formatPrice(visit.price)}</span>
          </dd>
        </div>
      </dl>
      {upcoming &&
        (visit.cancellable ? (
          <div className="mt-4 flex flex-wrap gap-3">
            <button type="button" className={buttonClass.secondary} onClick={() => setAsking('move')}>
              {t('booking.move')}
            </button>
            <button type="button" className={buttonClass.secondary} onClick={() => setAsking('cancel')}>
              {t('booking.cancel')}
            </button>
          </div>
        ) : (
          <p className="mt-4 text-sm text-neutral-700" data-testid="visit-call">
            {phone ? (
              <>
                {t('booking.callSalon')}{' '}
                <a href={phoneHref(phone)} className="font-medium whitespace-nowrap text-brand-700 underline">
                  {phone}
                </a>
              </>
            ) : (
              t('booking.callSalonNoPhone')
            )}
          </p>
        ))}
      {failed && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {failed}
        </p>
      )}
      {asking === 'cancel' && (
        <Suspense fallback={null}>
          <ConfirmModal
            open
            onOpenChange={(open) => !open && setAsking(null)}
            title={t('booking.cancelTitle')}
            message={t('booking.cancelText', { service: visit.service.name, when })}
            confirmLabel={t('booking.cancelYes')}
            cancelLabel={t('booking.cancelNo')}
            busy={cancel.isPending}
            onConfirm={async () => {
              setFailed(null)
              try {
                await cancel.mutateAsync({ id: visit.id })
                onChanged?.(t('booking.cancelled'))
              } catch (err) {
                setFailed(err instanceof Error && err.message ? err.message : t('booking.failed'))
              }
              await refresh()
            }}
          />
        </Suspense>
      )}
      {asking === 'move' && (
        <Suspense fallback={null}>
          <MoveDialog
            visit={visit}
            onClose={() => setAsking(null)}
            onMoved={(start) => {
              setAsking(null)
              onChanged?.(
                t('booking.moved', { when: `${formatDay(localTime(start).date, locale)}, ${localTime(start).time}` }),
              )
              void refresh()
            }}
          />
        </Suspense>
      )}
    </article>
  )
}

function statusLabel(t: (key: string) => string, visit: Visit): string {
  if (visit.status === 'cancelled') return t('booking.status.cancelled')
  return isUpcoming(visit) ? t('booking.status.booked') : t('booking.status.done')
}
