import { registerMessages, t } from '../../contracts/i18n'

/**
 * Texts of the sale exchange: why 1C's file or one of its documents is refused (1C shows the
 * line after `failure` to the person running the exchange) and what 1C said, for the order's
 * history. Russian, like the rest of the exchange (server/exchange/messages.ts).
 */
registerMessages({
  en: {
    'exchange1c.sale.empty': 'empty file',
    'exchange1c.sale.doctype': 'DOCTYPE is not allowed in an exchange file',
    'exchange1c.sale.badXml': 'malformed XML: {detail}',
    'exchange1c.sale.badXmlAt': 'malformed XML: {detail} (line {line})',
    'exchange1c.sale.noRoot': 'no root element КоммерческаяИнформация',
    'exchange1c.sale.emptyDocument': 'document {n}: empty',
    'exchange1c.sale.noNumber': 'document {n}: neither Номер nor Ид',
    'exchange1c.sale.noOrders': 'the file has no «Заказ товара» documents',
    'exchange1c.sale.unknownStatus': 'unknown order status «{status}»',
    'exchange1c.sale.unknownOrder': 'order not found',
    'exchange1c.sale.internal': 'internal error',
    'exchange1c.sale.detail.status': 'status «{status}»',
    'exchange1c.sale.detail.order': 'order No. {number}',
    'exchange1c.sale.detail.payment': 'payment of {date}',
    'exchange1c.sale.detail.paymentNumber': 'payment No. {number} of {date}',
    'exchange1c.sale.detail.shipment': 'shipment of {date}',
    'exchange1c.sale.detail.shipmentNumber': 'shipment No. {number} of {date}',
    'exchange1c.sale.detail.cancelled': 'cancelled',
    'exchange1c.sale.detail.deleted': 'marked for deletion',
  },
  ru: {
    'exchange1c.sale.empty': 'пустой файл',
    'exchange1c.sale.doctype': 'DOCTYPE в файле обмена не допускается',
    'exchange1c.sale.badXml': 'некорректный XML: {detail}',
    'exchange1c.sale.badXmlAt': 'некорректный XML: {detail} (строка {line})',
    'exchange1c.sale.noRoot': 'нет корневого элемента КоммерческаяИнформация',
    'exchange1c.sale.emptyDocument': 'документ {n}: пустой',
    'exchange1c.sale.noNumber': 'документ {n}: нет ни Номера, ни Ид',
    'exchange1c.sale.noOrders': 'в файле нет документов «Заказ товара»',
    'exchange1c.sale.unknownStatus': 'неизвестный статус заказа «{status}»',
    'exchange1c.sale.unknownOrder': 'заказ не найден',
    'exchange1c.sale.internal': 'внутренняя ошибка',
    'exchange1c.sale.detail.status': 'статус «{status}»',
    'exchange1c.sale.detail.order': 'заказ № {number}',
    'exchange1c.sale.detail.payment': 'оплата от {date}',
    'exchange1c.sale.detail.paymentNumber': 'оплата № {number} от {date}',
    'exchange1c.sale.detail.shipment': 'отгрузка от {date}',
    'exchange1c.sale.detail.shipmentNumber': 'отгрузка № {number} от {date}',
    'exchange1c.sale.detail.cancelled': 'отменён',
    'exchange1c.sale.detail.deleted': 'помечен на удаление',
  },
})

/** A sale exchange text, in Russian (the exchange's language). */
export const saleText = (key: string, params?: Record<string, string | number>) =>
  t('ru', `exchange1c.sale.${key}`, params)
