import { useMutation, useQueryClient } from '../../lib/query'
import type { Address } from '../../../server/contracts/account'
import { Dialog } from '../../components/ui/dialog'
import { FormBlock, SubmitButton } from '../../components/form/form-block'
import { useZodForm } from '../../components/form/use-zod-form'
import { TextField } from '../../components/form/text-field'
import { useTRPC } from '../../lib/trpc'
import { useT } from '../../lib/i18n'
import { SuggestField } from '../../components/form/suggest-field'
import { addressesChanged } from './account-queries'
import '../../lib/messages/commerce'
import '../../lib/messages/account'
import { addressSchema } from './account-schemas'

/**
 * The user-address modal (spec §2): add or edit a delivery address. The street field suggests
 * street and house in the shopper's city as they type; picking one fills the rest.
 */
export default function UserAddressModal({
  open,
  onOpenChange,
  address,
  defaultCity,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The address being edited; absent when adding. */
  address?: Address
  defaultCity: string
}) {
  const t = useT()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const add = useMutation(trpc.user.addAddress.mutationOptions())
  const edit = useMutation(trpc.user.updateAddress.mutationOptions())
  const form = useZodForm(addressSchema, {
    defaultValues: {
      full: '',
      postal: address?.postal ?? '',
      country: address?.country ?? 'Россия',
      city: address?.city ?? defaultCity,
      street: address?.street ?? '',
      house: address?.house ?? '',
      flat: address?.flat ?? '',
      entrance: address?.entrance ?? '',
      floor: address?.floor ?? '',
      intercom: address?.intercom ?? '',
    },
  })
  const title = address ? t('account.addressEdit') : t('account.addressAdd')
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title}>
      <FormBlock
        form={form}
        aria-label={title}
        onSubmit={async (values) => {
          // The one-line address is recomposed by the server from the parts.
          const body = { ...values, full: '' }
          const r = address ? await edit.mutateAsync({ ...body, id: address.id }) : await add.mutateAsync(body)
          await addressesChanged(queryClient, trpc, r)
          return r
        }}
        onSent={() => onOpenChange(false)}
        className="grid gap-4 tablet:grid-cols-2"
      >
        <div className="tablet:col-span-2">
          <SuggestField
            control={form.control}
            name="street"
            label={t('account.street')}
            hint={t('account.streetHint')}
            required
            autoComplete="address-line1"
            load={async (query) =>
              (await queryClient.fetchQuery(trpc.user.suggestAddress.queryOptions({ query }))).list
            }
            itemLabel={(a) => a.value}
            onPick={(a) => {
              const opts = { shouldValidate: true, shouldTouch: true }
              form.setValue('street', a.street, opts)
              form.setValue('house', a.house, opts)
              form.setValue('city', a.city, opts)
              form.setValue('postal', a.postal, opts)
              form.setValue('country', a.country, opts)
            }}
          />
        </div>
        <TextField control={form.control} name="house" label={t('account.house')} required />
        <TextField control={form.control} name="flat" label={t('account.flat')} />
        <TextField control={form.control} name="entrance" label={t('checkout.entrance')} maxLength={20} />
        <TextField control={form.control} name="floor" label={t('checkout.floor')} maxLength={20} />
        <TextField control={form.control} name="intercom" label={t('checkout.intercom')} maxLength={20} />
        <TextField control={form.control} name="city" label={t('account.city')} autoComplete="address-level2" />
        <TextField
          control={form.control}
          name="postal"
          label={t('account.postal')}
          inputMode="numeric"
          maxLength={6}
          autoComplete="postal-code"
        />
        <div className="tablet:col-span-2">
          <SubmitButton>{t('account.save')}</SubmitButton>
        </div>
      </FormBlock>
    </Dialog>
  )
}
