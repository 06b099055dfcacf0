import { Suspense } from 'react'
import { useMutation, useQueryClient } from '../../lib/query'
import { useHydrated, useNavigate } from '@tanstack/react-router'
import { useWatch } from '../../components/form/form-code'
import type { Cart } from '../../../server/contracts/cart'
import { deliveryPrice as deliveryPriceFor, PICKUP } from '../../../server/contracts/delivery'
import type { CheckoutResult } from '../../../server/contracts/orders'
import type { PageProps } from '../../lib/entity'
import { useT } from '../../lib/i18n'
import { useTRPC } from '../../lib/trpc'
import { AppLink } from '../../components/ui/app-link'
import { buttonClass } from '../../components/ui/button'
import { PageTitle } from '../../shell/page-title'
import { FormBlock } from '../../components/form/form-block'
import { TextField } from '../../components/form/text-field'
import { useZodForm } from '../../components/form/use-zod-form'
import { formIsland } from '../../components/form/form-code'
import { useCart } from '../../shell/use-cart'
import { ContactsFieldset, PaymentFieldset } from './checkout-fields'
import { DeliveryFieldset, DestinationFieldset } from './checkout-delivery'
import { CheckoutSummary } from './checkout-summary'
import { CheckoutSignIn, type LoginModal } from './checkout-sign-in'
import { useCheckoutOptions, type CheckoutOptions as Options } from './use-checkout-options'
import '../../lib/messages/commerce'

/** The form's schema, loaded on demand (ADR 028); made once, so the form keeps it once loaded. */
const checkoutSchema = () => import('../../../server/contracts/orders').then((m) => m.CheckoutInput)

/**
 * /order/checkout/ (paid before delivery: card, or invoice for company accounts) and
 * /order/offline/ (paid on delivery). The cart and the options are prefetched by the route
 * loader (ADR 022); the form renders in the browser from that state (the server HTML shows a
 * placeholder).
 */
export default function CheckoutPage({
  entity,
  LoginModal,
}: PageProps<'checkout' | 'checkout-offline'> & { LoginModal?: LoginModal }) {
  const t = useT()
  const hydrated = useHydrated()
  const offline = entity.type === 'checkout-offline'
  const cart = useCart()
  const options = useCheckoutOptions()
  const ready = hydrated && cart.data && options.data
  const skeleton = (
    <div aria-busy="true" className="h-96 animate-pulse rounded-2xl bg-neutral-100">
      <span className="sr-only">{t('cart.loading')}</span>
    </div>
  )

  return (
    <div className="mx-auto max-w-7xl px-4 pb-10">
      <PageTitle entity={entity} nested />
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
          skeleton
        )
      ) : cart.data.items.length === 0 ? (
        <div className="py-8">
          <p className="text-lg">{t('checkout.emptyCart')}</p>
          <AppLink to="/catalog/" className={`${buttonClass.primary} mt-4`}>
            {t('cart.toCatalog')}
          </AppLink>
        </div>
      ) : (
        <>
          {!options.data.user && LoginModal && <CheckoutSignIn LoginModal={LoginModal} />}
          {/* Rendered in the browser: the skeleton stays while the form code loads (ADR 033). */}
          <Suspense fallback={skeleton}>
            <CheckoutForm offline={offline} title={entity.meta.title} cart={cart.data} opts={options.data} />
          </Suspense>
        </>
      )}
    </div>
  )
}

const CheckoutForm = formIsland(function CheckoutForm({
  offline,
  title,
  cart,
  opts,
}: {
  offline: boolean
  title: string
  cart: Cart
  opts: Options
}) {
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
  const form = useZodForm(checkoutSchema, {
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
      code: '',
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
      Promise.all(
        [trpc.cart.get, trpc.orders.list, trpc.orders.checkoutOptions].map((p) =>
          queryClient.invalidateQueries({ queryKey: p.queryKey() }),
        ),
      ),
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
        <ContactsFieldset form={form} remembered={!!known} />
        <DeliveryFieldset form={form} opts={opts} deliveries={deliveries} hasPickup={hasPickup} />
        <DestinationFieldset form={form} opts={opts} delivery={delivery} savedAddress={savedAddress} />
        <PaymentFieldset
          form={form}
          offline={offline}
          payments={payments}
          legalUser={opts.user?.type === 'legal'}
          guest={!opts.user}
        />
        <TextField
          control={form.control}
          name="comment"
          label={t('checkout.comment')}
          multiline
          rows={3}
          maxLength={2000}
        />
      </div>

      <CheckoutSummary cart={cart} method={method} deliveryPrice={deliveryPrice} payment={payment} offline={offline} />
    </FormBlock>
  )
})
