import { asc, eq } from 'drizzle-orm'
import type { Ctx } from '../../context'
import { orderLines, paymentMethods } from '../../../db/schema'
import { notFound } from '../../errors'
import { registerMessages, t } from '../../contracts/i18n'
import { documentLine, documentText, orderLink } from '../../contracts/orders'
import { roublesInWords } from '../../contracts/money-words'
import { sellerRequisites } from '../seller-requisites'
import { INVOICE_VALID_DAYS, ownOrder } from './shared'

/**
 * The invoice (счёт на оплату) of an order paid by invoice. It is a Russian document whatever
 * the page's language, so its texts are the `invoice.*` messages in Russian. The shop is on the
 * simplified tax system, so the VAT line reads "Без налога (НДС)"; change `invoice.vatNote`
 * when that changes. The seller's requisites are site data (server/services/seller-requisites.ts).
 */

registerMessages({
  en: {
    'invoice.promoDiscount': 'Promo code discount {code}',
    'invoice.unit.piece': 'pcs',
    'invoice.unit.service': 'svc.',
    'invoice.vatNote': 'No VAT',
  },
  ru: {
    'invoice.promoDiscount': 'Скидка по промокоду {code}',
    'invoice.unit.piece': 'шт.',
    'invoice.unit.service': 'усл.',
    'invoice.vatNote': 'Без налога (НДС)',
  },
})

const ru = (key: string, params?: Record<string, string | number>) => t('ru', key, params)

export async function invoiceData(ctx: Ctx, id: number) {
  const o = await ownOrder(ctx, id)
  const [pay] = await ctx.db
    .select({ legalOnly: paymentMethods.legalOnly })
    .from(paymentMethods)
    .where(eq(paymentMethods.code, o.paymentCode))
  if (!pay?.legalOnly) throw notFound()
  const lines = await ctx.db
    .select({
      name: orderLines.name,
      volume: orderLines.volume,
      quantity: orderLines.quantity,
      unitPrice: orderLines.unitPrice,
      price: orderLines.price,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, o.id))
    .orderBy(asc(orderLines.id))
  const rows = lines.map((l) => ({
    name: documentLine(l.name, l.volume),
    quantity: l.quantity,
    unit: ru('invoice.unit.piece'),
    price: l.unitPrice,
    sum: l.price,
  }))
  const service = ru('invoice.unit.service')
  if (o.discount > 0)
    rows.push({
      name: ru('invoice.promoDiscount', { code: o.promocode ?? '' }).trim(),
      quantity: 1,
      unit: service,
      price: -o.discount,
      sum: -o.discount,
    })
  if (o.deliveryPrice > 0)
    rows.push({
      name: documentText('delivery'),
      quantity: 1,
      unit: service,
      price: o.deliveryPrice,
      sum: o.deliveryPrice,
    })
  return {
    number: o.number,
    createdAt: o.createdAt,
    validUntil: o.createdAt + INVOICE_VALID_DAYS * 24 * 3600 * 1000,
    orderLink: orderLink(o.id),
    status: o.status,
    /** The order was cancelled: the invoice is void and says so on screen and in print. */
    void: o.status === 'cancelled',
    seller: await sellerRequisites(ctx.db),
    customer: {
      organization: o.customer?.organization || o.fullname,
      taxId: o.customer?.taxId ?? '',
      bic: o.customer?.bic ?? '',
      bankName: o.customer?.bankName ?? '',
      correspondentAccount: o.customer?.correspondentAccount ?? '',
      currentAccount: o.customer?.currentAccount ?? '',
      address: o.address?.full ?? '',
      phone: o.phone,
      email: o.email,
    },
    rows,
    total: o.total,
    vatNote: ru('invoice.vatNote'),
    totalWords: roublesInWords(o.total),
  }
}
export type InvoiceData = Awaited<ReturnType<typeof invoiceData>>
