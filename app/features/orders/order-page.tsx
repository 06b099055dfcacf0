import { lazy, Suspense, useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { PageProps } from '../../lib/entity'
import { useT } from '../../lib/i18n'
import { useTRPC } from '../../lib/trpc'
import { formatDate, formatDateTime, formatPrice } from '../../lib/format'
import { AppLink } from '../../components/ui/app-link'
import { buttonClass } from '../../components/ui/dialog'
import { PageTitle } from '../../components/layout/page-title'
import { ErrorModal } from '../../components/form/error-modal'
import { errorMessage } from '../../components/commerce/use-cart'

const CancelModal = lazy(() => import('./order-cancel-modal'))
const InvoiceView = lazy(() => import('./invoice-view'))

/** /personal/orders/{id}/ (also a guest's confirmation page) and /personal/orders/{id}/invoice/. */
export default function OrderPage({ entity }: PageProps<{ id: number; view?: 'invoice' }>) {
  const t = useT()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const { id, view } = entity.data
  const order = useQuery(trpc.orders.get.queryOptions({ id }))
  const pay = useMutation(trpc.orders.pay.mutationOptions())
  const [cancelOpen, setCancelOpen] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const o = order.data

  if (view === 'invoice') {
    return (
      <Suspense fallback={null}>
        <InvoiceView id={id} />
      </Suspense>
    )
  }
  if (order.isError) return <p className="mx-auto max-w-5xl px-4 py-10">{t('order.notFound')}</p>
  if (!o) return null
  const search = typeof window === 'undefined' ? '' : window.location.search
  const justPlaced = /placed=1/.test(search)
  const dd = 'py-1'
  return (
    <div className="mx-auto max-w-5xl px-4 py-6">
      <PageTitle entity={entity} />
      <h1 className="mt-4 text-2xl font-semibold">{t('order.title', { number: o.number })}</h1>
      {justPlaced && (
        <p role="status" className="mt-3 rounded-xl bg-green-50 p-3 text-green-900">
          {t('order.placed', { number: o.number })} {o.status === 'awaiting-payment' ? t('order.placedPay') : ''}
        </p>
      )}
      <p className="mt-3">
        {t('order.status')}: <strong data-testid="order-status">{o.statusLabel}</strong> · {t('order.date')}: {formatDate(o.createdAt)}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        {o.canPay && (
          <button
            type="button"
            className={buttonClass.primary}
            disabled={pay.isPending}
            onClick={() => pay.mutate({ id }, { onSuccess: (r) => window.location.assign(r.payment.url), onError: (e) => setError(errorMessage(e, t('form.failed'))) })}
          >
            {t('order.pay')}
          </button>
        )}
        {o.invoiceLink && <AppLink to={o.invoiceLink} className={buttonClass.secondary}>{t('order.invoice')}</AppLink>}
        {o.canCancel && (
          <button type="button" className={buttonClass.secondary} onClick={() => setCancelOpen(true)}>
            {t('order.cancel')}
          </button>
        )}
      </div>
      {o.cancelReason && <p className="mt-3 text-sm">{t('order.cancelReasonLabel', { reason: o.cancelReason })}</p>}

      <h2 className="mt-8 text-lg font-semibold">{t('order.items')}</h2>
      <ul className="divide-y divide-neutral-200">
        {o.items.map((i) => (
          <li key={i.id} className="flex items-center gap-4 py-3">
            <img src={i.image.src} alt={i.image.alt} width={56} height={56} className="size-14 rounded-lg object-cover" />
            <AppLink to={i.link} className="flex-1 hover:text-brand-700">{i.name}, {t('cart.volume', { volume: i.volume })}</AppLink>
            <span>× {i.quantity}</span>
            <span className="w-28 text-right font-medium">{formatPrice(i.price.value)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-4 ml-auto flex max-w-sm flex-col text-sm">
        <div className="flex justify-between"><dt>{t('order.itemsSum')}</dt><dd className={dd}>{formatPrice(o.amount.items)}</dd></div>
        {o.amount.discount > 0 && <div className="flex justify-between"><dt>{t('order.discount', { code: o.promocode ?? '' })}</dt><dd className={dd}>−{formatPrice(o.amount.discount)}</dd></div>}
        <div className="flex justify-between"><dt>{t('order.deliverySum')}</dt><dd className={dd}>{formatPrice(o.amount.delivery)}</dd></div>
        <div className="flex justify-between text-lg font-semibold"><dt>{t('order.total')}</dt><dd className={dd}>{formatPrice(o.amount.total)}</dd></div>
      </dl>

      <dl className="mt-6 grid gap-x-6 gap-y-2 text-sm tablet:grid-cols-[200px_1fr]">
        <dt className="text-neutral-500">{t('order.contacts')}</dt>
        <dd>{[o.fullname, o.phone, o.email].filter(Boolean).join(', ')}</dd>
        <dt className="text-neutral-500">{t('order.delivery')}</dt>
        <dd>{o.delivery.title || t('order.byAgreement')}</dd>
        {o.pickupPoint && (<><dt className="text-neutral-500">{t('order.pickupPoint')}</dt><dd>{o.pickupPoint.title}, {o.pickupPoint.address}</dd></>)}
        {o.address && (<><dt className="text-neutral-500">{t('order.address')}</dt><dd>{o.address.full}</dd></>)}
        <dt className="text-neutral-500">{t('order.payment')}</dt>
        <dd>{o.payment.title || t('order.byAgreement')}</dd>
        {o.comment && (<><dt className="text-neutral-500">{t('order.comment')}</dt><dd>{o.comment}</dd></>)}
      </dl>
      {o.kind === 'fast-buy' && <p className="mt-3 text-sm text-neutral-600">{t('order.fastBuyNote')}</p>}

      <h2 className="mt-8 text-lg font-semibold">{t('order.history')}</h2>
      <ol className="mt-2 flex flex-col gap-1 text-sm">
        {o.history.map((h, i) => (
          <li key={i}>
            <span className="text-neutral-500">{formatDateTime(h.createdAt)}</span> — {h.label}
            {h.comment && <span className="text-neutral-600"> ({h.comment})</span>}
          </li>
        ))}
      </ol>
      {cancelOpen && (
        <Suspense fallback={null}>
          <CancelModal
            id={id}
            number={o.number}
            open={cancelOpen}
            onOpenChange={setCancelOpen}
            onCancelled={(detail) => {
              queryClient.setQueryData(trpc.orders.get.queryKey({ id }), detail)
              void queryClient.invalidateQueries({ queryKey: trpc.orders.list.queryKey() })
            }}
          />
        </Suspense>
      )}
      {error !== null && <ErrorModal open onOpenChange={(v) => !v && setError(null)} message={error} />}
    </div>
  )
}
