import type { ReactNode } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import type { CheckoutData, CheckoutInput } from '../../../server/contracts/orders'
import { useT } from '../../lib/i18n'
import { PhoneField } from '../../components/form/phone-field'
import { EmailField, TextField } from '../../components/form/text-field'
import { PhoneCodeRow } from '../../components/commerce/phone-code-button'
import { AppLink } from '../../components/ui/app-link'
import type { CheckoutOptions } from './use-checkout-options'
import '../../lib/messages/commerce'

/** The checkout form's react-hook-form handle (the shared CheckoutInput schema). */
export type CheckoutFormApi = UseFormReturn<CheckoutInput, unknown, CheckoutData>

export const radio =
  'flex cursor-pointer items-start gap-3 rounded-xl border border-neutral-300 bg-white p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600'

/** Who orders: the name, phone and e-mail (a returning guest is told they were filled in). */
export function ContactsFieldset({ form, remembered }: { form: CheckoutFormApi; remembered: boolean }) {
  const t = useT()
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-3 text-lg font-semibold">{t('checkout.contacts')}</legend>
      {remembered && (
        <p className="text-sm text-neutral-600" data-testid="checkout-remembered">
          {t('checkout.remembered')}
        </p>
      )}
      <TextField control={form.control} name="fullname" label={t('checkout.fullname')} required autoComplete="name" />
      <div className="grid gap-4 tablet:grid-cols-2">
        <PhoneField control={form.control} name="phone" />
        <EmailField control={form.control} name="email" label={t('checkout.email')} inputMode="email" />
      </div>
      {/* Issue 25: the shop's SMS code places the order confirmed (and lets a guest use a first-order code). */}
      <p className="text-sm text-neutral-600">{t('checkout.codeNote')}</p>
      <PhoneCodeRow control={form.control} phone={() => form.getValues('phone')} fieldClassName="w-40" />
    </fieldset>
  )
}

/** How to pay: the methods of this checkout (paid before or on delivery) and their notes. */
export function PaymentFieldset({
  form,
  offline,
  payments,
  legalUser,
  guest,
}: {
  form: CheckoutFormApi
  offline: boolean
  payments: CheckoutOptions['payment']
  legalUser: boolean
  guest?: boolean
}) {
  const t = useT()
  return (
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
      {/* Issue 29: the invoice is a company account's; the way there is a choice of its own, not a
          note: a guest signs in (and comes back here), an individual's account switches its type. */}
      {!offline && !legalUser && (
        <p className="rounded-xl border border-dashed border-neutral-300 p-3 text-sm text-neutral-600">
          <AppLink
            to={guest ? `/login/?back=${encodeURIComponent('/order/checkout/')}` : '/personal/'}
            className="block font-medium text-brand-700 underline"
          >
            {t('checkout.invoiceChoice')}
          </AppLink>
          {t('checkout.invoiceLegal')} {t(guest ? 'checkout.invoiceGuest' : 'checkout.invoiceSwitch')}
        </p>
      )}
      {errorText(form.formState.errors.payment?.message)}
    </fieldset>
  )
}

/** A fieldset's error under its radios. */
export function errorText(message: string | undefined): ReactNode {
  return message ? (
    <p role="alert" className="text-sm text-red-700">
      {message}
    </p>
  ) : null
}
