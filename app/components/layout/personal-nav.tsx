import { useMutation } from '../../lib/query'
import { AppLink } from '../ui/app-link'
import { buttonClass } from '../ui/button'
import { useTRPC } from '../../lib/trpc'
import { useT } from '../../lib/i18n'
import { reloadTo } from '../../lib/reload-to'
import '../../lib/messages/account'

const items = [
  { link: '/personal/', key: 'account.navInfo' },
  { link: '/personal/addresses/', key: 'account.navAddresses' },
  { link: '/personal/orders/', key: 'account.navOrders' },
  { link: '/personal/bookings/', key: 'account.navBookings' },
] as const

/** Sections of the personal account and the sign-out button. */
export function PersonalNav({ current }: { current: string }) {
  const t = useT()
  const trpc = useTRPC()
  const logout = useMutation(trpc.user.logout.mutationOptions({ onSettled: () => reloadTo('/') }))
  return (
    <div className="mb-8 flex flex-wrap items-center justify-between gap-4 border-b border-neutral-200 pb-4">
      {/* On a narrow phone the tab strip scrolls sideways by itself; the page does not. */}
      <nav aria-label={t('account.nav')} className="max-w-full min-w-0">
        <ul className="flex gap-2 overflow-x-auto">
          {items.map((i) => (
            <li key={i.link}>
              <AppLink
                to={i.link}
                aria-current={current === i.link ? 'page' : undefined}
                className={`inline-flex min-h-11 items-center rounded-full px-4 text-sm font-medium whitespace-nowrap ${current === i.link ? 'bg-brand-600 text-white' : 'bg-neutral-100 text-ink hover:bg-neutral-200'}`}
              >
                {t(i.key)}
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>
      <button
        type="button"
        className={buttonClass.secondary}
        onClick={() => logout.mutate()}
        disabled={logout.isPending}
      >
        {t('account.logout')}
      </button>
    </div>
  )
}
