import type { inferRouterOutputs } from '@trpc/server'
import type { AppRouter } from '../../../server/trpc/root'
import { formatPrice } from '../../shell/format'

/** What `orders.invoice` answers: the seller's details, the customer, the rows and totals. */
export type InvoiceData = inferRouterOutputs<AppRouter>['orders']['invoice']

const cell = 'border border-neutral-800 px-2 py-1'

/** The bank form at the top of a Russian invoice: the seller's bank, BIK, accounts, INN/KPP. */
export function InvoiceBank({ s }: { s: InvoiceData['seller'] }) {
  return (
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
  )
}

/** Supplier and customer lines. */
export function InvoiceParties({ d }: { d: InvoiceData }) {
  const s = d.seller
  return (
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
  )
}

/** The rows (goods and services) and the totals. */
export function InvoiceRows({ d }: { d: InvoiceData }) {
  return (
    <>
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
    </>
  )
}
