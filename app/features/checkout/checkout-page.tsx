import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useHydrated, useNavigate } from '@tanstack/react-router'
import { useWatch } from 'react-hook-form'
import { deliveryPrice as deliveryPriceFor, type Cart } from '../../../server/contracts/cart'
import { CheckoutInput, PICKUP, type CheckoutResult } from '../../../server/contracts/orders'
import type { PageProps } from '../../lib/entity'
import { useT } from '../../lib/i18n'
import { useTRPC } from '../../lib/trpc'
import { formatPrice } from '../../lib/format'
import { AppLink } from '../../components/ui/app-link'
import { buttonClass } from '../../components/ui/button'
import { PageTitle } from '../../components/layout/page-title'
import { FormBlock, SubmitButton } from '../../components/form/form-block'
import { PhoneField } from '../../components/form/phone-field'
import { EmailField, TextField } from '../../components/form/text-field'
import { useZodForm } from '../../components/form/use-zod-form'
import { AddressField } from '../../components/commerce/address-field'
import { useCart } from '../../components/commerce/use-cart'

const radio =
  'flex cursor-pointer items-start gap-3 rounded-xl border border-neutral-300 bg-white p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600'

type Options = NonNullable<ReturnType<typeof useCheckoutOptions>['data']>

function useCheckoutOptions() {
  const trpc = useTRPC()
  return useQuery(trpc.orders.checkoutOptions.queryOptions())
}

/**
 * /order/checkout/ (paid before delivery: card, or invoice for company accounts) and
 * /order/offline/ (paid on delivery). The cart and the options are the visitor's own, so the
 * form renders in the browser once both are loaded (the server HTML shows a placeholder).
 */
export default function CheckoutPage({ entity }: PageProps<'checkout' | 'checkout-offline'>) {
  const t = useT()
  const hydrated = useHydrated()
  const offline = entity.type === 'checkout-offline'
  const cart = useCart()
  const options = useCheckoutOptions()
  const ready = hydrated && cart.data && options.data

  return (
    <div className="mx-auto max-w-7xl px-4 pb-10">
      <PageTitle entity={entity} />
      {!ready ? (
        (cart.isError || options.isError) && hydrated ? (
          <p role="alert" className="py-8">
            {t('cart.loadFailed')}{' '}
            <button
              type="button"
              className="underline"
              onClick={() => {
                void cart.refetch()
                void options.refetch()
              }}
            >
              {t('cart.retry')}
            </button>
          </p>
        ) : (
          <div aria-busy="true" className="h-96 animate-pulse rounded-2xl bg-neutral-100">
            <span className="sr-only">{t('cart.loading')}</span>
          </div>
        )
      ) : cart.data.items.length === 0 ? (
        <div className="py-8">
          <p className="text-lg">{t('checkout.emptyCart')}</p>
          <AppLink to="/catalog/" className={`${buttonClass.primary} mt-4`}>
            {t('cart.toCatalog')}
          </AppLink>
        </div>
      ) : (
        <CheckoutForm offline={offline} title={entity.meta.title} cart={cart.data} opts={options.data} />
      )}
    </div>
  )
}

function CheckoutForm({ offline, title, cart, opts }: { offline: boolean; title: string; cart: Cart; opts: Options }) {
  const t = useT()
  const trpc = useTRPC()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const place = useMutation((offline ? trpc.orders.checkoutOffline : trpc.orders.checkout).mutationOptions())
  const payments = opts.payment.filter((p) => (offline ? !p.online && !p.legalOnly : p.online || p.legalOnly))
  const hasPickup = opts.pickupPoints.length > 0
  const deliveries = opts.delivery.filter((d) => d.code !== PICKUP || hasPickup)
  // A guest who ordered from this browser before finds their details filled in (issue 17).
  const known = opts.remembered
  const form = useZodForm(CheckoutInput, {
    defaultValues: {
      fullname: opts.user?.fullname ?? known?.fullname ?? '',
      phone: opts.user?.phone ?? known?.phone ?? '',
      email: opts.user?.email ?? known?.email ?? '',
      entrance: known?.entrance ?? '',
      floor: known?.floor ?? '',
      intercom: known?.intercom ?? '',
      delivery: deliveries[0]?.code ?? 'courier',
      payment: payments[0]?.code ?? (offline ? 'cash' : 'card'),
      address: known?.address ?? '',
      addressId: opts.addresses[0] ? String(opts.addresses[0].id) : '',
      pickupPoint: undefined,
      comment: '',
    },
  })
  const delivery = useWatch({ control: form.control, name: 'delivery' })
  const addressId = useWatch({ control: form.control, name: 'addressId' })
  const payment = useWatch({ control: form.control, name: 'payment' })
  const method = opts.delivery.find((d) => d.code === delivery)
  const amount = cart.amount
  const deliveryPrice = method ? deliveryPriceFor(method, amount.price.value) : 0
  const savedAddress = typeof addressId === 'number' || (typeof addressId === 'string' && addressId !== '')
  const paidBefore = !offline

  const done = (res: CheckoutResult) => {
    const url = res.payment?.url
    if (url && /^https?:/.test(url)) {
      // The acquirer's page: a full navigation (it is not part of this app's router).
      window.location.assign(url)
      return
    }
    // An online order whose payment link is the order page itself: the acquirer did not answer,
    // the order is kept and payable from its page, which says so.
    const unpaid = paidBefore && url === res.order.link
    const search = unpaid ? { placed: 1, payment: 'unavailable' } : { placed: 1 }
    void navigate({ to: url ?? res.order.link, search }).then(() =>
      queryClient.invalidateQueries({ queryKey: trpc.cart.get.queryKey() }),
    )
  }

  return (
    <FormBlock
      form={form}
      aria-label={title}
      className="grid grid-cols-[minmax(0,1fr)] gap-8 tablet-l:grid-cols-[minmax(0,1fr)_360px]"
      sent={
        <p className="text-lg font-semibold text-ink">{paidBefore ? t('checkout.toPayment') : t('checkout.placed')}</p>
      }
      onSubmit={async (values) => {
        try {
          const res = await place.mutateAsync(values)
          done(res)
          return res
        } catch (e) {
          // A refusal (stock, promo code) may change the cart: show the fresh one.
          void queryClient.invalidateQueries({ queryKey: trpc.cart.get.queryKey() })
          throw e
        }
      }}
    >
      <div className="flex flex-col gap-8">
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-3 text-lg font-semibold">{t('checkout.contacts')}</legend>
          {known && (
            <p className="text-sm text-neutral-600" data-testid="checkout-remembered">
              {t('checkout.remembered')}
            </p>
          )}
          <TextField
            control={form.control}
            name="fullname"
            label={t('checkout.fullname')}
            required
            autoComplete="name"
          />
          <div className="grid gap-4 tablet:grid-cols-2">
            <PhoneField control={form.control} name="phone" />
            <EmailField control={form.control} name="email" label={t('checkout.email')} inputMode="email" />
          </div>
        </fieldset>

        <fieldset className="flex flex-col gap-2">
          <legend className="mb-3 text-lg font-semibold">{t('checkout.delivery')}</legend>
          {deliveries.map((d) => (
            <label key={d.code} className={radio}>
              <input type="radio" value={d.code} {...form.register('delivery')} className="mt-1 accent-brand-600" />
              <span>
                <span className="font-medium">{d.title}</span> —{' '}
                {d.price === 0 ? t('checkout.free') : formatPrice(d.price)}
                {d.freeFrom !== null && (
                  <span className="text-sm text-neutral-600">
                    {' '}
                    ({t('checkout.freeFrom', { sum: formatPrice(d.freeFrom) })})
                  </span>
                )}
                <span className="block text-sm text-neutral-600">{d.description}</span>
              </span>
            </label>
          ))}
          {!hasPickup && <p className="text-sm text-neutral-600">{t('checkout.noPickup', { city: opts.city.name })}</p>}
          {errorText(form.formState.errors.delivery?.message)}
        </fieldset>

        {delivery === PICKUP ? (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-3 text-lg font-semibold">{t('checkout.pickupCity', { city: opts.city.name })}</legend>
            {opts.pickupPoints.map((p) => (
              <label key={p.id} className={radio}>
                <input
                  type="radio"
                  value={String(p.id)}
                  {...form.register('pickupPoint')}
                  className="mt-1 accent-brand-600"
                />
                <span>
                  <span className="font-medium">{p.title}</span>
                  <span className="block text-sm text-neutral-600">{p.address}</span>
                  <span className="block text-sm text-neutral-600">{p.workhours}</span>
                </span>
              </label>
            ))}
            {errorText(form.formState.errors.pickupPoint?.message)}
          </fieldset>
        ) : (
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-3 text-lg font-semibold">{t('checkout.addressTitle')}</legend>
            {opts.addresses.length > 0 && (
              <div className="flex flex-col gap-2" role="radiogroup" aria-label={t('checkout.savedAddress')}>
                {opts.addresses.map((a) => (
                  <label key={a.id} className={radio}>
                    <input
                      type="radio"
                      value={String(a.id)}
                      {...form.register('addressId')}
                      className="mt-1 accent-brand-600"
                    />
                    <span>{a.full}</span>
                  </label>
                ))}
                <label className={radio}>
                  <input type="radio" value="" {...form.register('addressId')} className="mt-1 accent-brand-600" />
                  <span>{t('checkout.newAddress')}</span>
                </label>
              </div>
            )}
            {!savedAddress && (
              <>
                <AddressField
                  control={form.control}
                  name="address"
                  label={t('checkout.address')}
                  required
                  hint={t('checkout.addressHint', { city: opts.city.name })}
                />
                <div className="grid grid-cols-3 gap-3">
                  <TextField control={form.control} name="entrance" label={t('checkout.entrance')} maxLength={20} />
                  <TextField control={form.control} name="floor" label={t('checkout.floor')} maxLength={20} />
                  <TextField control={form.control} name="intercom" label={t('checkout.intercom')} maxLength={20} />
                </div>
              </>
            )}
            {errorText(form.formState.errors.addressId?.message)}
          </fieldset>
        )}

        <fieldset className="flex flex-col gap-2">
          <legend className="mb-3 text-lg font-semibold">{t('checkout.payment')}</legend>
          {offline && <p className="text-sm text-neutral-600">{t('checkout.offlineNote')}</p>}
          {payments.map((p) => (
            <label key={p.code} className={radio}>
              <input type="radio" value={p.code} {...form.register('payment')} className="mt-1 accent-brand-600" />
              <span>
                <span className="font-medium">{p.title}</span>
                {p.legalOnly && <span className="block text-sm text-neutral-600">{t('checkout.invoiceNote')}</span>}
                {p.online && <span className="block text-sm text-neutral-600">{t('checkout.cardNote')}</span>}
              </span>
            </label>
          ))}
          {!offline && opts.user?.type !== 'legal' && (
            <p className="text-sm text-neutral-600">{t('checkout.invoiceLegal')}</p>
          )}
          {errorText(form.formState.errors.payment?.message)}
        </fieldset>

        <TextField
          control={form.control}
          name="comment"
          label={t('checkout.comment')}
          multiline
          rows={3}
          maxLength={2000}
        />
      </div>

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
        <dl className="flex flex-col gap-1 border-t border-neutral-200 pt-2 text-sm">
          <div className="flex justify-between gap-2">
            <dt>{t('cart.items', { count: amount.quantity })}</dt>
            <dd>{formatPrice(amount.subtotal)}</dd>
          </div>
          {amount.promoDiscount > 0 && (
            <div className="flex justify-between gap-2">
              <dt>{t('cart.promoDiscountCode', { code: cart.promocode ?? '' })}</dt>
              <dd>−{formatPrice(amount.promoDiscount)}</dd>
            </div>
          )}
          <div className="flex justify-between gap-2">
            <dt>
              {method ? `${t('checkout.deliveryPrice')}: ${method.title.toLowerCase()}` : t('checkout.deliveryPrice')}
            </dt>
            <dd>{deliveryPrice === 0 ? t('checkout.free') : formatPrice(deliveryPrice)}</dd>
          </div>
          <div className="mt-1 flex justify-between gap-2 border-t border-neutral-200 pt-2 text-lg font-semibold">
            <dt>{t('cart.total')}</dt>
            <dd data-testid="checkout-total">{formatPrice(amount.price.value + deliveryPrice)}</dd>
          </div>
        </dl>
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
    </FormBlock>
  )
}

function errorText(message: string | undefined) {
  return message ? (
    <p role="alert" className="text-sm text-red-700">
      {message}
    </p>
  ) : null
}
