import type { Cart } from '../../../server/contracts/cart'
import type { CheckoutInput } from '../../../server/contracts/orders'
import { useT } from '../../lib/i18n'
import { formatPrice } from '../../lib/format'
import { AppLink } from '../../components/ui/app-link'
import { Amounts } from '../../components/commerce/amounts'
import { SubmitButton } from '../../components/form/form-block'
import type { CheckoutOptions } from './use-checkout-options'
import '../../lib/messages/commerce'

/** The order summary beside the form: lines, amounts with the chosen delivery's price, submit, the other checkout. */
export function CheckoutSummary({
  cart,
  method,
  deliveryPrice,
  payment,
  offline,
}: {
  cart: Cart
  method: CheckoutOptions['delivery'][number] | undefined
  deliveryPrice: number
  payment: CheckoutInput['payment']
  offline: boolean
}) {
  const t = useT()
  const amount = cart.amount
  return (
    <section
      className="flex h-fit flex-col gap-3 rounded-2xl bg-neutral-50 p-5 tablet-l:sticky tablet-l:top-24"
      aria-labelledby="checkout-summary"
    >
      <h2 id="checkout-summary" className="text-lg font-semibold">
        {t('checkout.summary')}
      </h2>
      <ul className="flex flex-col gap-3 text-sm">
        {cart.items.map((i) => (
          <li key={i.id} className="flex items-center gap-3">
            <img
              src={i.image.src}
              alt=""
              width={48}
              height={48}
              loading="lazy"
              className="size-12 shrink-0 rounded-lg bg-white object-contain"
            />
            <span className="min-w-0 flex-1">
              {i.name}, {t('cart.volume', { volume: i.volume })} × {i.quantity}
            </span>
            <span className="whitespace-nowrap">{formatPrice(i.price.value)}</span>
          </li>
        ))}
      </ul>
      <Amounts
        className="border-t border-neutral-200 pt-2"
        quantity={amount.quantity}
        goods={amount.subtotal}
        promoDiscount={amount.promoDiscount}
        promocode={cart.promocode}
        delivery={{
          label: method ? `${t('checkout.deliveryPrice')}: ${method.title.toLowerCase()}` : t('checkout.deliveryPrice'),
          price: deliveryPrice,
        }}
        total={amount.price.value + deliveryPrice}
        totalTestId="checkout-total"
      />
      <SubmitButton>
        {offline
          ? t('checkout.placeOffline')
          : payment === 'invoice'
            ? t('checkout.placeInvoice')
            : t('checkout.placeOnline')}
      </SubmitButton>
      <p className="text-xs text-neutral-600">{t('checkout.consent')}</p>
      <p className="text-sm">
        <AppLink to="/cart/" className="underline">
          {t('checkout.backToCart')}
        </AppLink>
      </p>
      <p className="text-sm">
        {offline ? t('checkout.otherWay') : t('checkout.otherWayOffline')}{' '}
        <AppLink to={offline ? '/order/checkout/' : '/order/offline/'} className="underline">
          {offline ? t('cart.checkout') : t('cart.checkoutOffline')}
        </AppLink>
      </p>
    </section>
  )
}
