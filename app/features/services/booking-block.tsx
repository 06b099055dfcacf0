import { lazy, Suspense, useEffect, useState } from 'react'
import { useNavigate } from '@tanstack/react-router'
import type { BookingForm as BookingFormDef } from '../../../server/contracts/services'
import type { ServiceValues } from '../../../server/contracts/service-price'
import type { BookingMaster, BookingSalon } from '../../../server/contracts/booking'
import { useMutation, useQuery, useQueryClient } from '../../lib/query'
import { useLocale, useT } from '../../lib/i18n'
import { useTRPC } from '../../lib/trpc'
import { formatDuration, formatPrice } from '../../shell/format'
import { buttonClass } from '../../components/ui/button'
import { FormBlock, SubmitButton } from '../../components/form/form-block'
import { useZodForm } from '../../components/form/use-zod-form'
import { TextField } from '../../components/form/text-field'
import { PhoneField } from '../../components/form/phone-field'
import { PhoneCodeRow } from '../../components/commerce/phone-code-button'
import { SlotPicker, type PickedSlot } from '../../components/booking/slot-picker'
import { mastersQuery, providerDown, salonsQuery, statusOf } from '../../components/booking/booking-queries'
import { formatVisit, mapLink } from '../../components/booking/visit-time'
import '../../lib/messages/booking'

// The old request form: for a booking system that is down, or a city with no salon for it.
const BookingForm = lazy(() => import('./booking-form'))

/** The contact half of `POST /api/booking/`, checked by the same schema the server parses. */
const contactSchema = () =>
  import('../../../server/contracts/booking').then((m) =>
    m.BookingCreateInput.pick({ fullname: true, phone: true, comment: true, code: true }),
  )

export interface BookingBlockProps {
  service: { id: number; title: string; durationMin: number }
  /** The calculator's current price. */
  price: number
  /** The calculator's choice (services with parameters); `summary` is what the visitor reads. */
  calculation?: { service: number; values: ServiceValues; summary: string }
  /** The old request form, shown when online booking cannot take the visit. */
  request: { form: BookingFormDef; defaults: Record<string, string>; page: string } | null
}

/**
 * The service page's online booking (issue 26), loaded when the shopper asks to book (a chunk of
 * its own: pages that do not book never load it). Salon of the current city → master or "any" →
 * day → free time; then name and phone (and, for a guest, the SMS code) → the visit's page.
 * A time taken meanwhile (409) says so and shows the times again, the contacts kept; a booking
 * system that is down (5xx) gives the old request form.
 */
export default function BookingBlock(props: BookingBlockProps) {
  const t = useT()
  const trpc = useTRPC()
  const [down, setDown] = useState(false)
  const salons = useQuery(salonsQuery(trpc, props.service.id))
  if (down || (salons.isError && providerDown(salons.error)))
    return <RequestFallback note={t('booking.unavailable')} {...props} />
  if (salons.isError)
    return (
      <p role="alert" className="py-4">
        {t('booking.loadFailed')}{' '}
        <button type="button" className="underline" onClick={() => void salons.refetch()}>
          {t('booking.retry')}
        </button>
      </p>
    )
  if (!salons.data)
    return (
      <div aria-busy="true" className="h-64 animate-pulse rounded-2xl bg-neutral-100">
        <span className="sr-only">{t('booking.loading')}</span>
      </div>
    )
  if (salons.data.length === 0) return <RequestFallback note={t('booking.noSalons')} {...props} />
  return <Booker {...props} salons={salons.data} onDown={() => setDown(true)} />
}

function Booker({
  service,
  price,
  calculation,
  salons,
  onDown,
}: BookingBlockProps & { salons: BookingSalon[]; onDown: () => void }) {
  const t = useT()
  const trpc = useTRPC()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [salonId, setSalonId] = useState(salons[0]!.id)
  const salon = salons.find((s) => s.id === salonId) ?? salons[0]!
  const [master, setMaster] = useState<number | undefined>(undefined)
  const [slot, setSlot] = useState<PickedSlot | null>(null)
  const [taken, setTaken] = useState(false)
  const [noSlot, setNoSlot] = useState(false)
  const masters = useQuery(mastersQuery(trpc, service.id, salon.id))
  const create = useMutation(trpc.booking.create.mutationOptions())
  const form = useZodForm(contactSchema, {
    defaultValues: { fullname: '', phone: '', comment: '', code: '' },
  })
  const { getValues } = form
  const signedIn = useAccountContacts(form)
  const [codeAsked, setCodeAsked] = useState(false)
  const showCode = !signedIn || codeAsked
  useEffect(() => {
    if (masters.isError && providerDown(masters.error)) onDown()
  }, [masters.isError, masters.error, onDown])

  const pick = (s: PickedSlot | null) => {
    setSlot(s)
    if (s) {
      setTaken(false)
      setNoSlot(false)
    }
  }
  const refreshTimes = () => {
    setSlot(null)
    void queryClient.invalidateQueries({ queryKey: trpc.booking.slots.queryKey() })
  }

  return (
    <div className="flex flex-col gap-6" data-testid="booking-block">
      <SalonChoice
        salons={salons}
        salon={salon}
        onChange={(id) => {
          setSalonId(id)
          setMaster(undefined)
          setSlot(null)
        }}
      />

      <MasterChoice
        masters={masters.data ?? []}
        value={master}
        onChange={(id) => {
          setMaster(id)
          setSlot(null)
        }}
      />

      <SlotPicker
        key={salon.id}
        service={service.id}
        salon={salon}
        master={master}
        picked={slot?.start ?? null}
        onPick={pick}
        onDown={onDown}
      />
      {taken && (
        <p role="alert" className="rounded-xl bg-amber-50 p-3 text-sm text-ink">
          {t('booking.taken')}
        </p>
      )}

      <Summary service={service} price={price} calculation={calculation} slot={slot} />

      <FormBlock
        form={form}
        aria-label={t('booking.title')}
        className="flex flex-col gap-4"
        onSubmit={async (values) => {
          if (!slot) {
            setNoSlot(true)
            return { success: false, message: t('booking.pickTime') }
          }
          try {
            const res = await create.mutateAsync({
              service: service.id,
              salon: salon.id,
              ...(master ? { master } : {}),
              start: slot.start,
              fullname: values.fullname,
              phone: values.phone,
              ...(values.comment ? { comment: values.comment } : {}),
              ...(values.code ? { code: values.code } : {}),
              // The calculator's choice: the server prices the visit by it.
              ...(calculation ? { values: calculation.values } : {}),
            })
            void queryClient.invalidateQueries({ queryKey: trpc.booking.mine.queryKey() })
            void navigate({ to: `/personal/bookings/${res.booking.id}/` })
            return { success: true, message: t('booking.confirmed') }
          } catch (err) {
            const status = statusOf(err)
            if (status === 409) {
              setTaken(true)
              refreshTimes()
              return { success: false, message: t('booking.taken') }
            }
            if (providerDown(err)) {
              onDown()
              return { success: false, message: t('booking.unavailable') }
            }
            const fields = (err as { data?: { errors?: Record<string, string> } }).data?.errors ?? {}
            if ('code' in fields) setCodeAsked(true)
            if ('start' in fields) refreshTimes()
            throw err
          }
        }}
        sent={<p className="text-lg font-semibold text-ink">{t('booking.confirmed')}</p>}
      >
        <TextField control={form.control} name="fullname" label={t('booking.name')} autoComplete="name" required />
        <PhoneField control={form.control} name="phone" required />
        {showCode && (
          <div className="flex flex-col gap-2">
            <p className="text-sm text-neutral-600">{t('booking.codeNote')}</p>
            <PhoneCodeRow control={form.control} phone={() => getValues('phone')} fieldClassName="w-32" />
          </div>
        )}
        <TextField control={form.control} name="comment" label={t('booking.comment')} multiline rows={3} />
        {noSlot && !slot && (
          <p role="alert" className="text-sm text-red-700">
            {t('booking.pickTime')}
          </p>
        )}
        <SubmitButton className={`${buttonClass.primary} self-start`}>{t('booking.submit')}</SubmitButton>
      </FormBlock>
    </div>
  )
}

/**
 * A signed-in shopper's name and phone in the booking form, never over what was typed; whether
 * the shopper is signed in (a guest confirms the phone with the SMS code).
 */
function useAccountContacts(form: {
  getValues: () => { fullname?: string; phone?: string }
  setValue: (name: 'fullname' | 'phone', value: string) => void
}): boolean {
  const trpc = useTRPC()
  const user = useQuery({ ...trpc.user.info.queryOptions(), staleTime: 60_000 })
  const info = user.data?.isAuthorized ? user.data.info : undefined
  const { getValues, setValue } = form
  useEffect(() => {
    if (!info) return
    const now = getValues()
    const name = info.fullname || info.contactPerson
    if (!now.fullname && name) setValue('fullname', name)
    if (!now.phone && info.phone) setValue('phone', info.phone)
  }, [info, getValues, setValue])
  return !!user.data?.isAuthorized
}

/** The salons of the shopper's city that do the service: name and address; the chosen one on the map. */
function SalonChoice({
  salons,
  salon,
  onChange,
}: {
  salons: BookingSalon[]
  salon: BookingSalon
  onChange: (id: number) => void
}) {
  const t = useT()
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-neutral-700">{t('booking.salon')}</legend>
      <div className="flex flex-col gap-2">
        {salons.map((s) => (
          <label
            key={s.id}
            className="flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-neutral-300 bg-white px-3 py-2 text-sm has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:ring-2 has-focus-visible:ring-brand-600"
          >
            <input
              type="radio"
              name="booking-salon"
              value={s.id}
              checked={s.id === salon.id}
              onChange={() => onChange(s.id)}
              className="mt-1 size-4 accent-brand-600"
            />
            <span>
              <span className="block font-medium">{s.name}</span>
              <span className="block text-neutral-600">{s.address}</span>
            </span>
          </label>
        ))}
      </div>
      <a
        href={mapLink(salon)}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-2 inline-block text-sm text-brand-700 underline"
      >
        {t('booking.map')}
      </a>
    </fieldset>
  )
}

/** "Любой мастер" or one of the salon's masters of this service. */
function MasterChoice({
  masters,
  value,
  onChange,
}: {
  masters: BookingMaster[]
  value: number | undefined
  onChange: (id: number | undefined) => void
}) {
  const t = useT()
  return (
    <div>
      <label htmlFor="booking-master" className="mb-2 block text-sm font-medium text-neutral-700">
        {t('booking.master')}
      </label>
      <select
        id="booking-master"
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : undefined)}
        className="min-h-11 w-full rounded-xl border border-neutral-300 bg-white px-3 text-base"
      >
        <option value="">{t('booking.anyMaster')}</option>
        {masters.map((m) => (
          <option key={m.id} value={m.id}>
            {m.position ? `${m.name} — ${m.position}` : m.name}
          </option>
        ))}
      </select>
    </div>
  )
}

/** Duration, price (the calculator's choice), and the time chosen with its master. */
function Summary({
  service,
  price,
  calculation,
  slot,
}: Pick<BookingBlockProps, 'service' | 'price' | 'calculation'> & { slot: PickedSlot | null }) {
  const t = useT()
  const locale = useLocale()
  return (
    <dl className="grid grid-cols-2 gap-3 rounded-2xl bg-neutral-50 p-4 text-sm" data-testid="booking-summary">
      <div>
        <dt className="text-neutral-500">{t('booking.duration')}</dt>
        <dd>{formatDuration(service.durationMin, locale)}</dd>
      </div>
      <div>
        <dt className="text-neutral-500">{t('booking.price')}</dt>
        <dd className="font-semibold">{formatPrice(price)}</dd>
      </div>
      {calculation && calculation.summary && (
        <div className="col-span-2">
          <dt className="sr-only">{t('booking.price')}</dt>
          <dd data-testid="booking-choice">{t('booking.choice', { summary: calculation.summary })}</dd>
        </div>
      )}
      <div className="col-span-2">
        <dt className="text-neutral-500">{t('booking.when')}</dt>
        <dd aria-live="polite" data-testid="booking-chosen">
          {slot ? `${formatVisit(slot.start, locale)} — ${slot.master.name}` : t('booking.pickTime')}
        </dd>
      </div>
    </dl>
  )
}

/** Online booking cannot take this visit: why, and the old request form. */
function RequestFallback({ note, request, calculation }: BookingBlockProps & { note: string }) {
  const t = useT()
  return (
    <div className="flex flex-col gap-4">
      <p role="status" className="rounded-xl bg-amber-50 p-3 text-ink" data-testid="booking-unavailable">
        {note}
      </p>
      {request && (
        <>
          <h3 className="text-lg font-semibold">{t('booking.requestTitle')}</h3>
          <Suspense fallback={<div className="h-96" aria-busy="true" />}>
            <BookingForm
              form={request.form}
              defaults={request.defaults}
              page={request.page}
              calculation={calculation}
            />
          </Suspense>
        </>
      )}
    </div>
  )
}
