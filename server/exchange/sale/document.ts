import { and, asc, eq } from 'drizzle-orm'
import type { DB } from '../../../db/client'
import {
  deliveryMethods,
  orderLines,
  orders,
  paymentMethods,
  payments,
  productOffers,
  products,
  type OrderCustomer,
} from '../../../db/schema'
import { addressLine, documentLine } from '../../contracts/orders'
import { t } from '../../contracts/i18n'
import { splitUnits, spreadDiscount } from '../../providers/payment/receipt'
import { el, kopecks, money, moscow, opt, requisite, UNIT } from './xml'

/** One order as a CommerceML `Документ` (`mode=query`), with its buyer as a `Контрагент`. */

export type OrderRow = typeof orders.$inferSelect

function customerXml(o: OrderRow): string {
  const c: (OrderCustomer & { kpp?: string }) | null = o.customer
  const contacts = el('Контакты', [
    o.email && el('Контакт', [el('Тип', 'Почта'), el('Значение', o.email)]),
    // 1C drops a contact typed plain "Телефон"; "ТелефонРабочий" is what Bitrix sends and 1C keeps.
    o.phone && el('Контакт', [el('Тип', 'ТелефонРабочий'), el('Значение', o.phone)]),
  ])
  const address = o.address?.full
    ? el('Адрес', [
        el(
          'Представление',
          addressLine(o.address, (k, value) => t('ru', k, { value })),
        ),
        o.address.postal && el('АдресноеПоле', [el('Тип', 'Почтовый индекс'), el('Значение', o.address.postal)]),
        o.address.city && el('АдресноеПоле', [el('Тип', 'Город'), el('Значение', o.address.city)]),
      ])
    : null
  const id = o.userId !== null ? `user-${o.userId}` : `phone-${o.phone.replace(/\D/g, '')}`
  if (c?.type === 'legal') {
    const name = c.organization || o.fullname
    // With ОфициальноеНаименование 1C files the buyer as a company; without it, as a sole trader (ИП).
    const company = c.subtype !== 'individual' && c.taxId.length !== 12
    const bank = c.currentAccount
      ? el('РасчетныеСчета', [
          el('РасчетныйСчет', [
            el('НомерСчета', c.currentAccount),
            el('Банк', [
              opt('СчетКорреспондентский', c.correspondentAccount),
              opt('Наименование', c.bankName),
              opt('БИК', c.bic),
            ]),
          ]),
        ])
      : null
    return el('Контрагент', [
      el('Ид', id),
      el('Наименование', name),
      el('Роль', 'Покупатель'),
      company ? el('ОфициальноеНаименование', name) : el('ПолноеНаименование', name),
      opt('ИНН', c.taxId),
      opt('КПП', c.kpp),
      bank,
      address,
      contacts,
      el('Представители', [
        el('Представитель', [el('Контрагент', [el('Отношение', 'Контактное лицо'), el('Наименование', o.fullname)])]),
      ]),
    ])
  }
  return el('Контрагент', [
    el('Ид', id),
    el('Наименование', o.fullname),
    el('Роль', 'Покупатель'),
    el('ПолноеНаименование', o.fullname),
    address,
    contacts,
  ])
}

interface LineRow {
  offerId: number
  productId: number
  name: string
  volume: number
  quantity: number
  price: number
  offerExternalId: string | null
  productExternalId: string | null
  sku: string | null
}

export async function documentXml(db: DB, o: OrderRow, site: string): Promise<string> {
  const lines: LineRow[] = await db
    .select({
      offerId: orderLines.offerId,
      productId: orderLines.productId,
      name: orderLines.name,
      volume: orderLines.volume,
      quantity: orderLines.quantity,
      price: orderLines.price,
      offerExternalId: productOffers.externalId,
      productExternalId: products.externalId,
      sku: productOffers.sku,
    })
    .from(orderLines)
    .leftJoin(productOffers, eq(productOffers.id, orderLines.offerId))
    .leftJoin(products, eq(products.id, orderLines.productId))
    .where(eq(orderLines.orderId, o.id))
    .orderBy(asc(orderLines.id))
  const [delivery] = await db.select().from(deliveryMethods).where(eq(deliveryMethods.code, o.deliveryCode))
  const [pay] = await db.select().from(paymentMethods).where(eq(paymentMethods.code, o.paymentCode))
  const paid =
    o.status === 'paid' ||
    (
      await db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.orderId, o.id), eq(payments.status, 'succeeded')))
        .limit(1)
    ).length > 0
  // The promo discount spread over the goods (the same kopeck rule as the 54-FZ receipt), so the
  // lines and the delivery add up to the document's sum exactly.
  const sums = spreadDiscount(
    lines.map((l) => l.price * 100),
    o.discount * 100,
  )
  const goods = lines.flatMap((l, i) =>
    // A line whose discounted sum does not divide by its quantity becomes two rows (most units at
    // the lower price, the rest a kopeck dearer), so price × quantity is each row's sum exactly.
    splitUnits(sums[i] ?? l.price * 100, l.quantity).map((part) =>
      el('Товар', [
        // 1C's own ids when the goods came from 1C; else ours (stable: an offer id never changes).
        el('Ид', l.offerExternalId ?? l.productExternalId ?? String(l.offerId)),
        opt('Артикул', l.sku),
        el('Наименование', l.volume > 0 ? documentLine(l.name, l.volume) : l.name),
        el('БазоваяЕдиница', 'шт', UNIT),
        el('ЦенаЗаЕдиницу', kopecks(part.unitPrice)),
        el('Количество', part.quantity),
        el('Сумма', kopecks(part.unitPrice * part.quantity)),
        el('ЗначенияРеквизитов', [requisite('ВидНоменклатуры', 'Товар'), requisite('ТипНоменклатуры', 'Товар')]),
      ]),
    ),
  )
  if (o.deliveryPrice > 0)
    goods.push(
      el('Товар', [
        el('Ид', 'ORDER_DELIVERY'),
        el('Наименование', 'Доставка заказа'),
        el('БазоваяЕдиница', 'шт', UNIT),
        el('ЦенаЗаЕдиницу', money(o.deliveryPrice)),
        el('Количество', 1),
        el('Сумма', money(o.deliveryPrice)),
        el('ЗначенияРеквизитов', [requisite('ВидНоменклатуры', 'Услуга'), requisite('ТипНоменклатуры', 'Услуга')]),
      ]),
    )
  const at = moscow(o.createdAt)
  const changed = moscow(o.updatedAt)
  return el('Документ', [
    el('Ид', String(o.id)),
    el('Номер', o.number),
    el('Дата', at.date),
    el('ХозОперация', 'Заказ товара'),
    el('Роль', 'Продавец'),
    el('Валюта', 'руб'),
    el('Курс', 1),
    el('Сумма', money(o.total)),
    el('Контрагенты', [customerXml(o)]),
    el('Время', at.time),
    el('Комментарий', o.comment),
    el('Товары', goods),
    el('ЗначенияРеквизитов', [
      requisite('Метод оплаты', pay?.title ?? o.paymentCode),
      requisite('Заказ оплачен', paid ? 'true' : 'false'),
      requisite('Способ доставки', delivery?.title ?? o.deliveryCode),
      o.address?.full
        ? requisite(
            'Адрес доставки',
            addressLine(o.address, (k, value) => t('ru', k, { value })),
          )
        : null,
      requisite('Отменен', o.status === 'cancelled' ? 'true' : 'false'),
      // The customer asked to cancel after 1C took the order (issue 25 §5): the back office answers.
      o.cancelRequestedAt !== null && o.status !== 'cancelled' ? requisite('Запрошена отмена', 'true') : null,
      requisite('Финальный статус', o.status === 'done' || o.status === 'cancelled' ? 'true' : 'false'),
      requisite('Статус заказа', t('ru', `order.status.${o.status}`)),
      requisite('Дата изменения статуса', `${changed.date} ${changed.time}`),
      o.promocode ? requisite('Промокод', o.promocode) : null,
      o.discount > 0 ? requisite('Скидка по промокоду', money(o.discount)) : null,
      site ? requisite('Сайт', site) : null,
    ]),
  ])
}
