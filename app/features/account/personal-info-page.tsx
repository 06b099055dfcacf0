import { lazy, Suspense, useState } from 'react'
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '../../lib/query'
import type { UseFormReturn } from 'react-hook-form'
import { useWatch } from '../../components/form/form-code'
import type { PageProps } from '../../lib/entity'
import type {
  AccountUpdateData,
  AccountUpdateInput as AccountUpdateInputValues,
  UserInfo,
} from '../../../server/contracts/account'
import { normalizePhone } from '../../../server/contracts/phone'
import { PageTitle } from '../../shell/page-title'
import { buttonClass } from '../../components/ui/button'
import { FormBlock, SubmitButton } from '../../components/form/form-block'
import { useZodForm } from '../../components/form/use-zod-form'
import { formIsland } from '../../components/form/form-code'
import { CodeField, EmailField, submitOwnForm, TextField } from '../../components/form/text-field'
import { PhoneField } from '../../components/form/phone-field'
import { useTRPC } from '../../lib/trpc'
import { useT } from '../../lib/i18n'
import { PersonalNav } from '../../components/layout/personal-nav'
import { SocialLogin } from './social-login'
import { useSearchParam } from './use-back'
import { accountDefaults } from './account-defaults'
import { messageOf, useCodeRequest } from './use-code-request'
import { socialProvidersQuery, userInfoQuery } from './account-queries'
import '../../lib/messages/account'
import { accountUpdateSchema } from './account-schemas'

const UserTypeModal = lazy(() => import('./user-type-modal'))

/** /personal/: contact details, the account type with its legal and bank details. */
export default function PersonalInfoPage({ entity }: PageProps<'personal-info'>) {
  const t = useT()
  const trpc = useTRPC()
  const { data: user } = useSuspenseQuery(userInfoQuery(trpc))
  const [typeOpen, setTypeOpen] = useState(false)
  const oauth = useSearchParam('oauth')
  const { data: providers } = useQuery(socialProvidersQuery(trpc))
  const [formKey, setFormKey] = useState(0)
  return (
    <>
      <PageTitle entity={entity} />
      <div className="mx-auto max-w-7xl px-4 pb-12">
        <PersonalNav current="/personal/" />
        <div className="grid gap-10 laptop:grid-cols-2">
          <section aria-labelledby="contacts-title">
            <h2 id="contacts-title" className="mb-4 text-xl font-semibold">
              {t('account.contacts')}
            </h2>
            <ContactsForm key={`${formKey}-${user.id}`} user={user} onEditAgain={() => setFormKey((k) => k + 1)} />
          </section>
          <section aria-labelledby="type-title">
            <h2 id="type-title" className="mb-4 text-xl font-semibold">
              {t('account.typeTitle')}
            </h2>
            <TypeSummary user={user} />
            <button type="button" className={`${buttonClass.secondary} mt-5`} onClick={() => setTypeOpen(true)}>
              {t('account.typeChange')}
            </button>
          </section>
          {(providers?.length ?? 0) > 0 && (
            <section aria-labelledby="link-title">
              <h2 id="link-title" className="mb-4 text-xl font-semibold">
                {t('account.linkTitle')}
              </h2>
              {oauth === 'linked-elsewhere' && (
                <p role="alert" className="mb-4 rounded-xl bg-red-50 p-4 text-sm text-red-800">
                  {t('account.oauthLinkedElsewhere')}
                </p>
              )}
              <SocialLogin back="/personal/" caption={t('account.linkText')} />
            </section>
          )}
        </div>
      </div>
      {typeOpen && (
        <Suspense fallback={null}>
          <UserTypeModal open={typeOpen} onOpenChange={setTypeOpen} user={user} />
        </Suspense>
      )}
    </>
  )
}

const ContactsForm = formIsland(function ContactsForm({ user, onEditAgain }: { user: UserInfo; onEditAgain: () => void }) {
  const t = useT()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const update = useMutation(trpc.user.update.mutationOptions())
  const form = useZodForm(accountUpdateSchema, {
    defaultValues: accountDefaults(user),
  })
  const [phone, email] = useWatch({ control: form.control, name: ['phone', 'email'] })
  // A phone or e-mail other than the saved one is proven by a code sent there.
  const phoneChanged = (normalizePhone(phone ?? '') ?? phone) !== (normalizePhone(user.info.phone) ?? user.info.phone)
  const emailChanged = (email ?? '').trim().toLowerCase() !== user.info.email
  return (
    <FormBlock
      form={form}
      aria-label={t('account.contacts')}
      onSubmit={async (values) => {
        const r = await update.mutateAsync(values)
        queryClient.setQueryData(trpc.user.info.queryKey(), r.user)
        return r
      }}
      sent={
        <>
          <p className="font-semibold">{t('account.saved')}</p>
          <button type="button" className={`${buttonClass.secondary} mt-4`} onClick={onEditAgain}>
            {t('account.editAgain')}
          </button>
        </>
      }
      className="flex max-w-md flex-col gap-4"
    >
      <TextField control={form.control} name="fullname" label={t('account.fullname')} required autoComplete="name" />
      <PhoneField control={form.control} name="phone" label={t('account.phone')} />
      {phoneChanged && <ContactCode form={form} kind="phone" alsoNeeds={emailChanged ? 'emailCode' : undefined} />}
      <EmailField control={form.control} name="email" label={t('account.email')} />
      {emailChanged && <ContactCode form={form} kind="email" alsoNeeds={phoneChanged ? 'phoneCode' : undefined} />}
      <div>
        <SubmitButton>{t('account.save')}</SubmitButton>
      </div>
    </FormBlock>
  )
})

type ContactsFormApi = UseFormReturn<AccountUpdateInputValues, unknown, AccountUpdateData>

/**
 * "Get a code" for a new phone (SMS) or e-mail (letter), and the field for the code. Its 4th digit
 * saves the form — once the other new contact's code (`alsoNeeds`), if any, is typed as well.
 */
function ContactCode({
  form,
  kind,
  alsoNeeds,
}: {
  form: ContactsFormApi
  kind: 'phone' | 'email'
  alsoNeeds?: 'phoneCode' | 'emailCode'
}) {
  const t = useT()
  const trpc = useTRPC()
  const contactCode = useMutation(trpc.user.contactCode.mutationOptions())
  const { left, sentTo, request } = useCodeRequest()
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null)
  const send = async () => {
    setNote(null)
    if (!(await form.trigger(kind))) return
    const to = form.getValues(kind) ?? ''
    try {
      const r = await request(to, () => contactCode.mutateAsync(kind === 'phone' ? { phone: to } : { email: to }))
      setNote({ text: r.message, error: false })
    } catch (err) {
      setNote({ text: messageOf(err, t('form.failed')), error: true })
    }
  }
  return (
    <div className="flex flex-col gap-3 rounded-xl bg-neutral-50 p-4">
      <p className="text-sm text-neutral-700">
        {kind === 'phone' ? t('account.contactPhoneText') : t('account.contactEmailText')}
      </p>
      <CodeField
        control={form.control}
        name={kind === 'phone' ? 'phoneCode' : 'emailCode'}
        label={kind === 'phone' ? t('account.code') : t('account.mailCode')}
        onComplete={(input) => {
          const other: unknown = alsoNeeds ? form.getValues(alsoNeeds) : undefined
          if (!alsoNeeds || (typeof other === 'string' && /^\d{4}$/.test(other))) submitOwnForm(input)
        }}
      />
      {note && (
        <p
          role={note.error ? 'alert' : 'status'}
          className={`text-sm ${note.error ? 'text-red-700' : 'text-neutral-700'}`}
        >
          {note.text}
        </p>
      )}
      <div>
        <button
          type="button"
          className={buttonClass.secondary}
          onClick={() => void send()}
          disabled={left > 0 || contactCode.isPending}
        >
          {left > 0
            ? t('account.resendIn', { seconds: left })
            : sentTo !== null
              ? t('account.resend')
              : t('account.getCode')}
        </button>
      </div>
    </div>
  )
}

function TypeSummary({ user }: { user: UserInfo }) {
  const t = useT()
  const legal = user.meta.type === 'legal'
  const rows: [string, string][] = legal
    ? [
        [
          t('account.subtype'),
          user.meta.subtype === 'individual' ? t('account.subtypeIndividual') : t('account.subtypeOrganization'),
        ],
        [t('account.organization'), user.info.organization],
        [t('account.taxId'), user.info.taxId],
        [t('account.contactPerson'), user.info.contactPerson],
        [t('account.bic'), user.bank.bic],
        [t('account.bankName'), user.bank.bankName],
        [t('account.correspondentAccount'), user.bank.correspondentAccount],
        [t('account.currentAccount'), user.bank.currentAccount],
      ]
    : []
  return (
    <div>
      <p className="text-lg" data-testid="account-type">
        {legal ? t('account.typeLegal') : t('account.typeIndividual')}
      </p>
      {rows.length > 0 && (
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-neutral-600">{label}</dt>
              <dd className="break-all">{value || <span className="text-neutral-600">{t('account.notSet')}</span>}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  )
}
