import { useEffect } from 'react'
import { useMutation, useQueryClient } from '../../lib/query'
import { useWatch } from '../../components/form/form-code'
import type { UserInfo } from '../../../server/contracts/account'
import { isValidBic } from '../../../server/contracts/account/checksums'
import { accountDefaults } from './account-defaults'
import { Dialog } from '../../components/ui/dialog'
import { FormBlock, SubmitButton } from '../../components/form/form-block'
import { useZodForm } from '../../components/form/use-zod-form'
import { EmailField, TextField } from '../../components/form/text-field'
import { PhoneField } from '../../components/form/phone-field'
import { useTRPC } from '../../lib/trpc'
import { useT } from '../../lib/i18n'
import { SuggestField } from '../../components/form/suggest-field'
import '../../lib/messages/account'
import { accountUpdateSchema } from './account-schemas'

const radioClass =
  'flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-neutral-300 px-4 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50'

/**
 * The user-type switch (spec §2 modals): individual or legal (organization or sole trader),
 * contact fields, INN and bank details. Typing a full BIC fills the bank and its
 * correspondent account from the bank directory. Same zod schema as the API.
 */
export default function UserTypeModal({
  open,
  onOpenChange,
  user,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  user: UserInfo
}) {
  const t = useT()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const update = useMutation(trpc.user.update.mutationOptions())
  const form = useZodForm(accountUpdateSchema, { defaultValues: accountDefaults(user) })
  const type = useWatch({ control: form.control, name: 'type' })
  const bic = useWatch({ control: form.control, name: 'bic' })

  useEffect(() => {
    const digits = (typeof bic === 'string' ? bic : '').replace(/\D/g, '')
    if (!isValidBic(digits)) return
    let cancelled = false
    queryClient
      .fetchQuery(trpc.user.suggestBank.queryOptions({ query: digits }))
      .then(({ list }) => {
        const bank = list.find((b) => b.bic === digits)
        if (cancelled || !bank) return
        form.setValue('bankName', bank.bank, { shouldValidate: true })
        form.setValue('correspondentAccount', bank.correspondentAccount, { shouldValidate: true })
      })
      .catch(() => undefined)
    return () => {
      cancelled = true
    }
  }, [bic, form, queryClient, trpc])

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('account.typeChange')} size="lg">
      <FormBlock
        form={form}
        aria-label={t('account.typeChange')}
        onSubmit={async (values) => {
          const r = await update.mutateAsync(values)
          queryClient.setQueryData(trpc.user.info.queryKey(), r.user)
          return r
        }}
        onSent={() => onOpenChange(false)}
        className="flex flex-col gap-5"
      >
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-neutral-700">{t('account.typeTitle')}</legend>
          <div className="grid gap-2 tablet:grid-cols-2">
            <label className={radioClass}>
              <input type="radio" value="individual" {...form.register('type')} />
              {t('account.typeIndividual')}
            </label>
            <label className={radioClass}>
              <input type="radio" value="legal" {...form.register('type')} />
              {t('account.typeLegal')}
            </label>
          </div>
        </fieldset>
        {type === 'legal' && (
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-neutral-700">{t('account.subtype')}</legend>
            <div className="grid gap-2 tablet:grid-cols-2">
              <label className={radioClass}>
                <input type="radio" value="organization" {...form.register('subtype')} />
                {t('account.subtypeOrganization')}
              </label>
              <label className={radioClass}>
                <input type="radio" value="individual" {...form.register('subtype')} />
                {t('account.subtypeIndividual')}
              </label>
            </div>
          </fieldset>
        )}
        <div className="grid gap-4 tablet:grid-cols-2">
          <TextField
            control={form.control}
            name="fullname"
            label={t('account.fullname')}
            required
            autoComplete="name"
          />
          <PhoneField control={form.control} name="phone" label={t('account.phone')} />
          <EmailField control={form.control} name="email" label={t('account.email')} />
          {type === 'legal' && (
            <>
              <TextField
                control={form.control}
                name="organization"
                label={t('account.organization')}
                required
                autoComplete="organization"
              />
              <TextField
                control={form.control}
                name="taxId"
                label={t('account.taxId')}
                required
                inputMode="numeric"
                maxLength={12}
              />
              <TextField control={form.control} name="contactPerson" label={t('account.contactPerson')} />
            </>
          )}
        </div>
        {type === 'legal' && (
          <fieldset className="grid gap-4 tablet:grid-cols-2">
            <legend className="mb-2 text-base font-semibold">{t('account.bankTitle')}</legend>
            <SuggestField
              control={form.control}
              name="bic"
              label={t('account.bic')}
              hint={t('account.bicHint')}
              inputMode="numeric"
              maxLength={9}
              load={async (query) => (await queryClient.fetchQuery(trpc.user.suggestBank.queryOptions({ query }))).list}
              itemLabel={(b) => `${b.bic} — ${b.bank}`}
              onPick={(b) => {
                form.setValue('bic', b.bic, { shouldValidate: true, shouldTouch: true })
                form.setValue('bankName', b.bank, { shouldValidate: true })
                form.setValue('correspondentAccount', b.correspondentAccount, { shouldValidate: true })
              }}
            />
            <TextField control={form.control} name="bankName" label={t('account.bankName')} />
            <TextField
              control={form.control}
              name="correspondentAccount"
              label={t('account.correspondentAccount')}
              inputMode="numeric"
              maxLength={20}
            />
            <TextField
              control={form.control}
              name="currentAccount"
              label={t('account.currentAccount')}
              inputMode="numeric"
              maxLength={24}
            />
          </fieldset>
        )}
        <div>
          <SubmitButton>{t('account.save')}</SubmitButton>
        </div>
      </FormBlock>
    </Dialog>
  )
}
