import type { OrderDetail } from '../../../server/contracts/orders'
import { addressLine } from '../../../server/contracts/address-line'
import { useT } from '../../lib/i18n'
import { formatDateTime, formatPrice } from '../../lib/format'
import { AppLink } from '../../components/ui/app-link'
import { Amounts } from '../../components/commerce/amounts'
import '../../lib/messages/commerce'

/** The order's lines and amounts (items, promo discount, delivery, total). */
export function OrderItems({ o }: { o: OrderDetail }) {
  const t = useT()
  return (
    <section aria-labelledby="order-items">
      <h2 id="order-items" className="text-lg font-semibold">
        {t('order.items')}
      </h2>
      <ul className="mt-2 divide-y divide-neutral-200 border-y border-neutral-200">
        {o.items.map((i) => (
          <li key={i.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3">
            <img
              src={i.image.src}
              alt=""
              width={56}
              height={56}
              loading="lazy"
              className="size-14 rounded-lg bg-neutral-50 object-contain"
            />
            <span className="min-w-0 flex-1">
              <AppLink to={i.link} className="hover:text-brand-700">
                {i.name}
              </AppLink>
              <span className="block text-sm text-neutral-600">
                {t('cart.volume', { volume: i.volume })} ·{' '}
                {t('cart.unitPrice', { price: formatPrice(i.unitPrice.value) })} × {i.quantity}
              </span>
            </span>
            <span className="w-28 text-right font-medium">{formatPrice(i.price.value)}</span>
          </li>
        ))}
      </ul>
      <Amounts
        className="mt-4 ml-auto max-w-sm"
        quantity={o.amount.quantity}
        goods={o.amount.items}
        promoDiscount={o.amount.discount}
        promocode={o.promocode}
        delivery={{ label: t('order.deliverySum'), price: o.amount.delivery }}
        total={o.amount.total}
        totalTestId="order-total"
      />
    </section>
  )
}

/** Contacts, delivery, pickup point or address, payment, comment. */
export function OrderInfo({ o }: { o: OrderDetail }) {
  const t = useT()
  return (
    <section aria-labelledby="order-details">
      <h2 id="order-details" className="text-lg font-semibold">
        {t('order.details')}
      </h2>
      <dl className="mt-2 grid grid-cols-[minmax(0,1fr)] gap-x-6 gap-y-2 text-sm tablet:grid-cols-[200px_minmax(0,1fr)]">
        <dt className="text-neutral-600">{t('order.contacts')}</dt>
        <dd>
          {[o.fullname, displayPhone(o.phone), o.email].filter(Boolean).map((part, i) => (
            // The phone is never broken across lines; a long e-mail may wrap anywhere.
            <span
              key={i}
              className={part === o.fullname ? undefined : part === o.email ? 'break-all' : 'whitespace-nowrap'}
            >
              {i > 0 && ', '}
              {part}
            </span>
          ))}
        </dd>
        <dt className="text-neutral-600">{t('order.delivery')}</dt>
        <dd>{o.delivery.title || t('order.byAgreement')}</dd>
        {o.pickupPoint && (
          <>
            <dt className="text-neutral-600">{t('order.pickupPoint')}</dt>
            <dd>
              {o.pickupPoint.title}, {o.pickupPoint.address}
              <span className="block text-neutral-600">{o.pickupPoint.workhours}</span>
            </dd>
          </>
        )}
        {o.address && (
          <>
            <dt className="text-neutral-600">{t('order.address')}</dt>
            <dd>{addressLine(o.address, (key, value) => t(key, { value }))}</dd>
          </>
        )}
        <dt className="text-neutral-600">{t('order.payment')}</dt>
        <dd>
          {o.payment.title || t('order.byAgreement')}
          {o.payment.paid && <span className="text-green-800"> · {t('order.paymentDone')}</span>}
        </dd>
        {o.comment && (
          <>
            <dt className="text-neutral-600">{t('order.comment')}</dt>
            <dd className="whitespace-pre-line">{o.comment}</dd>
          </>
        )}
      </dl>
      {o.kind === 'fast-buy' && <p className="mt-3 text-sm text-neutral-600">{t('order.fastBuyNote')}</p>}
    </section>
  )
}

/** The order's status history, oldest first. */
export function OrderHistory({ o }: { o: OrderDetail }) {
  const t = useT()
  return (
    <section aria-labelledby="order-history">
      <h2 id="order-history" className="text-lg font-semibold">
        {t('order.history')}
      </h2>
      <ol className="mt-2 flex flex-col gap-2 border-l-2 border-neutral-200 pl-4 text-sm">
        {o.history.map((h, i) => (
          <li key={i}>
            <time className="text-neutral-600" dateTime={new Date(h.createdAt).toISOString()}>
              {formatDateTime(h.createdAt)}
            </time>{' '}
            — <span className="font-medium">{h.label}</span>
            {h.comment && <span className="text-neutral-700">: {h.comment}</span>}
          </li>
        ))}
      </ol>
    </section>
  )
}

/** +79161234567 → +7 (916) 123-45-67 (the mask every form uses). */
function displayPhone(phone: string): string {
  const m = /^\+7(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(phone)
  return m ? `+7 (${m[1]}) ${m[2]}-${m[3]}-${m[4]}` : phone
}
