import { useMutation } from '../../lib/query'
import { useLocation } from '@tanstack/react-router'
import { useT } from '../../lib/i18n'
import { useTRPC } from '../../lib/trpc'
import { FormBlock, SubmitButton } from '../form/form-block'
import { PhoneField } from '../form/phone-field'
import { useZodForm } from '../form/use-zod-form'
import { Dialog } from '../ui/dialog'
import '../../lib/messages/shell-more'

/** The form's schema, loaded on demand (ADR 028); made once, so the form keeps it once loaded. */
const callbackSchema = () => import('../../../server/contracts/forms').then((m) => m.CallbackInput)

/**
 * The CRM (callback) modal of the floating button (spec §1, §7): a masked phone, sent as
 * `{ phone, page }` to `trpc.forms.callback` (the twin of POST /api/form-callback/).
 * Props: `open`, `onOpenChange`. Lazy-loaded by the callback button.
 */
export default function CrmModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useT()
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="sm"
      title={t('callback.title')}
      description={t('callback.text')}
    >
      {open && <CallbackForm />}
    </Dialog>
  )
}

function CallbackForm() {
  const trpc = useTRPC()
  const t = useT()
  const location = useLocation()
  const page = location.pathname + (location.searchStr ?? '')
  const form = useZodForm(callbackSchema, {
    defaultValues: { phone: '', page },
  })
  const send = useMutation(trpc.forms.callback.mutationOptions())
  return (
    <FormBlock form={form} onSubmit={(values) => send.mutateAsync(values)} className="flex flex-col gap-4">
      <PhoneField control={form.control} name="phone" autoFocus />
      <SubmitButton>{t('callback.submit')}</SubmitButton>
    </FormBlock>
  )
}
