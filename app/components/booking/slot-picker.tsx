import { useEffect, useState } from 'react'
import { useQuery } from '../../lib/query'
import { useLocale, useT } from '../../lib/i18n'
import { useTRPC } from '../../lib/trpc'
import { providerDown, slotsQuery } from './booking-queries'
import { formatDay, localTime, salonDays } from './visit-time'
import '../../lib/messages/booking'

export interface PickedSlot {
  start: string
  master: { id: number; name: string }
}

const chip =
  'inline-flex min-h-11 items-center justify-center rounded-xl border px-3 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600'
const chipOn = 'border-brand-600 bg-brand-600 text-white'
const chipOff = 'border-neutral-300 bg-white text-ink hover:border-brand-600'

/**
 * The next 14 days of a salon (its own "today", its own zone) and the free times of the chosen
 * day as buttons. A day off, or a day already over, shows no times. `onPick(null)` when the day
 * changes (its times are other ones); a failure of the booking system goes to `onDown`.
 */
export function SlotPicker({
  service,
  salon,
  master,
  picked,
  onPick,
  onDown,
}: {
  service: number
  salon: { id: number; timeZone: string }
  /** A master's id; undefined: any master. */
  master?: number
  picked: string | null
  onPick: (slot: PickedSlot | null) => void
  onDown?: (err: unknown) => void
}) {
  const t = useT()
  const locale = useLocale()
  const trpc = useTRPC()
  const [days] = useState(() => salonDays(salon.timeZone))
  const [day, setDay] = useState(days[0]!)
  const slots = useQuery(slotsQuery(trpc, { service, salon: salon.id, date: day, ...(master ? { master } : {}) }))
  const down = slots.isError && providerDown(slots.error)
  useEffect(() => {
    if (down) onDown?.(slots.error)
  }, [down])
  // Any master: one button per time (the server says whose it is).
  const times = slots.data?.filter((s, i, all) => all.findIndex((o) => o.start === s.start) === i)
  const zone = times?.[0] ? localTime(times[0].start).zone : ''
  return (
    <div className="flex flex-col gap-4">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-neutral-700">{t('booking.day')}</legend>
        <ul className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1" data-testid="booking-days">
          {days.map((d) => (
            <li key={d}>
              <button
                type="button"
                data-day={d}
                aria-pressed={d === day}
                className={`${chip} ${d === day ? chipOn : chipOff}`}
                onClick={() => {
                  if (d === day) return
                  setDay(d)
                  onPick(null)
                }}
              >
                {formatDay(d, locale, false)}
              </button>
            </li>
          ))}
        </ul>
      </fieldset>
      <fieldset aria-busy={slots.isFetching || undefined}>
        <legend className="mb-2 text-sm font-medium text-neutral-700">{t('booking.time')}</legend>
        {times ? (
          times.length === 0 ? (
            <p className="text-sm text-neutral-600">{t('booking.noTimes')}</p>
          ) : (
            <>
              <ul className="flex flex-wrap gap-2" data-testid="booking-times">
                {times.map((s) => {
                  const on = s.start === picked
                  return (
                    <li key={s.start}>
                      <button
                        type="button"
                        aria-pressed={on}
                        className={`${chip} min-w-18 tabular-nums ${on ? chipOn : chipOff}`}
                        onClick={() => onPick(on ? null : s)}
                      >
                        {localTime(s.start).time}
                      </button>
                    </li>
                  )
                })}
              </ul>
              {zone && <p className="mt-2 text-xs text-neutral-500">{t('booking.zone', { zone })}</p>}
            </>
          )
        ) : slots.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {t('booking.loadFailed')}{' '}
            <button type="button" className="underline" onClick={() => void slots.refetch()}>
              {t('booking.retry')}
            </button>
          </p>
        ) : (
          <div aria-busy="true" className="h-11 animate-pulse rounded-xl bg-neutral-100">
            <span className="sr-only">{t('booking.loading')}</span>
          </div>
        )}
      </fieldset>
    </div>
  )
}
