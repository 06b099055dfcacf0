import { useId, useState } from 'react'
import { useMutation, useQuery } from '../../lib/query'
import { useWatch } from '../form/form-code'
import { formatPhone, normalizePhone } from '../../../server/contracts/phone'
import type { StockAlertChannel } from '../../../server/contracts/stock-alerts'
import { useT } from '../../lib/i18n'
import { useTRPC } from '../../lib/trpc'
import { Dialog } from '../ui/dialog'
import { FormBlock, SubmitButton } from '../form/form-block'
import { PhoneField } from '../form/phone-field'
import { TextField } from '../form/text-field'
import { useZodForm } from '../form/use-zod-form'
import { announce } from '../layout/live-region'
import '../../lib/messages/product-more'

/** The form's schema, loaded on demand (ADR 028); made once, so the form keeps it once loaded. */
const stockAlertSchema = () => import('../../../server/contracts/stock-alerts').then((m) => m.StockAlertInput)

/**
 * The "Сообщить о поступлении" dialog: e-mail or SMS, then the e-mail field or the shop's one
 * phone field (prefilled from the account of a signed-in shopper) → `stockAlerts.subscribe`.
 * Success replaces the form with "Мы сообщим, когда товар появится" (also announced).
 */
export default function StockAlertModal({
  offerId,
  name,
  volume,
  open,
  onOpenChange,
}: {
  offerId: number
  name: string
  volume?: number
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const t = useT()
  const trpc = useTRPC()
  const group = useId()
  const subscribe = useMutation(trpc.stockAlerts.subscribe.mutationOptions())
  const user = useQuery({ ...trpc.user.info.queryOptions(), staleTime: 60_000 }).data
  const account = user?.isAuthorized ? user.info : null
  const accountPhone = account?.phone ? normalizePhone(account.phone) : null
  const form = useZodForm(stockAlertSchema, {
    defaultValues: {
      id: offerId,
      channel: account && !account.email && accountPhone ? 'sms' : 'email',
      email: account?.email ?? '',
      phone: accountPhone ? formatPhone(accountPhone) : '',
    },
  })
  const channel = useWatch({ control: form.control, name: 'channel' })
  const [done, setDone] = useState<string | null>(null)
  // The contact field takes the focus only once the shopper picks a channel: focused at opening,
  // its blur (a tap on a channel) would show its error and, in the phone's bottom sheet, move
  // the channel buttons under the finger.
  const [picked, setPicked] = useState(false)
  const options: [StockAlertChannel, string][] = [
    ['email', t('stockAlert.byEmail')],
    ['sms', t('stockAlert.bySms')],
  ]
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('stockAlert.title')}
      description={volume ? t('stockAlert.text', { name, volume }) : t('stockAlert.textAny', { name })}
      size="sm"
    >
      <FormBlock
        form={form}
        onSubmit={async (values) => {
          const res = await subscribe.mutateAsync(values)
          setDone(res.message)
          announce(res.message)
          return res
        }}
        sent={done && <p className="text-lg font-semibold text-ink">{done}</p>}
        className="flex flex-col gap-4"
        aria-label={t('stockAlert.title')}
      >
        <fieldset>
          <legend className="mb-2 text-sm font-medium">{t('stockAlert.channel')}</legend>
          <div className="flex flex-wrap gap-2">
            {options.map(([value, label]) => (
              <label
                key={value}
                className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-full border px-4 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 ${channel === value ? 'border-brand-600 bg-brand-50' : 'border-neutral-300'}`}
              >
                <input
                  type="radio"
                  name={`${group}-channel`}
                  value={value}
                  checked={channel === value}
                  onChange={() => {
                    setPicked(true)
                    form.setValue('channel', value, { shouldDirty: true })
                  }}
                  className="accent-brand-600"
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
        {channel === 'sms' ? (
          <PhoneField control={form.control} name="phone" autoFocus={picked} />
        ) : (
          <TextField
            control={form.control}
            name="email"
            label={t('stockAlert.email')}
            required
            type="email"
            inputMode="email"
            autoComplete="email"
            autoFocus={picked}
          />
        )}
        <SubmitButton>{t('stockAlert.submit')}</SubmitButton>
      </FormBlock>
    </Dialog>
  )
}
