import { useQuery } from '../../lib/query'
import { useHydrated } from '@tanstack/react-router'
import type { PageProps } from '../../lib/entity'
import { useT } from '../../lib/i18n'
import { useTRPC } from '../../lib/trpc'
import { formatDate, formatPrice } from '../../shell/format'
import { AppLink } from '../../components/ui/app-link'
import { buttonClass } from '../../components/ui/button'
import { PageTitle } from '../../shell/page-title'
import { PersonalNav } from '../../components/layout/personal-nav'
import { ordersListQuery } from './order-queries'
import '../../lib/messages/commerce'

/**
 * /personal/orders/: the signed-in customer's orders, newest first. Prefetched by the route
 * loader (ADR 022), drawn after hydration (dates in the browser's time zone).
 */
export default function OrdersPage({ entity }: PageProps<'personal-orders'>) {
  const t = useT()
  const trpc = useTRPC()
  const hydrated = useHydrated()
  const query = useQuery(ordersListQuery(trpc))
  const list = hydrated ? query.data?.list : undefined
  return (
    <div className="mx-auto max-w-7xl px-4 pb-10">
      <PageTitle entity={entity} nested />
      <PersonalNav current="/personal/orders/" />
      {!list ? (
        query.isError && hydrated ? (
          <p role="alert" className="py-8">
            {t('cart.loadFailed')}{' '}
            <button type="button" className="underline" onClick={() => void query.refetch()}>
              {t('cart.retry')}
            </button>
          </p>
        ) : (
          <div aria-busy="true" className="h-48 animate-pulse rounded-2xl bg-neutral-100">
            <span className="sr-only">{t('cart.loading')}</span>
          </div>
        )
      ) : list.length === 0 ? (
        <div className="py-8">
          <p className="text-lg">{t('orders.empty')}</p>
          <AppLink to="/catalog/" className={`${buttonClass.primary} mt-4`}>
            {t('cart.toCatalog')}
          </AppLink>
        </div>
      ) : (
        <>
          {/* Below 768 px one card per order; the table from 768 px up. */}
          <ul className="flex flex-col gap-3 tablet:hidden" aria-label={entity.meta.title}>
            {list.map((o) => (
              <li key={o.id} className="rounded-2xl border border-neutral-200 p-4">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                  <AppLink to={o.link} className="font-semibold whitespace-nowrap text-brand-700 underline">
                    {o.number}
                  </AppLink>
                  <span className="rounded-full bg-neutral-100 px-2.5 py-0.5 text-sm">{o.statusLabel}</span>
                </div>
                <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
                  <div>
                    <dt className="text-neutral-500">{t('orders.date')}</dt>
                    <dd className="whitespace-nowrap">{formatDate(o.createdAt)}</dd>
                  </div>
                  <div>
                    <dt className="text-neutral-500">{t('orders.items')}</dt>
                    <dd>{o.itemsCount}</dd>
                  </div>
                  <div className="text-right">
                    <dt className="text-neutral-500">{t('orders.amount')}</dt>
                    <dd className="font-semibold whitespace-nowrap">{formatPrice(o.amount)}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
          <div className="hidden tablet:block">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{entity.meta.title}</caption>
              <thead>
                <tr className="border-b border-neutral-200 text-neutral-600">
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {t('orders.number')}
                  </th>
                  <th scope="col" className="pr-3 font-medium">
                    {t('orders.date')}
                  </th>
                  <th scope="col" className="pr-3 font-medium">
                    {t('orders.items')}
                  </th>
                  <th scope="col" className="pr-3 font-medium">
                    {t('orders.amount')}
                  </th>
                  <th scope="col" className="font-medium">
                    {t('orders.status')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((o) => (
                  <tr key={o.id} className="border-b border-neutral-100">
                    <th scope="row" className="py-3 pr-3 font-medium">
                      <AppLink to={o.link} className="whitespace-nowrap text-brand-700 underline">
                        {o.number}
                      </AppLink>
                    </th>
                    <td className="pr-3">{formatDate(o.createdAt)}</td>
                    <td className="pr-3">{o.itemsCount}</td>
                    <td className="pr-3 whitespace-nowrap">{formatPrice(o.amount)}</td>
                    <td>{o.statusLabel}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  )
}
