import { useMutation, useQueryClient } from '../../lib/query'
import type { PageProps } from '../../lib/entity'
import { PageTitle } from '../../shell/page-title'
import { AppLink } from '../../components/ui/app-link'
import { FormBlock, SubmitButton } from '../../components/form/form-block'
import { useZodForm } from '../../components/form/use-zod-form'
import { formIsland } from '../../components/form/form-code'
import { EmailField, TextField } from '../../components/form/text-field'
import { PhoneField } from '../../components/form/phone-field'
import { useTRPC } from '../../lib/trpc'
import { useT } from '../../lib/i18n'
import { reloadTo } from '../../lib/reload-to'
import { SocialLogin } from './social-login'
import { SuggestField } from '../../components/form/suggest-field'
import { useBackParam } from './use-back'
import { passwordHint } from './password-hint'
import '../../lib/messages/account'
import { registrationSchema } from './account-schemas'

/** /registration/: a new individual account (the type can be switched in the personal account). */
export default formIsland(function RegistrationPage({ entity }: PageProps<'registration'>) {
  const t = useT()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const back = useBackParam()
  const register = useMutation(trpc.user.register.mutationOptions())
  const form = useZodForm(registrationSchema, {
    defaultValues: { fullname: '', phone: '', email: '', password: '', type: 'individual' },
  })
  return (
    <>
      <PageTitle entity={entity} />
      <div className="mx-auto max-w-7xl px-4 pb-12">
        <div className="max-w-md">
          <FormBlock
            form={form}
            aria-label={entity.meta.title}
            onSubmit={(values) => register.mutateAsync(values)}
            onSent={() => reloadTo(back)}
            sent={<p>{t('account.redirecting')}</p>}
            className="flex flex-col gap-4"
          >
            <SuggestField
              control={form.control}
              name="fullname"
              label={t('account.fullname')}
              required
              autoComplete="name"
              load={async (query) => (await queryClient.fetchQuery(trpc.user.suggestName.queryOptions({ query }))).list}
              itemLabel={(n) => n.value}
              onPick={(n) => form.setValue('fullname', n.value + ' ', { shouldValidate: true, shouldTouch: true })}
            />
            <PhoneField control={form.control} name="phone" label={t('account.phone')} />
            <EmailField control={form.control} name="email" label={t('account.email')} />
            <TextField
              control={form.control}
              name="password"
              label={t('account.password')}
              hint={passwordHint(t)}
              required
              type="password"
              autoComplete="new-password"
            />
            <SubmitButton>{t('account.registerSubmit')}</SubmitButton>
          </FormBlock>
          <SocialLogin back={back} />
          <p className="mt-8 text-sm text-neutral-700">
            {t('account.haveAccount')}{' '}
            <AppLink to="/login/" className="font-medium text-brand-700 hover:underline">
              {t('account.signIn')}
            </AppLink>
          </p>
        </div>
      </div>
    </>
  )
})
