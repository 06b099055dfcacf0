import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useHydrated } from '@tanstack/react-router'
import type { Cart } from '../../../server/contracts/cart'
import type { PageProps } from '../../lib/entity'
import { useT } from '../../lib/i18n'
import { formatPrice } from '../../shell/format'
import { AppLink } from '../../components/ui/app-link'
import { buttonClass } from '../../components/ui/button'
import { PageTitle } from '../../shell/page-title'
import { announce } from '../../components/layout/live-region'
import { errorMessage, useCart, useCartMutations } from '../../shell/use-cart'
import { Amounts } from '../../components/commerce/amounts'
import { CartLine } from './cart-line'
import { PromoBlock, type PromoNote } from './cart-promo'
import '../../lib/messages/commerce-cart'

export type { PromoNote }

const ErrorModal = lazy(() => import('../../components/form/error-modal'))

/**
 * The cart page: lines (image, name, volume, unit and line price, quantity 1..stock, remove),
 * the promo code, totals with the delivery note, links to both checkouts.
 *
 * The cart comes with the page: the route loader prefetches it (entity-registry.tsx, ADR 022)
 * and the SSR state carries it to the browser. The server HTML (and the render that hydrates
 * it) still shows a placeholder; the next render draws the cart from that state, with no request.
 */
export default function CartPage({ entity }: PageProps<'cart'>) {
  const t = useT()
  const hydrated = useHydrated()
  const cart = useCart()
  const data = hydrated ? cart.data : undefined

  return (
    <div className="mx-auto max-w-7xl px-4 pb-10">
      <PageTitle entity={entity} nested />
      {!data ? (
        cart.isError && hydrated ? (
          <p role="alert" className="py-10 text-center">
            {t('cart.loadFailed')}{' '}
            <button type="button" className="underline" onClick={() => void cart.refetch()}>
              {t('cart.retry')}
            </button>
          </p>
        ) : (
          <div aria-busy="true" className="h-64 animate-pulse rounded-2xl bg-neutral-100">
            <span className="sr-only">{t('cart.loading')}</span>
          </div>
        )
      ) : data.items.length === 0 ? (
        <div className="py-10 text-center">
          <p className="text-lg">{t('cart.empty')}</p>
          <AppLink to="/catalog/" className={`${buttonClass.primary} mt-4`}>
            {t('cart.toCatalog')}
          </AppLink>
        </div>
      ) : (
        <CartContent />
      )}
    </div>
  )
}

/**
 * What a cart answer just changed that the shopper did not ask for (issue 17): the promo code
 * dropped (its rules no longer met) and courier delivery turned paid or free. Said beside the
 * promo field / the totals at the moment it happens, and announced.
 */
function useCartChanges(data: Cart | undefined, setPromoNote: (n: PromoNote | null) => void) {
  const t = useT()
  const [deliveryNote, setDeliveryNote] = useState<string | null>(null)
  const seen = useRef<Cart | undefined>(undefined)
  useEffect(() => {
    if (!data || seen.current === data) return
    seen.current = data
    const said: string[] = []
    if (data.promo?.status === 'dropped') {
      setPromoNote({ tone: 'info', text: data.message })
      said.push(data.message)
    }
    const changed = data.delivery?.changed
    if (changed && data.delivery) {
      const text =
        changed === 'paid'
          ? t('cart.deliveryBecamePaid', {
              price: formatPrice(data.delivery.price),
              left: formatPrice(data.delivery.left),
            })
          : t('cart.deliveryBecameFree')
      setDeliveryNote(text)
      said.push(text)
    }
    if (said.length) announce(said.join('. '))
  }, [data, setPromoNote, t])
  return deliveryNote
}

function CartContent() {
  const t = useT()
  const cart = useCart()
  const m = useCartMutations()
  const [error, setError] = useState<string | null>(null)
  const [promoNote, setPromoNote] = useState<PromoNote | null>(null)
  const onError = (e: unknown) => setError(errorMessage(e, t('form.failed')))
  const data = cart.data
  const deliveryNote = useCartChanges(data, setPromoNote)
  if (!data) return null
  const busy = m.update.isPending || m.remove.isPending
  const saleDiscount = data.amount.price.discount - data.amount.promoDiscount
  const delivery = data.delivery

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-8 tablet-l:grid-cols-[minmax(0,1fr)_360px]">
      <ul
        className="flex flex-col divide-y divide-neutral-200 border-y border-neutral-200"
        aria-label={t('cart.lines')}
      >
        {data.items.map((item) => (
          <CartLine
            key={item.id}
            item={item}
            busy={busy}
            onQuantity={(quantity) => m.update.mutate({ id: item.id, quantity }, { onError })}
            onRemove={() => m.remove.mutate({ id: item.id }, { onError })}
          />
        ))}
      </ul>
      <section className="flex h-fit flex-col gap-4 rounded-2xl bg-neutral-50 p-5" aria-labelledby="cart-summary">
        <h2 id="cart-summary" className="text-lg font-semibold">
          {t('cart.summary')}
        </h2>
        <PromoBlock promocode={data.promocode} note={promoNote} setNote={setPromoNote} />
        <Amounts
          quantity={data.amount.quantity}
          goods={data.amount.subtotal + saleDiscount}
          saleDiscount={saleDiscount}
          promoDiscount={data.amount.promoDiscount}
          promocode={data.promocode}
          promoTestId="cart-promo-discount"
          total={data.amount.price.value}
          totalTestId="cart-total"
        />
        {deliveryNote && (
          <p className="rounded-xl bg-amber-50 p-3 text-sm font-medium text-amber-900" data-testid="cart-delivery-note">
            {deliveryNote}
          </p>
        )}
        <p className="text-sm text-neutral-600">
          {t('cart.deliveryNote')}
          {delivery?.freeFrom != null && (
            <>
              {' '}
              {delivery.price === 0
                ? t('cart.freeDelivery')
                : t('cart.freeDeliveryFrom', {
                    sum: formatPrice(delivery.freeFrom),
                    left: formatPrice(delivery.left),
                  })}
            </>
          )}
        </p>
        <AppLink to="/order/checkout/" className={buttonClass.primary}>
          {t('cart.checkout')}
        </AppLink>
        <AppLink to="/order/offline/" className={buttonClass.secondary}>
          {t('cart.checkoutOffline')}
        </AppLink>
      </section>
      {error !== null && (
        <Suspense fallback={null}>
          <ErrorModal open onOpenChange={(o) => !o && setError(null)} message={error} />
        </Suspense>
      )}
    </div>
  )
}
