import { lazy, Suspense, useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '../../lib/query'
import { useHydrated, useRouterState } from '@tanstack/react-router'
import type { OrderDetail, OrderStatus } from '../../../server/contracts/orders'
import type { PageProps } from '../../lib/entity'
import { useT } from '../../lib/i18n'
import { useTRPC } from '../../lib/trpc'
import { formatDate, formatDateTime, formatPrice } from '../../shell/format'
import { AppLink } from '../../components/ui/app-link'
import { buttonClass } from '../../components/ui/button'
import { PageTitle } from '../../shell/page-title'
import { keepCodes } from '../../components/ui/keep-codes'
import { errorMessage } from '../../shell/use-cart'
import { PhoneCodeButton } from '../../components/commerce/phone-code-button'
import { OrderHistory, OrderInfo, OrderItems } from './order-sections'
import { orderQuery } from './order-queries'
import '../../lib/messages/commerce'

const CancelModal = lazy(() => import('./order-cancel-modal'))
const InvoiceView = lazy(() => import('./invoice-view'))
const ErrorModal = lazy(() => import('../../components/form/error-modal'))

const STATUS_TONE: Record<OrderStatus, string> = {
  new: 'bg-sky-100 text-sky-900',
  'awaiting-payment': 'bg-amber-100 text-amber-900',
  paid: 'bg-green-100 text-green-900',
  // Set by the back office (1C): each step of the way looks different from a new order.
  processing: 'bg-indigo-100 text-indigo-900',
  shipped: 'bg-violet-100 text-violet-900',
  done: 'bg-green-100 text-green-900',
  cancelled: 'bg-neutral-200 text-neutral-800',
}

/**
 * /personal/orders/{id}/ — the order (also a guest's confirmation page: `?placed=1` after the
 * checkout, `?payment=success|declined` back from the acquirer) — and /personal/orders/{id}/invoice/.
 */
export default function OrderPage({ entity }: PageProps<'personal-order'>) {
  const { id, view } = entity.data
  if (view === 'invoice') {
    return (
      <Suspense fallback={null}>
        <InvoiceView id={id} />
      </Suspense>
    )
  }
  return <OrderDetails entity={entity} id={id} />
}

function OrderDetails({ entity, id }: PageProps & { id: number }) {
  const t = useT()
  const trpc = useTRPC()
  const hydrated = useHydrated()
  // Prefetched by the route loader (ADR 022); drawn after hydration (times in the browser's zone).
  const order = useQuery(orderQuery(trpc, id))
  const o = hydrated ? order.data : undefined
  return (
    <div className="mx-auto max-w-7xl px-4 pb-10">
      <PageTitle entity={entity} nested />
      {o ? (
        <OrderBody o={o} />
      ) : order.isError && hydrated ? (
        <p role="alert" className="py-8">
          {t('order.notFound')}
        </p>
      ) : (
        <div aria-busy="true" className="h-96 animate-pulse rounded-2xl bg-neutral-100">
          <span className="sr-only">{t('cart.loading')}</span>
        </div>
      )}
    </div>
  )
}

function OrderBody({ o }: { o: OrderDetail }) {
  const t = useT()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const search = useRouterState({ select: (s) => s.location.search as Record<string, unknown> })
  const pay = useMutation(trpc.orders.pay.mutationOptions())
  const [cancelOpen, setCancelOpen] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const justPlaced = search.placed === 1 || search.placed === '1'
  const paymentBack =
    search.payment === 'success' || search.payment === 'declined' || search.payment === 'unavailable'
      ? search.payment
      : null

  const notice =
    paymentBack === 'success' && o.status === 'paid'
      ? { tone: 'bg-green-50 text-green-900', text: t('order.paidNotice') }
      : paymentBack === 'declined' && o.canPay
        ? { tone: 'bg-amber-50 text-amber-900', text: t('order.declinedNotice') }
        : paymentBack === 'unavailable' && o.canPay
          ? {
              tone: 'bg-amber-50 text-amber-900',
              text: `${t('order.placed', { number: o.number })} ${t('order.paymentUnavailableNotice')}`,
            }
          : justPlaced
            ? {
                tone: 'bg-green-50 text-green-900',
                text: `${t('order.placed', { number: o.number })} ${o.status === 'awaiting-payment' ? t('order.placedPay') : t('order.placedCall')}`,
              }
            : null

  return (
    <div className="flex flex-col gap-8">
      {notice && (
        <p role="status" className={`rounded-xl p-4 ${notice.tone}`}>
          {keepCodes(notice.text)}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <p>
          {t('order.status')}:{' '}
          <strong data-testid="order-status" className={`rounded-full px-3 py-1 text-sm ${STATUS_TONE[o.status]}`}>
            {o.statusLabel}
          </strong>
        </p>
        <p className="text-neutral-600">
          {t('order.date')}: {formatDate(o.createdAt)}
        </p>
        <p className="text-neutral-600">
          {t('order.total')}: <strong className="text-ink">{formatPrice(o.amount.total)}</strong>
        </p>
      </div>
      {(o.canPay || o.invoiceLink || o.canCancel) && (
        <div className="flex flex-wrap gap-3">
          {o.canPay && (
            <button
              type="button"
              className={buttonClass.primary}
              disabled={pay.isPending}
              aria-busy={pay.isPending || undefined}
              onClick={() =>
                pay.mutate(
                  { id: o.id },
                  {
                    onSuccess: (r) => window.location.assign(r.payment.url),
                    onError: (e) => setError(errorMessage(e, t('form.failed'))),
                  },
                )
              }
            >
              {t('order.paySum', { sum: formatPrice(o.amount.total) })}
            </button>
          )}
          {o.invoiceLink && (
            <AppLink to={o.invoiceLink} className={buttonClass.secondary}>
              {t('order.invoice')}
            </AppLink>
          )}
          {o.canCancel && (
            <button type="button" className={buttonClass.secondary} onClick={() => setCancelOpen(true)}>
              {t('order.cancel')}
            </button>
          )}
        </div>
      )}
      {o.holdUntil !== null && o.confirmation !== 'awaiting' && (
        <p data-testid="order-hold" className="text-sm text-amber-900">
          {o.holdUntil > Date.now() ? t('order.payBy', { time: holdTime(o.holdUntil) }) : t('order.holdExpired')}
        </p>
      )}
      {o.confirmation === 'awaiting' && (
        <ConfirmByCode
          o={o}
          onConfirmed={(detail) => queryClient.setQueryData(trpc.orders.get.queryKey({ id: o.id }), detail)}
        />
      )}
      {o.confirmation === 'confirmed' && (
        <p data-testid="order-confirmation" className="text-sm text-green-900">
          {t('order.confirmedNote')}
        </p>
      )}
      {o.cancelRequested && (
        <p data-testid="order-cancel-requested" role="status" className="text-sm text-amber-900">
          {t('order.cancelRequestedNote')}
        </p>
      )}
      {o.cancelReason && <p className="text-sm">{t('order.cancelReasonLabel', { reason: o.cancelReason })}</p>}

      <OrderItems o={o} />
      <OrderInfo o={o} />
      <OrderHistory o={o} />

      {cancelOpen && (
        <Suspense fallback={null}>
          <CancelModal
            id={o.id}
            number={o.number}
            open={cancelOpen}
            onOpenChange={setCancelOpen}
            onCancelled={(detail) => {
              queryClient.setQueryData(trpc.orders.get.queryKey({ id: o.id }), detail)
              void queryClient.invalidateQueries({ queryKey: trpc.orders.list.queryKey() })
            }}
          />
        </Suspense>
      )}
      {error !== null && (
        <Suspense fallback={null}>
          <ErrorModal open onOpenChange={(v) => !v && setError(null)} message={error} />
        </Suspense>
      )}
    </div>
  )
}

/**
 * An order nobody has confirmed yet (issue 25): until when it is held, and the SMS code that
 * confirms it (POST /api/order-phone-code/ to its phone, then /api/order-confirm/).
 */
function ConfirmByCode({ o, onConfirmed }: { o: OrderDetail; onConfirmed: (detail: OrderDetail) => void }) {
  const t = useT()
  const trpc = useTRPC()
  const confirm = useMutation(trpc.orders.confirm.mutationOptions())
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const held = o.holdUntil !== null && o.holdUntil > Date.now()
  return (
    <section data-testid="order-confirm" className="flex flex-col gap-3 rounded-xl bg-amber-50 p-4 text-amber-950">
      <p data-testid="order-hold" className="text-sm">
        {held && o.holdUntil !== null
          ? t('order.confirmBy', { time: holdTime(o.holdUntil) })
          : t('order.confirmExpired')}
      </p>
      {held && (
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault()
            setError(null)
            confirm.mutate(
              { id: o.id, code },
              {
                onSuccess: (r) => onConfirmed(r.order),
                onError: (err) => setError(errorMessage(err, t('form.failed'))),
              },
            )
          }}
        >
          <PhoneCodeButton phone={() => o.phone} />
          <label className="flex flex-col gap-1 text-sm">
            {t('order.smsCode')}
            <input
              value={code}
              onChange={(e) => setCode(e.target.value)}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={4}
              required
              aria-invalid={error !== null || undefined}
              className="w-28 rounded-lg border border-neutral-300 bg-white px-3 py-2 text-ink"
            />
          </label>
          <button type="submit" className={buttonClass.primary} disabled={confirm.isPending}>
            {t('order.confirm')}
          </button>
          {error !== null && (
            <p role="alert" className="w-full text-sm text-red-700">
              {error}
            </p>
          )}
        </form>
      )}
    </section>
  )
}

/** Until when an unpaid order is held: "14:35" today, else the date with the time. */
function holdTime(at: number): string {
  const full = formatDateTime(at)
  return formatDate(at) === formatDate(Date.now()) ? full.slice(-5) : full
}
