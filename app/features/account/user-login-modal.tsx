import { Dialog } from '../../components/ui/dialog'
import { AppLink } from '../../components/ui/app-link'
import { useT } from '../../lib/i18n'
import { LoginPanel } from './login-panel'
import { SocialLogin } from './social-login'
import '../../lib/messages/account'

/**
 * The user-login modal (spec §2): the same sign-in as /login/, over the current page.
 * `back` is where to land after signing in (default: the current page).
 *
 * `const UserLoginModal = lazy(() => import('../../features/account/user-login-modal'))`
 * `<UserLoginModal open={open} onOpenChange={setOpen} />`
 */
export default function UserLoginModal({
  open,
  onOpenChange,
  back,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  back?: string
}) {
  const t = useT()
  const here =
    back ?? (typeof window === 'undefined' ? '/personal/' : window.location.pathname + window.location.search)
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('account.modalTitle')}>
      <LoginPanel back={here} />
      <SocialLogin back={here} />
      <p className="mt-6 text-sm text-neutral-700">
        {t('account.noAccount')}{' '}
        <AppLink
          to="/registration/"
          className="font-medium text-brand-700 hover:underline"
          onClick={() => onOpenChange(false)}
        >
          {t('account.register')}
        </AppLink>
      </p>
    </Dialog>
  )
}

export { UserLoginModal }
