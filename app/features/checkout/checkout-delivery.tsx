import { PICKUP } from '../../../server/contracts/delivery'
import type { CheckoutInput } from '../../../server/contracts/orders'
import { useT } from '../../lib/i18n'
import { formatPrice } from '../../shell/format'
import { TextField } from '../../components/form/text-field'
import { AddressField } from '../../components/commerce/address-field'
import { errorText, radio, type CheckoutFormApi } from './checkout-fields'
import type { CheckoutOptions } from './use-checkout-options'
import '../../lib/messages/commerce'

/** The delivery methods of the visitor's city (pickup only where the city has pickup points). */
export function DeliveryFieldset({
  form,
  opts,
  deliveries,
  hasPickup,
}: {
  form: CheckoutFormApi
  opts: CheckoutOptions
  deliveries: CheckoutOptions['delivery']
  hasPickup: boolean
}) {
  const t = useT()
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-3 text-lg font-semibold">{t('checkout.delivery')}</legend>
      {deliveries.map((d) => (
        <label key={d.code} className={radio}>
          <input type="radio" value={d.code} {...form.register('delivery')} className="mt-1 accent-brand-600" />
          <span>
            <span className="font-medium">{d.title}</span> — {d.price === 0 ? t('cart.free') : formatPrice(d.price)}
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
  )
}

/** Where to: a pickup point of the city, or a saved / new address with entrance, floor and intercom. */
export function DestinationFieldset({
  form,
  opts,
  delivery,
  savedAddress,
}: {
  form: CheckoutFormApi
  opts: CheckoutOptions
  delivery: CheckoutInput['delivery']
  savedAddress: boolean
}) {
  const t = useT()
  return delivery === PICKUP ? (
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
  )
}
