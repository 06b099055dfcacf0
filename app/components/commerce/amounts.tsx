import type { ReactNode } from 'react'
import { useT } from '../../lib/i18n'
import { formatPrice } from '../../shell/format'
import '../../lib/messages/commerce-cart'

/**
 * The amounts block of the cart, the checkout summary and the order page, drawn once: goods, the
 * sale and promo discounts when there are any, delivery when it is known, the total. The numbers
 * come from the server's one total (cart amount, order amount); this only lays them out.
 */
export function Amounts({
  quantity,
  goods,
  saleDiscount = 0,
  promoDiscount = 0,
  promocode,
  promoTestId,
  delivery,
  total,
  totalTestId,
  className = '',
}: {
  quantity: number
  /** The goods before the promo discount (the cart shows them before the sale discount too). */
  goods: number
  saleDiscount?: number
  promoDiscount?: number
  promocode: string | null
  promoTestId?: string
  /** Omitted where delivery is not chosen yet (the cart). */
  delivery?: { label: ReactNode; price: number }
  total: number
  totalTestId: string
  className?: string
}) {
  const t = useT()
  return (
    <dl className={`flex flex-col gap-1 text-sm ${className}`}>
      <Row label={t('cart.items', { count: quantity })} value={formatPrice(goods)} />
      {saleDiscount > 0 && <Row label={t('cart.saleDiscount')} value={`−${formatPrice(saleDiscount)}`} />}
      {promoDiscount > 0 && (
        <Row
          label={t('cart.promoDiscountCode', { code: promocode ?? '' })}
          value={`−${formatPrice(promoDiscount)}`}
          testId={promoTestId}
        />
      )}
      {delivery && (
        <Row label={delivery.label} value={delivery.price === 0 ? t('cart.free') : formatPrice(delivery.price)} />
      )}
      <div className="mt-1 flex justify-between gap-2 border-t border-neutral-200 pt-2 text-lg font-semibold">
        <dt>{t('cart.total')}</dt>
        <dd data-testid={totalTestId}>{formatPrice(total)}</dd>
      </div>
    </dl>
  )
}

function Row({ label, value, testId }: { label: ReactNode; value: string; testId?: string }) {
  return (
    <div className="flex justify-between gap-2">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  )
}
