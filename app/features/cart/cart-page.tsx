import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react'
import { useHydrated } from '@tanstack/react-router'
import type { Cart, CartItem } from '../../../server/contracts/cart'
import type { PageProps } from '../../lib/entity'
import { useT } from '../../lib/i18n'
import { formatPrice } from '../../lib/format'
import { AppLink } from '../../components/ui/app-link'
import { buttonClass } from '../../components/ui/button'
import { NumberField } from '../../components/form/number-field'
import { PageTitle } from '../../components/layout/page-title'
import { announce } from '../../components/layout/live-region'
import { errorMessage, useCart, useCartMutations } from '../../components/commerce/use-cart'

const ErrorModal = lazy(() => import('../../components/form/error-modal'))

/**
 * The cart page: lines (image, name, volume, unit and line price, quantity 1..stock, remove),
 * the promo code, totals with the delivery note, links to both checkouts.
 *
 * The cart is the visitor's own, so it is read in the browser only: the server HTML (and the
 * first client render that hydrates it) shows a placeholder, never a guess such as "empty".
 */
export default function CartPage({ entity }: PageProps<'cart'>) {
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

/** The one current message of the promo field: an error, or what just happened to the code. */
export interface PromoNote {
  tone: 'error' | 'info'
  text: string
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
  const [clamped, setClamped] = useState<number | null>(null)
  const noteId = useId()
  return (
    <li
      className="grid grid-cols-[64px_minmax(0,1fr)] gap-x-4 gap-y-3 py-4 tablet:grid-cols-[96px_minmax(0,1fr)_auto_8rem_auto] tablet:items-center"
      data-testid="cart-line"
    >
      <AppLink to={item.link} tabIndex={-1} aria-hidden="true" className="block phone:row-span-2 tablet:row-span-1">
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
        <AppLink to={item.link} className="font-medium break-words hyphens-auto hover:text-brand-700">
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
      {/* Below 360 px the quantity, price and remove row takes the whole width. */}
      <div className="col-span-2 flex items-center gap-2 phone:col-span-1 phone:col-start-2 tablet:contents">
        <div className="flex flex-col gap-1">
          <NumberField
            label={t('cart.quantityOf', { name: item.name })}
            hideLabel
            size="sm"
            value={item.quantity}
            min={1}
            max={Math.max(1, item.stock)}
            disabled={busy}
            describedBy={clamped !== null ? noteId : undefined}
            onClamp={(typed, next) => {
              if (typed > next && item.stock > 0) {
                const text = t('cart.clamped', { stock: item.stock })
                setClamped(item.stock)
                announce(text)
              }
            }}
            onChange={(q) => {
              if (clamped !== null && q !== item.stock) setClamped(null)
              onQuantity(q)
            }}
          />
          {clamped !== null && (
            <p id={noteId} className="max-w-32 text-sm text-red-700" data-testid="cart-clamp-note">
              {t('cart.clamped', { stock: clamped })}
            </p>
          )}
        </div>
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

function PromoBlock({
  promocode,
  note,
  setNote,
}: {
  promocode: string | null
  note: PromoNote | null
  setNote: (n: PromoNote | null) => void
}) {
  const t = useT()
  const m = useCartMutations()
  const inputId = useId()
  const [promo, setPromo] = useState('')
  const inputRef = useRef<HTMLInputElement>(null)
  const removeRef = useRef<HTMLButtonElement>(null)
  // Focus stays with the promo control across the switch between the field and the applied code.
  const focusNext = useRef<'input' | 'remove' | null>(null)
  useEffect(() => {
    const target = focusNext.current === 'remove' ? removeRef.current : focusNext.current ? inputRef.current : null
    if (!target) return
    focusNext.current = null
    target.focus()
  }, [promocode, note])
  const fail = (e: unknown) => {
    const text = errorMessage(e, t('form.failed'))
    setNote({ tone: 'error', text })
    announce(text)
    focusNext.current = promocode ? 'remove' : 'input'
  }
  const noteId = `${inputId}-note`
  const noteText = note ? (
    <p
      id={noteId}
      className={`text-sm ${note.tone === 'error' ? 'text-red-700' : 'text-amber-800'}`}
      data-testid="cart-promo-note"
    >
      {note.text}
    </p>
  ) : null
  if (promocode) {
    return (
      <div className="flex flex-col gap-1">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm font-medium text-green-800" data-testid="cart-promo-active">
            {t('cart.promoActive', { code: promocode })}
          </p>
          <button
            ref={removeRef}
            type="button"
            className="min-h-11 text-sm underline disabled:opacity-50"
            disabled={m.removePromo.isPending}
            onClick={() =>
              m.removePromo.mutate(
                { promocode },
                {
                  onSuccess: (cart) => {
                    setNote(null)
                    announce(cart.message)
                    focusNext.current = 'input'
                  },
                  onError: fail,
                },
              )
            }
          >
            {t('cart.promoRemove')}
          </button>
        </div>
        {noteText}
      </div>
    )
  }
  return (
    <form
      className="flex flex-col gap-1"
      onSubmit={(e) => {
        e.preventDefault()
        if (!promo.trim()) {
          setNote({ tone: 'error', text: t('cart.promoRequired') })
          announce(t('cart.promoRequired'))
          focusNext.current = 'input'
          return
        }
        m.applyPromo.mutate(
          { promocode: promo },
          {
            onSuccess: (cart) => {
              setPromo('')
              setNote(null)
              announce(t('cart.promoActive', { code: cart.promocode ?? '' }))
              focusNext.current = 'remove'
            },
            onError: fail,
          },
        )
      }}
    >
      <label htmlFor={inputId} className="text-sm font-medium text-neutral-700">
        {t('cart.promo')}
      </label>
      <div className="flex gap-2">
        <input
          ref={inputRef}
          id={inputId}
          value={promo}
          onChange={(e) => {
            setPromo(e.target.value)
            if (note?.tone === 'error') setNote(null)
          }}
          className="min-h-11 min-w-0 flex-1 rounded-xl border border-neutral-300 bg-white px-3 uppercase placeholder:normal-case"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          aria-invalid={note?.tone === 'error' ? true : undefined}
          aria-describedby={note ? noteId : undefined}
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
      {noteText}
      <AppLink to="/promo/" className="w-fit text-sm text-brand-700 underline">
        {t('cart.promoWhere')}
      </AppLink>
    </form>
  )
}
