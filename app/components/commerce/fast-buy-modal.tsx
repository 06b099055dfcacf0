import { useState } from 'react'
import { useMutation, useQueryClient } from '../../lib/query'
import { useT } from '../../lib/i18n'
import { useTRPC } from '../../lib/trpc'
import { Dialog } from '../ui/dialog'
import { AppLink } from '../ui/app-link'
import { FormBlock, SubmitButton } from '../form/form-block'
import { PhoneField } from '../form/phone-field'
import { PhoneCodeRow } from './phone-code-button'
import { TextField } from '../form/text-field'
import { useZodForm } from '../form/use-zod-form'
import '../../lib/messages/commerce'

/** The form's schema, loaded on demand (ADR 028); made once, so the form keeps it once loaded. */
const fastBuySchema = () => import('../../../server/contracts/orders').then((m) => m.FastBuyInput)

/** The one-click order modal: phone (masked) and name → `orders.fastBuy`. */
export default function FastBuyModal({
  id,
  quantity,
  open,
  onOpenChange,
}: {
  id: number
  quantity: number
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const t = useT()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  // A new order: the order list shows it the next time it is opened.
  const fastBuy = useMutation(
    trpc.orders.fastBuy.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.orders.list.queryKey() }),
    }),
  )
  const form = useZodForm(fastBuySchema, {
    defaultValues: { id, quantity, phone: '', fullname: '', code: '' },
  })
  const [placed, setPlaced] = useState<{ message: string; link: string; number: string } | null>(null)
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('fastBuy.title')}
      description={t('fastBuy.text')}
      size="sm"
    >
      <FormBlock
        form={form}
        onSubmit={async (values) => {
          const res = await fastBuy.mutateAsync(values)
          setPlaced({ message: res.message, link: res.order.link, number: res.order.number })
          return res
        }}
        sent={
          placed && (
            <>
              <p className="text-lg font-semibold text-ink">{placed.message}</p>
              <AppLink
                to={placed.link}
                className="mt-2 inline-block text-brand-700 underline"
                onClick={() => onOpenChange(false)}
              >
                {t('order.title', { number: placed.number })}
              </AppLink>
            </>
          )
        }
        className="flex flex-col gap-4"
        aria-label={t('fastBuy.title')}
      >
        <PhoneField control={form.control} name="phone" autoFocus />
        <TextField control={form.control} name="fullname" label={t('fastBuy.name')} autoComplete="name" />
        {/* Issue 25: with the shop's SMS code the order is placed confirmed (not held, not capped per address). */}
        <PhoneCodeRow control={form.control} phone={() => form.getValues('phone')} fieldClassName="w-32" />
        <SubmitButton>{t('fastBuy.submit')}</SubmitButton>
      </FormBlock>
    </Dialog>
  )
}
