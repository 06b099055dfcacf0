import type { PageProps } from '../../lib/entity'
import { useT } from '../../lib/i18n'
import { formatDate, formatPrice } from '../../shell/format'
import { AppLink } from '../../components/ui/app-link'
import { buttonClass } from '../../components/ui/button'
import { PageTitle } from '../../shell/page-title'
import '../../lib/messages/commerce'

/**
 * /promo/ (issue 17): the promo codes in force with their conditions — discount, minimum order,
 * validity, who may use them — worded here from the codes' rules in the page's language.
 */
export default function PromoPage({ entity }: PageProps<'promo'>) {
  const t = useT()
  const { promos } = entity.data
  return (
    <div className="mx-auto max-w-7xl px-4 pb-10">
      <PageTitle entity={entity} nested />
      {promos.length === 0 ? (
        <p className="py-6">{t('promo.empty')}</p>
      ) : (
        <>
          <p className="mb-6 text-neutral-700">{t('promo.howTo')}</p>
          <ul className="grid gap-4 tablet:grid-cols-2 laptop:grid-cols-3" data-testid="promo-list">
            {promos.map((p) => (
              <li key={p.code} className="flex flex-col gap-2 rounded-2xl border border-neutral-200 p-5">
                <p className="font-mono text-2xl font-semibold tracking-wide text-brand-700">{p.code}</p>
                <p className="text-lg font-medium first-letter:uppercase">
                  {p.kind === 'percent'
                    ? t('promo.percent', { value: p.value })
                    : t('promo.fixed', { sum: formatPrice(p.value) })}
                </p>
                <ul className="flex flex-col gap-1 text-sm text-neutral-700">
                  <li className="first-letter:uppercase">
                    {p.minSum > 0 ? t('promo.minSum', { sum: formatPrice(p.minSum) }) : t('promo.noMinSum')}
                  </li>
                  <li className="first-letter:uppercase">
                    {p.validTo !== null ? t('promo.validTo', { date: formatDate(p.validTo) }) : t('promo.noEnd')}
                  </li>
                  {p.firstOrderOnly && <li className="first-letter:uppercase">{t('promo.firstOrder')}</li>}
                  {p.perCustomerLimit !== null && !p.firstOrderOnly && (
                    <li className="first-letter:uppercase">{t('promo.perCustomer', { limit: p.perCustomerLimit })}</li>
                  )}
                </ul>
              </li>
            ))}
          </ul>
          <AppLink to="/cart/" className={`${buttonClass.primary} mt-6`}>
            {t('promo.toCart')}
          </AppLink>
        </>
      )}
    </div>
  )
}
