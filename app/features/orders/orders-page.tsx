import { useQuery } from '@tanstack/react-query'
import { useHydrated } from '@tanstack/react-router'
import type { PageProps } from '../../lib/entity'
import { useT } from '../../lib/i18n'
import { useTRPC } from '../../lib/trpc'
import { formatDate, formatPrice } from '../../lib/format'
import { AppLink } from '../../components/ui/app-link'
import { buttonClass } from '../../components/ui/button'
import { PageTitle } from '../../components/layout/page-title'

/** /personal/orders/: the signed-in customer's orders, newest first (read in the browser). */
export default function OrdersPage({ entity }: PageProps) {
  const t = useT()
  const trpc = useTRPC()
  const hydrated = useHydrated()
  const query = useQuery(trpc.orders.list.queryOptions())
  const list = hydrated ? query.data?.list : undefined
  return (
    <div className="mx-auto max-w-7xl px-4 pb-10">
      <PageTitle entity={entity} />
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
        <div className="overflow-x-auto">
          <table className="w-full min-w-[520px] text-left text-sm">
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
                    <AppLink to={o.link} className="text-brand-700 underline">
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
      )}
    </div>
  )
}
