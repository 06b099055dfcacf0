import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useWatch } from 'react-hook-form'
import { CheckoutInput } from '../../../server/contracts/orders'
import type { PageProps } from '../../lib/entity'
import { useT } from '../../lib/i18n'
import { useTRPC } from '../../lib/trpc'
import { formatPrice } from '../../lib/format'
import { AppLink } from '../../components/ui/app-link'
import { PageTitle } from '../../components/layout/page-title'
import { FormBlock, SubmitButton } from '../../components/form/form-block'
import { PhoneField } from '../../components/form/phone-field'
import { TextField } from '../../components/form/text-field'
import { useZodForm } from '../../components/form/use-zod-form'
import { useCart } from '../../components/commerce/use-cart'

const radio = 'flex cursor-pointer items-start gap-3 rounded-xl border border-neutral-300 p-3 has-[:checked]:border-brand-600'

/** /order/checkout/ (paid before delivery: card or invoice) and /order/offline/ (paid on delivery). */
export default function CheckoutPage({ entity }: PageProps) {
  const t = useT()
  const trpc = useTRPC()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const offline = entity.type === 'checkout-offline'
  const cart = useCart()
  const options = useQuery(trpc.orders.checkoutOptions.queryOptions())
  const place = useMutation((offline ? trpc.orders.checkoutOffline : trpc.orders.checkout).mutationOptions())
  const opts = options.data
  const payments = (opts?.payment ?? []).filter((p) => (offline ? !p.online && !p.legalOnly : p.online || p.legalOnly))
  const form = useZodForm(CheckoutInput, {
    values: {
      fullname: opts?.user?.fullname ?? '',
      phone: opts?.user?.phone ?? '',
      email: opts?.user?.email ?? '',
      delivery: 'courier',
      payment: offline ? 'cash' : 'card',
      address: '',
      addressId: undefined,
      pickupPoint: undefined,
      comment: '',
    },
    resetOptions: { keepDirtyValues: true },
  })
  const delivery = useWatch({ control: form.control, name: 'delivery' })
  const addressId = useWatch({ control: form.control, name: 'addressId' })
  const method = opts?.delivery.find((d) => d.code === delivery)
  const amount = cart.data?.amount
  const deliveryPrice = method && amount ? (method.freeFrom !== null && amount.price.value >= method.freeFrom ? 0 : method.price) : 0

  if (cart.data && cart.data.items.length === 0) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-6">
        <PageTitle entity={entity} />
        <p className="py-8">{t('checkout.emptyCart')}</p>
        <AppLink to="/catalog/" className="underline">{t('cart.toCatalog')}</AppLink>
      </div>
    )
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-6">
      <PageTitle entity={entity} />
      <FormBlock
        form={form}
        aria-label={entity.meta.title}
        className="mt-6 grid gap-8 tablet-l:grid-cols-[1fr_340px]"
        onSubmit={async (values) => {
          const res = await place.mutateAsync(values)
          await queryClient.invalidateQueries({ queryKey: trpc.cart.get.queryKey() })
          if (res.payment?.url && /^https?:/.test(res.payment.url)) window.location.assign(res.payment.url)
          else void navigate({ to: (res.payment?.url ?? res.order.link) as '/$/', search: { placed: '1' } as never })
          return res
        }}
      >
        <div className="flex flex-col gap-6">
          <fieldset className="flex flex-col gap-4">
            <legend className="mb-2 text-lg font-semibold">{t('checkout.contacts')}</legend>
            <TextField control={form.control} name="fullname" label={t('checkout.fullname')} required autoComplete="name" />
            <PhoneField control={form.control} name="phone" />
            <TextField control={form.control} name="email" label={t('checkout.email')} required type="email" autoComplete="email" />
          </fieldset>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-lg font-semibold">{t('checkout.delivery')}</legend>
            {opts?.delivery.map((d) => (
              <label key={d.code} className={radio}>
                <input type="radio" value={d.code} {...form.register('delivery')} className="mt-1" />
                <span>
                  <span className="font-medium">{d.title}</span> — {d.price === 0 ? t('checkout.free') : formatPrice(d.price)}
                  {d.freeFrom !== null && <span className="text-sm text-neutral-500"> ({t('checkout.freeFrom', { sum: formatPrice(d.freeFrom) })})</span>}
                  <span className="block text-sm text-neutral-600">{d.description}</span>
                </span>
              </label>
            ))}
            {delivery === 'pickup' ? (
              <fieldset className="mt-2 flex flex-col gap-2">
                <legend className="mb-1 font-medium">{t('checkout.pickupCity', { city: opts?.city.name ?? '' })}</legend>
                {opts?.pickupPoints.length === 0 && <p className="text-sm">{t('checkout.noPickup', { city: opts.city.name })}</p>}
                {opts?.pickupPoints.map((p) => (
                  <label key={p.id} className={radio}>
                    <input type="radio" value={String(p.id)} {...form.register('pickupPoint')} className="mt-1" />
                    <span>
                      <span className="font-medium">{p.title}</span>
                      <span className="block text-sm text-neutral-600">{p.address} · {p.workhours}</span>
                    </span>
                  </label>
                ))}
                {form.formState.errors.pickupPoint && <p role="alert" className="text-sm text-red-700">{form.formState.errors.pickupPoint.message}</p>}
              </fieldset>
            ) : (
              <div className="mt-2 flex flex-col gap-2">
                {(opts?.addresses.length ?? 0) > 0 && (
                  <label className="flex flex-col gap-1 text-sm font-medium">
                    {t('checkout.savedAddress')}
                    <select {...form.register('addressId')} className="min-h-11 rounded-xl border border-neutral-300 px-3">
                      <option value="">{t('checkout.newAddress')}</option>
                      {opts?.addresses.map((a) => <option key={a.id} value={a.id}>{a.full}</option>)}
                    </select>
                  </label>
                )}
                {!addressId && <TextField control={form.control} name="address" label={t('checkout.address')} required autoComplete="street-address" />}
              </div>
            )}
          </fieldset>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-lg font-semibold">{t('checkout.payment')}</legend>
            {offline && <p className="text-sm text-neutral-600">{t('checkout.offlineNote')}</p>}
            {payments.map((p) => (
              <label key={p.code} className={radio}>
                <input type="radio" value={p.code} {...form.register('payment')} className="mt-1" />
                <span className="font-medium">{p.title}</span>
              </label>
            ))}
          </fieldset>
          <TextField control={form.control} name="comment" label={t('checkout.comment')} multiline rows={3} />
        </div>
        <aside className="flex h-fit flex-col gap-3 rounded-2xl bg-neutral-50 p-5">
          <h2 className="text-lg font-semibold">{t('checkout.summary')}</h2>
          <ul className="flex flex-col gap-1 text-sm">
            {cart.data?.items.map((i) => (
              <li key={i.id} className="flex justify-between gap-2">
                <span>{i.name}, {t('cart.volume', { volume: i.volume })} × {i.quantity}</span>
                <span className="whitespace-nowrap">{formatPrice(i.price.value)}</span>
              </li>
            ))}
          </ul>
          {amount && (
            <dl className="flex flex-col gap-1 border-t border-neutral-200 pt-2 text-sm">
              {amount.promoDiscount > 0 && <div className="flex justify-between"><dt>{t('cart.promoDiscount')} {cart.data?.promocode}</dt><dd>−{formatPrice(amount.promoDiscount)}</dd></div>}
              <div className="flex justify-between"><dt>{t('checkout.deliveryPrice')}</dt><dd>{deliveryPrice === 0 ? t('checkout.free') : formatPrice(deliveryPrice)}</dd></div>
              <div className="flex justify-between text-lg font-semibold"><dt>{t('cart.total')}</dt><dd>{formatPrice(amount.price.value + deliveryPrice)}</dd></div>
            </dl>
          )}
          <SubmitButton>{offline ? t('checkout.placeOffline') : t('checkout.placeOnline')}</SubmitButton>
          <p className="text-sm">
            {offline ? t('checkout.otherWay') : t('checkout.otherWayOffline')}{' '}
            <AppLink to={offline ? '/order/checkout/' : '/order/offline/'} className="underline">
              {offline ? t('cart.checkout') : t('cart.checkoutOffline')}
            </AppLink>
          </p>
        </aside>
      </FormBlock>
    </div>
  )
}
