import { useState } from 'react'
import type { Control, FieldPath, FieldValues } from 'react-hook-form'
import { useMutation } from '../../lib/query'
import { useT } from '../../lib/i18n'
import { useTRPC } from '../../lib/trpc'
import { buttonClass } from '../ui/button'
import { errorMessage } from '../../shell/use-cart'
import { TextField } from '../form/text-field'
import '../../lib/messages/commerce'

/**
 * "Get an SMS code" for a phone (POST /api/order-phone-code/, issue 25): the checkout places the
 * order confirmed with it, the order page confirms a placed one. The server's answer (sent, wait,
 * refused) is said next to the button.
 */
export function PhoneCodeButton({ phone, onSent }: { phone: () => string; onSent?: () => void }) {
  const t = useT()
  const trpc = useTRPC()
  const send = useMutation(trpc.orders.phoneCode.mutationOptions())
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null)
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        className={buttonClass.secondary}
        disabled={send.isPending}
        aria-busy={send.isPending || undefined}
        onClick={() =>
          send.mutate(
            { phone: phone() },
            {
              onSuccess: (r) => {
                setSaid({ ok: true, text: r.message })
                onSent?.()
              },
              onError: (e) => setSaid({ ok: false, text: errorMessage(e, t('form.failed')) }),
            },
          )
        }
      >
        {t('order.getCode')}
      </button>
      {said && (
        <p role={said.ok ? 'status' : 'alert'} className={`text-sm ${said.ok ? 'text-neutral-700' : 'text-red-700'}`}>
          {said.text}
        </p>
      )}
    </div>
  )
}

/**
 * The button and the field of an order's SMS code (checkout, one-click): the form's `code`, typed
 * once the text arrives. `T` is a form with a `code` field (CheckoutInput, FastBuyInput).
 */
export function PhoneCodeRow<T extends FieldValues>({
  control,
  phone,
  fieldClassName,
}: {
  control: Control<T, unknown, FieldValues>
  phone: () => string
  fieldClassName: string
}) {
  const t = useT()
  return (
    <div className="flex flex-wrap items-end gap-3">
      <PhoneCodeButton phone={phone} />
      <TextField
        control={control}
        name={'code' as FieldPath<T>}
        label={t('order.smsCode')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={4}
        className={fieldClassName}
      />
    </div>
  )
}
