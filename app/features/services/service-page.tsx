import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useLocation } from '@tanstack/react-router'
import type { PageProps } from '../../lib/entity'
import type { ServiceParamDef, ServiceValues } from '../../../server/contracts/service-price'
// The zod-free half of the contract: the page ships the price rule, not the schema library.
import {
  calculateServicePrice,
  defaultServiceValues,
  numberBounds,
  snapToStep,
} from '../../../server/contracts/service-price'
import { PageTitle } from '../../shell/page-title'
import { ServiceCard } from '../../components/content/service-card'
import { NumberField } from '../../components/form/number-field'
import { buttonClass } from '../../components/ui/button'
import { formatDuration, formatPrice } from '../../shell/format'
import { useLocale, useT } from '../../lib/i18n'
import '../../lib/messages/content'
import type { BookingBlockProps } from './booking-block'

// The form code (react-hook-form, masks) loads only when the visitor asks to book.
const BookingForm = lazy(() => import('./booking-form'))
// Online booking (issue 26): its own chunk, loaded when the visitor asks to book (ADR 047).
const loadBookingBlock = () => import('./booking-block')
const BookingBlock = lazy(loadBookingBlock)

/**
 * A service: description, the price calculator and booking. The price is
 * `calculateServicePrice` — the function `/api/service-price/` runs on the server — so what the
 * page shows is what the server computes; the server's own figure for the defaults is in the HTML.
 */
export default function ServicePage({ entity }: PageProps<'service'>) {
  const t = useT()
  const locale = useLocale()
  const { service, related, booking, bookingDefaults } = entity.data
  const [values, setValues] = useState<ServiceValues>(() => defaultServiceValues(service.params))
  const [bookingOpen, setBookingOpen] = useState(false)
  // "Записаться" on a service card leads here with #booking: the booking opens at once.
  const hash = useLocation({ select: (l) => l.hash })
  useEffect(() => {
    if (hash !== 'booking') return
    setBookingOpen(true)
    requestAnimationFrame(() => document.getElementById('booking')?.scrollIntoView({ block: 'start' }))
  }, [hash])
  const online = service.bookableOnline
  const price = calculateServicePrice(service, values)
  const set = (code: string, value: string | number) => setValues((v) => ({ ...v, [code]: value }))
  // A choice made before hydration was the browser's alone (the radio shows it, the state does
  // not): once React runs, the calculator's controls as the visitor left them become the state.
  const calculatorRef = useRef<HTMLElement>(null)
  useEffect(() => {
    const box = calculatorRef.current
    if (!box) return
    const picked: ServiceValues = {}
    for (const p of service.params) {
      const name = CSS.escape(p.code)
      if (p.kind === 'number') {
        const raw =
          box.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.value.replace(/\s/g, '').replace(',', '.') ?? ''
        if (raw !== '' && Number.isFinite(Number(raw))) picked[p.code] = snapToStep(p, Number(raw))
      } else {
        const checked = box.querySelector<HTMLInputElement>(`input[name="${name}"]:checked`)
        if (checked && p.options?.some((o) => o.value === checked.value)) picked[p.code] = checked.value
      }
    }
    setValues((v) => (Object.entries(picked).some(([k, x]) => v[k] !== x) ? { ...v, ...picked } : v))
  }, [service.params])
  // The chosen inputs travel with the booking as the page's query string, for the salon to see.
  const page = `${entity.meta.canonical ?? ''}?${new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)])).toString()}`
  // …and as the booking's `calculation`, which the server prices again and stores with the request.
  const choice = service.params
    .map((p) => {
      const v = values[p.code]
      if (p.kind === 'select') return p.options?.find((o) => o.value === v)?.label ?? String(v)
      return p.unit ? t('services.unitValue', { value: String(v), unit: p.unit }) : String(v)
    })
    .join(', ')
  const calculation = {
    service: service.id,
    values,
    summary: choice ? `${choice} — ${formatPrice(price)}` : formatPrice(price),
  }

  return (
    <div>
      <PageTitle entity={entity} />
      <div className="mx-auto max-w-7xl px-4 pb-12">
        <div className="grid gap-8 tablet-l:grid-cols-[minmax(0,1fr)_24rem]">
          <div>
            <img
              src={service.image.src}
              width={service.image.width}
              height={service.image.height}
              alt={service.image.alt}
              fetchPriority="high"
              decoding="async"
              className="mb-6 aspect-[4/3] h-auto w-full max-w-xl rounded-2xl bg-neutral-100 object-cover"
            />
            <p className="max-w-3xl text-lg leading-relaxed text-neutral-700">{service.description}</p>
            <p className="mt-4 text-neutral-600">
              {t('services.durationLabel')}: {formatDuration(service.durationMin, locale)}
            </p>
          </div>
          <aside
            ref={calculatorRef}
            aria-labelledby="calculator-title"
            className="h-fit rounded-2xl border border-neutral-200 bg-neutral-50 p-5 tablet-l:sticky tablet-l:top-6"
          >
            <h2 id="calculator-title" className="mb-4 text-lg font-semibold">
              {t('services.calculator')}
            </h2>
            <div className="flex flex-col gap-5">
              {service.params.map((p) => (
                <ParamInput key={p.code} param={p} value={values[p.code]} onChange={(v) => set(p.code, v)} />
              ))}
            </div>
            <div className="mt-6 border-t border-neutral-200 pt-4">
              <p className="flex items-baseline justify-between gap-2">
                <span className="text-neutral-600">{t('services.total')}</span>
                <output aria-live="polite" data-testid="service-price" className="text-2xl font-semibold tabular-nums">
                  {formatPrice(price)}
                </output>
              </p>
              <p className="mt-1 text-xs text-neutral-500">{t('services.priceNote')}</p>
            </div>
            {(booking || online) && (
              <button
                type="button"
                className={`${buttonClass.primary} mt-5 w-full`}
                aria-expanded={bookingOpen}
                aria-controls="booking"
                onPointerEnter={online ? () => void loadBookingBlock().catch(() => undefined) : undefined}
                onClick={() => {
                  setBookingOpen(true)
                  requestAnimationFrame(() =>
                    document.getElementById('booking')?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
                  )
                }}
              >
                {t('services.book')}
              </button>
            )}
          </aside>
        </div>

        <BookingSection
          online={online}
          open={bookingOpen}
          onOpen={() => setBookingOpen(true)}
          service={service}
          price={price}
          calculation={calculation}
          request={booking ? { form: booking, defaults: bookingDefaults, page } : null}
        />

        {related.length > 0 && (
          <section aria-labelledby="related-services" className="mt-12">
            <h2 id="related-services" className="mb-5 text-xl font-semibold tablet:text-2xl">
              {t('services.related')}
            </h2>
            <ul className="grid gap-6 tablet:grid-cols-2 laptop:grid-cols-3">
              {related.map((s) => (
                <li key={s.id} className="flex">
                  <ServiceCard service={s} showImage={false} />
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </div>
  )
}

/**
 * The page's booking: online (salon, master, time: ./booking-block, loaded when asked for) for a
 * service booked online, else the request form; "Записаться" opens it.
 */
function BookingSection({
  online,
  open,
  onOpen,
  request,
  ...block
}: BookingBlockProps & { online: boolean; open: boolean; onOpen: () => void }) {
  const t = useT()
  return (
    <section id="booking" aria-labelledby="booking-title" className="mt-12 max-w-2xl scroll-mt-6">
      <h2 id="booking-title" className="mb-4 text-xl font-semibold tablet:text-2xl">
        {online ? t('services.bookTitle') : (request?.form.title ?? t('services.bookTitle'))}
      </h2>
      {open && online ? (
        <Suspense fallback={<div className="h-96" aria-busy="true" />}>
          <BookingBlock {...block} request={request} />
        </Suspense>
      ) : open && request ? (
        <Suspense fallback={<div className="h-96" aria-busy="true" />}>
          <BookingForm
            form={request.form}
            defaults={request.defaults}
            page={request.page}
            calculation={block.calculation}
          />
        </Suspense>
      ) : request || online ? (
        <button
          type="button"
          className={buttonClass.secondary}
          aria-expanded={false}
          aria-controls="booking"
          onPointerEnter={online ? () => void loadBookingBlock().catch(() => undefined) : undefined}
          onClick={onOpen}
        >
          {t('services.book')}
        </button>
      ) : (
        <p className="text-neutral-600">{t('services.noBooking')}</p>
      )}
    </section>
  )
}

function ParamInput({
  param,
  value,
  onChange,
}: {
  param: ServiceParamDef
  value: string | number | undefined
  onChange: (v: string | number) => void
}) {
  if (param.kind === 'number') {
    const { min, max, step } = numberBounds(param)
    return (
      <NumberField
        label={param.unit ? `${param.label}, ${param.unit}` : param.label}
        value={typeof value === 'number' ? value : min}
        min={min}
        max={max}
        step={step}
        onChange={(v) => onChange(snapToStep(param, v))}
        name={param.code}
      />
    )
  }
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-neutral-700">{param.label}</legend>
      <div className="flex flex-col gap-2">
        {(param.options ?? []).map((o) => (
          <label
            key={o.value}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-neutral-300 bg-white px-3 py-2 text-sm has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:ring-2 has-focus-visible:ring-brand-600"
          >
            <input
              type="radio"
              name={param.code}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
              className="size-4 accent-brand-600"
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
