import { useQuery } from '../../lib/query'
import { useTRPC } from '../../lib/trpc'
import { useT } from '../../lib/i18n'
import '../../lib/messages/account-login'
import { socialProvidersQuery } from './account-queries'

const badge: Record<string, string> = {
  vk: 'bg-[#0077ff] text-white',
  yandex: 'bg-[#fc3f1d] text-white',
  test: 'bg-ink text-white',
}

/**
 * Social sign-in buttons (the spec's social-login block): each posts to the API, which redirects to
 * the provider. For a signed-in shopper the same buttons link the social network to the account.
 * `back` (a safe path: useBackParam) goes on each link; the server checks it again at the start.
 */
export function SocialLogin({ back, caption }: { back: string; caption?: string }) {
  const t = useT()
  const trpc = useTRPC()
  const { data } = useQuery(socialProvidersQuery(trpc))
  if (!data?.length) return null
  return (
    <div className="mt-8">
      <p className="mb-3 text-sm text-neutral-600">{caption ?? t('account.orWith')}</p>
      <ul className="flex flex-wrap gap-3">
        {data.map((p) => (
          <li key={p.code}>
            {/* A form POST: starting a sign-in creates a session and a state, which a link (GET) must not do. */}
            <form method="post" action={`${p.link}?back=${encodeURIComponent(back)}`}>
              <button
                type="submit"
                className={`inline-flex min-h-11 items-center rounded-full px-5 py-2 font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${badge[p.code] ?? 'bg-neutral-200 text-ink'}`}
              >
                {p.label}
              </button>
            </form>
          </li>
        ))}
      </ul>
    </div>
  )
}
