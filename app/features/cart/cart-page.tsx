import { lazy, Suspense, useId, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useHydrated } from '@tanstack/react-router'
import type { CartItem } from '../../../server/contracts/cart'
import type { PageProps } from '../../lib/entity'
import { useT } from '../../lib/i18n'
import { useTRPC } from '../../lib/trpc'
import { formatPrice } from '../../lib/format'
import { AppLink } from '../../components/ui/app-link'
import { buttonClass } from '../../components/ui/button'
import { NumberField } from '../../components/form/number-field'
import { PageTitle } from '../../components/layout/page-title'
import { errorMessage, useCart, useCartMutations } from '../../components/commerce/use-cart'

const ErrorModal = lazy(() => import('../../components/form/error-modal'))

/**
 * The cart page: lines (image, name, volume, unit and line price, quantity 1..stock, remove),
 * the promo code, totals with the delivery note, links to both checkouts.
 *
 * The cart is the visitor's own, so it is read in the browser only: the server HTML (and the
 * first client render that hydrates it) shows a placeholder, never a guess such as "empty".
 */
export default function CartPage({ entity }: PageProps) {
  const t = useT()
  const hydrated = useHydrated()
  const cart = useCart()
  const data = hydrated ? cart.data : undefined

  return (
    <div className="mx-auto max-w-7xl px-4 pb-10">
      <PageTitle entity={entity} />
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

function CartContent() {
  const t = useT()
  const trpc = useTRPC()
  const cart = useCart()
  const m = useCartMutations()
  const delivery = useQuery({ ...trpc.orders.delivery.queryOptions(), staleTime: 5 * 60_000 })
  const [error, setError] = useState<string | null>(null)
  const onError = (e: unknown) => setError(errorMessage(e, t('form.failed')))
  const data = cart.data
  if (!data) return null
  const busy = m.update.isPending || m.remove.isPending
  const saleDiscount = data.amount.price.discount - data.amount.promoDiscount
  // A dropped promo code comes back as the cart's message (spec §4: "dropped with a clear message").
  const dropped = !data.promocode && /promo|промокод/i.test(data.message) ? data.message : null
  const courier = delivery.data?.find((d) => d.code === 'courier')

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
        <PromoBlock promocode={data.promocode} />
        {dropped && (
          <p role="status" className="text-sm text-amber-800">
            {dropped}
          </p>
        )}
        <dl className="flex flex-col gap-1 text-sm">
          <div className="flex justify-between gap-2">
            <dt>{t('cart.items', { count: data.amount.quantity })}</dt>
            <dd>{formatPrice(data.amount.subtotal + saleDiscount)}</dd>
          </div>
          {saleDiscount > 0 && (
            <div className="flex justify-between gap-2">
              <dt>{t('cart.saleDiscount')}</dt>
              <dd>−{formatPrice(saleDiscount)}</dd>
            </div>
          )}
          {data.amount.promoDiscount > 0 && (
            <div className="flex justify-between gap-2">
              <dt>{t('cart.promoDiscountCode', { code: data.promocode ?? '' })}</dt>
              <dd data-testid="cart-promo-discount">−{formatPrice(data.amount.promoDiscount)}</dd>
            </div>
          )}
          <div className="mt-2 flex justify-between gap-2 border-t border-neutral-200 pt-2 text-lg font-semibold">
            <dt>{t('cart.total')}</dt>
            <dd data-testid="cart-total">{formatPrice(data.amount.price.value)}</dd>
          </div>
        </dl>
        <p className="text-sm text-neutral-600">
          {t('cart.deliveryNote')}
          {courier?.freeFrom != null && (
            <>
              {' '}
              {data.amount.price.value >= courier.freeFrom
                ? t('cart.freeDelivery')
                : t('cart.freeDeliveryFrom', {
                    sum: formatPrice(courier.freeFrom),
                    left: formatPrice(courier.freeFrom - data.amount.price.value),
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

function CartLine({
  item,
  busy,
  onQuantity,
  onRemove,
}: {
  item: CartItem
  busy: boolean
  onQuantity: (q: number) => void
  onRemove: () => void
}) {
  const t = useT()
  const short = item.quantity > item.stock
  return (
    <li
      className="grid grid-cols-[64px_minmax(0,1fr)] gap-x-4 gap-y-3 py-4 tablet:grid-cols-[96px_minmax(0,1fr)_auto_8rem_auto] tablet:items-center"
      data-testid="cart-line"
    >
      <AppLink to={item.link} tabIndex={-1} aria-hidden="true" className="row-span-2 block tablet:row-span-1">
        <img
          src={item.image.src}
          alt=""
          width={96}
          height={96}
          loading="lazy"
          className="size-16 rounded-xl bg-neutral-50 object-contain tablet:size-24"
        />
      </AppLink>
      <div className="min-w-0">
        <AppLink to={item.link} className="font-medium hover:text-brand-700">
          {item.name}
        </AppLink>
        <p className="text-sm text-neutral-600">
          {t('cart.volume', { volume: item.volume })} ·{' '}
          {t('cart.unitPrice', { price: formatPrice(item.unitPrice.value) })}
          {item.unitPrice.discount > 0 && (
            <>
              {' '}
              <s className="text-neutral-500">
                <span className="sr-only">{t('cart.oldPrice')} </span>
                {formatPrice(item.unitPrice.value + item.unitPrice.discount)}
              </s>
            </>
          )}
        </p>
        <p className={`text-sm ${short || item.stock <= 0 ? 'text-red-700' : 'text-neutral-500'}`}>
          {item.stock <= 0
            ? t('cart.outOfStockLine')
            : short
              ? t('cart.stockShort', { stock: item.stock })
              : t('cart.stock', { stock: item.stock })}
        </p>
      </div>
      <div className="col-start-2 flex items-center gap-2 tablet:contents">
        <NumberField
          label={t('cart.quantityOf', { name: item.name })}
          hideLabel
          size="sm"
          value={item.quantity}
          min={1}
          max={Math.max(1, item.stock)}
          disabled={busy}
          onChange={onQuantity}
        />
        <div className="flex-1 text-right tablet:w-32 tablet:flex-none">
          <p className="font-semibold" data-testid="cart-line-price">
            {formatPrice(item.price.value)}
          </p>
          {item.price.discount > 0 && (
            <s className="text-sm text-neutral-500">
              <span className="sr-only">{t('cart.oldPrice')} </span>
              {formatPrice(item.price.value + item.price.discount)}
            </s>
          )}
        </div>
        <button
          type="button"
          className="flex min-h-11 min-w-11 items-center justify-center gap-1 text-sm text-neutral-600 hover:text-red-700 disabled:opacity-50 tablet:px-2"
          aria-label={t('cart.removeNamed', { name: item.name })}
          disabled={busy}
          onClick={onRemove}
        >
          <svg
            aria-hidden="true"
            focusable="false"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
            className="size-5"
          >
            <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
          </svg>
          <span className="hidden underline laptop:inline">{t('cart.remove')}</span>
        </button>
      </div>
    </li>
  )
}

function PromoBlock({ promocode }: { promocode: string | null }) {
  const t = useT()
  const m = useCartMutations()
  const inputId = useId()
  const [promo, setPromo] = useState('')
  const [error, setError] = useState<string | null>(null)
  if (promocode) {
    return (
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p role="status" className="text-sm font-medium text-green-800">
          {t('cart.promoActive', { code: promocode })}
        </p>
        <button
          type="button"
          className="min-h-11 text-sm underline disabled:opacity-50"
          disabled={m.removePromo.isPending}
          onClick={() =>
            m.removePromo.mutate({ promocode }, { onError: (e) => setError(errorMessage(e, t('form.failed'))) })
          }
        >
          {t('cart.promoRemove')}
        </button>
      </div>
    )
  }
  return (
    <form
      className="flex flex-col gap-1"
      onSubmit={(e) => {
        e.preventDefault()
        if (!promo.trim()) {
          setError(t('cart.promoRequired'))
          return
        }
        setError(null)
        m.applyPromo.mutate(
          { promocode: promo },
          { onSuccess: () => setPromo(''), onError: (err) => setError(errorMessage(err, t('form.failed'))) },
        )
      }}
    >
      <label htmlFor={inputId} className="text-sm font-medium text-neutral-700">
        {t('cart.promo')}
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          value={promo}
          onChange={(e) => {
            setPromo(e.target.value)
            setError(null)
          }}
          className="min-h-11 min-w-0 flex-1 rounded-xl border border-neutral-300 bg-white px-3 uppercase placeholder:normal-case"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
        />
        <button
          type="submit"
          className={buttonClass.secondary}
          disabled={m.applyPromo.isPending}
          aria-busy={m.applyPromo.isPending || undefined}
        >
          {t('cart.promoApply')}
        </button>
      </div>
      {error && (
        <p id={`${inputId}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  )
}
