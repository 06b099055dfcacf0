import { useQuery } from '../../lib/query'
import { useId } from 'react'
import { useT } from '../../lib/i18n'
import { useTRPC } from '../../lib/trpc'
import { formatDate, formatPrice } from '../../shell/format'
import { AppLink } from '../../components/ui/app-link'
import { buttonClass } from '../../components/ui/button'
import { InvoiceBank, InvoiceParties, InvoiceRows } from './invoice-parts'
import { invoiceQuery } from './order-queries'
import '../../lib/messages/commerce'

/** Счёт на оплату, printable on A4: only the invoice is printed, the site chrome is hidden. */
export default function InvoiceView({ id }: { id: number }) {
  const t = useT()
  const trpc = useTRPC()
  const inv = useQuery(invoiceQuery(trpc, id))
  const titleId = useId()
  const d = inv.data
  if (inv.isError) return <p className="mx-auto max-w-4xl px-4 py-10">{t('invoice.onlyInvoice')}</p>
  if (!d) return null
  const s = d.seller
  return (
    <div className="mx-auto max-w-4xl px-4 py-6">
      <style>{`@media print { @page { size: A4; margin: 15mm } body * { visibility: hidden } .invoice, .invoice * { visibility: visible } .invoice { position: absolute; inset: 0 auto auto 0; width: 100% } .no-print { display: none } }`}</style>
      <div className="no-print mb-4 flex flex-wrap gap-3">
        <button type="button" className={buttonClass.primary} onClick={() => window.print()}>
          {t('invoice.print')}
        </button>
        <AppLink to={d.orderLink} className={buttonClass.secondary}>
          {t('invoice.back')}
        </AppLink>
      </div>
      {/* The A4 form keeps its layout on a phone: it scrolls sideways inside this box (focusable, so
          the keyboard can scroll it too), the page itself does not. */}
      <div className="overflow-x-auto print:overflow-visible" tabIndex={0} role="region" aria-labelledby={titleId}>
        <article className="invoice min-w-[36rem] bg-white text-[13px] leading-snug text-black print:min-w-0" lang="ru">
          <InvoiceBank s={s} />
          <h1 id={titleId} className="mt-6 border-b-2 border-black pb-2 text-xl font-bold">
            Счёт на оплату № <span className="whitespace-nowrap">{d.number}</span> от {formatDate(d.createdAt)}
          </h1>
          {d.void && (
            <p
              className="mt-4 border-4 border-double border-red-700 px-4 py-3 text-center text-red-700 [print-color-adjust:exact]"
              data-testid="invoice-void"
            >
              <span className="block text-2xl font-bold tracking-widest">АННУЛИРОВАН</span>
              <span className="block font-semibold">
                Счёт недействителен: заказ отменён, оплата по нему не принимается
              </span>
            </p>
          )}
          <InvoiceParties d={d} />
          <InvoiceRows d={d} />
          <p className="mt-3">
            Всего наименований {d.rows.length}, на сумму {formatPrice(d.total)}
          </p>
          <p className="font-semibold" data-testid="invoice-words">
            {d.totalWords}
          </p>
          {!d.void && (
            <p className="mt-3 text-xs">
              Счёт действителен до {formatDate(d.validUntil)}. Оплата означает согласие с условиями поставки. Товар
              отпускается после поступления денег на расчётный счёт.
            </p>
          )}
          <div className="mt-8 grid grid-cols-2 gap-8 border-t-2 border-black pt-6">
            <p>Руководитель ______________</p>
            <p>Бухгалтер ______________</p>
          </div>
        </article>
      </div>
    </div>
  )
}
