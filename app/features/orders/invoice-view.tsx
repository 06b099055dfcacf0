import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { useT } from '../../lib/i18n'
import { useTRPC } from '../../lib/trpc'
import { formatDate, formatPrice } from '../../lib/format'
import { AppLink } from '../../components/ui/app-link'
import { buttonClass } from '../../components/ui/button'

/** Счёт на оплату, printable on A4: only the invoice is printed, the site chrome is hidden. */
export default function InvoiceView({ id }: { id: number }) {
  const t = useT()
  const trpc = useTRPC()
  const inv = useQuery(trpc.orders.invoice.queryOptions({ id }))
  const titleId = useId()
  const d = inv.data
  if (inv.isError) return <p className="mx-auto max-w-4xl px-4 py-10">{t('invoice.onlyInvoice')}</p>
  if (!d) return null
  const s = d.seller
  const cell = 'border border-neutral-800 px-2 py-1'
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
          <table className="w-full border-collapse">
            <tbody>
              <tr>
                <td className={cell} colSpan={2} rowSpan={2}>
                  {s.bank}
                  <br />
                  <span className="text-xs">Банк получателя</span>
                </td>
                <td className={cell}>БИК</td>
                <td className={`${cell} whitespace-nowrap`}>{s.bic}</td>
              </tr>
              <tr>
                <td className={cell}>Сч. №</td>
                <td className={`${cell} whitespace-nowrap`}>{s.correspondentAccount}</td>
              </tr>
              <tr>
                <td className={cell}>ИНН {s.inn}</td>
                <td className={cell}>КПП {s.kpp}</td>
                <td className={cell} rowSpan={2}>
                  Сч. №
                </td>
                <td className={`${cell} whitespace-nowrap`} rowSpan={2}>
                  {s.account}
                </td>
              </tr>
              <tr>
                <td className={cell} colSpan={2}>
                  {s.name}
                  <br />
                  <span className="text-xs">Получатель</span>
                </td>
              </tr>
            </tbody>
          </table>
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
          <table className="mt-3 w-full">
            <tbody>
              <tr>
                <td className="w-32 py-1 align-top">Поставщик:</td>
                <td className="font-semibold">
                  {s.name}, ИНН {s.inn}, КПП {s.kpp}, {s.address}
                </td>
              </tr>
              <tr>
                <td className="py-1 align-top">Покупатель:</td>
                <td className="font-semibold">
                  {d.customer.organization}
                  {d.customer.taxId && `, ИНН ${d.customer.taxId}`}
                  {d.customer.currentAccount &&
                    `, р/с ${d.customer.currentAccount} в ${d.customer.bankName}, БИК ${d.customer.bic}, к/с ${d.customer.correspondentAccount}`}
                </td>
              </tr>
            </tbody>
          </table>
          <table className="mt-4 w-full border-collapse">
            <thead>
              <tr>
                <th className={cell}>№</th>
                <th className={cell}>Товары (работы, услуги)</th>
                <th className={cell}>Кол-во</th>
                <th className={cell}>Ед.</th>
                <th className={cell}>Цена</th>
                <th className={cell}>Сумма</th>
              </tr>
            </thead>
            <tbody>
              {d.rows.map((r, i) => (
                <tr key={i}>
                  <td className={`${cell} text-center`}>{i + 1}</td>
                  <td className={cell}>{r.name}</td>
                  <td className={`${cell} text-right`}>{r.quantity}</td>
                  <td className={cell}>{r.unit}</td>
                  <td className={`${cell} text-right whitespace-nowrap`}>{formatPrice(r.price)}</td>
                  <td className={`${cell} text-right whitespace-nowrap`}>{formatPrice(r.sum)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className="mt-2 ml-auto">
            <tbody>
              <tr>
                <td className="pr-4 text-right font-semibold">Итого:</td>
                <td className="text-right font-semibold whitespace-nowrap">{formatPrice(d.total)}</td>
              </tr>
              <tr>
                <td className="pr-4 text-right font-semibold">{d.vatNote}</td>
                <td className="text-right">—</td>
              </tr>
              <tr>
                <td className="pr-4 text-right font-semibold">Всего к оплате:</td>
                <td className="text-right font-semibold whitespace-nowrap" data-testid="invoice-total">
                  {formatPrice(d.total)}
                </td>
              </tr>
            </tbody>
          </table>
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
