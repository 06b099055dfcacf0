import type { PageProps } from '../../lib/entity'
import { PageTitle } from '../../shell/page-title'
import { AppLink } from '../../components/ui/app-link'
import { useT } from '../../lib/i18n'
import { LoginPanel } from './login-panel'
import { SocialLogin } from './social-login'
import { useBackParam, useSearchParam } from './use-back'
import '../../lib/messages/account-login'

/** /login/: password or SMS-code sign-in, password restore, social sign-in. */
export default function LoginPage({ entity }: PageProps<'login'>) {
  const t = useT()
  const back = useBackParam()
  const oauth = useSearchParam('oauth')
  return (
    <>
      <PageTitle entity={entity} />
      <div className="mx-auto max-w-7xl px-4 pb-12">
        <div className="max-w-md">
          {(oauth === 'failed' || oauth === 'account-exists') && (
            <p role="alert" className="mb-5 rounded-xl bg-red-50 p-4 text-sm text-red-800">
              {oauth === 'failed' ? t('account.oauthFailed') : t('account.oauthAccountExists')}
            </p>
          )}
          <LoginPanel back={back} />
          <SocialLogin back={back} />
          <p className="mt-8 text-sm text-neutral-700">
            {t('account.noAccount')}{' '}
            <AppLink
              to={back === '/personal/' ? '/registration/' : `/registration/?back=${encodeURIComponent(back)}`}
              className="font-medium text-brand-700 hover:underline"
            >
              {t('account.register')}
            </AppLink>
          </p>
        </div>
      </div>
    </>
  )
}
