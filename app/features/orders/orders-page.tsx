import { useQuery } from '@tanstack/react-query'
import type { PageProps } from '../../lib/entity'
import { useT } from '../../lib/i18n'
import { useTRPC } from '../../lib/trpc'
import { formatDate, formatPrice } from '../../lib/format'
import { AppLink } from '../../components/ui/app-link'
import { PageTitle } from '../../components/layout/page-title'

/** /personal/orders/: the signed-in customer's orders, newest first. */
export default function OrdersPage({ entity }: PageProps) {
  const t = useT()
  const trpc = useTRPC()
  const list = useQuery(trpc.orders.list.queryOptions()).data?.list
  return (
    <div className="mx-auto max-w-5xl px-4 py-6">
      <PageTitle entity={entity} />
      {list && list.length === 0 && <p className="py-8">{t('orders.empty')}</p>}
      {list && list.length > 0 && (
        <table className="mt-6 w-full text-left text-sm">
          <thead>
            <tr className="border-b border-neutral-200 text-neutral-500">
              <th className="py-2">{t('orders.number')}</th>
              <th>{t('orders.date')}</th>
              <th>{t('orders.items')}</th>
              <th>{t('orders.amount')}</th>
              <th>{t('orders.status')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((o) => (
              <tr key={o.id} className="border-b border-neutral-100">
                <td className="py-3"><AppLink to={o.link} className="font-medium text-brand-700 underline">{o.number}</AppLink></td>
                <td>{formatDate(o.createdAt)}</td>
                <td>{o.itemsCount}</td>
                <td>{formatPrice(o.amount)}</td>
                <td>{o.statusLabel}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  )
}
