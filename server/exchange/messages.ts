import { registerMessages, t, type Locale } from '../contracts/i18n'

/**
 * Texts of the 1C exchange. 1C shows the line after `failure` / `progress` to the person
 * running the exchange, so the reasons say what is wrong and where (Russian by default).
 */
registerMessages({
  ru: {
    'exchange1c.auth.missing': 'Нужна авторизация HTTP Basic (логин и пароль обмена с сайтом)',
    'exchange1c.auth.wrong': 'Неверный логин или пароль обмена с сайтом',
    'exchange1c.auth.throttled': 'Слишком много неверных попыток входа с этого адреса: повторите через {seconds} с',
    'exchange1c.cookie.missing': 'Нет cookie сеанса обмена: сначала mode=checkauth',
    'exchange1c.cookie.expired': 'Сеанс обмена истёк или неизвестен: повторите mode=checkauth',
    'exchange1c.type.unknown': 'Неизвестный type={type}: ожидается catalog или sale',
    'exchange1c.mode.unknown': 'Неизвестный mode={mode} для type={type}',
    'exchange1c.method': 'mode=file принимает только POST',
    'exchange1c.filename.missing': 'Не указан filename',
    'exchange1c.filename.bad': 'Недопустимое имя файла: {filename}',
    'exchange1c.file.tooBig': 'Часть файла больше file_limit ({limit} байт)',
    'exchange1c.file.missing': 'Файл {filename} не загружен',
    'exchange1c.file.kind':
      'Неизвестный файл {filename}: ожидаются import*.xml, offers*.xml, prices*.xml или rests*.xml',
    'exchange1c.zip.bad': 'Не удалось распаковать архив: {detail}',
    'exchange1c.zip.done': 'Архив распакован',
    'exchange1c.zip.tooBig':
      'Архив {filename} распаковывается больше чем в {mb} МБ (EXCHANGE_1C_UNZIP_MAX, EXCHANGE_1C_UNZIP_RATIO): не распакован',
    'exchange1c.file.total': 'Файл {filename} больше {limit} байт (EXCHANGE_1C_FILE_MAX)',
    'exchange1c.sale.tooBig': 'Файл заказов {filename} больше {mb} МБ',
    'exchange1c.xml.bad': 'Файл {filename} — неверный XML: {detail}',
    'exchange1c.xml.root': 'Файл {filename}: корневой элемент не КоммерческаяИнформация',
    'exchange1c.xml.empty': 'Файл {filename}: нет ни Каталога, ни ПакетаПредложений',
    'exchange1c.product.id': 'Товар без Ид или без Наименования (позиция {n})',
    'exchange1c.product.duplicate': 'Товар {id} встречается в файле дважды',
    'exchange1c.group.unknown': 'Товар {id}: неизвестная группа {group}',
    'exchange1c.group.none': 'Товар {id}: не указана группа',
    'exchange1c.property.unknown': 'Товар {id}: неизвестное свойство {property}',
    'exchange1c.image.missing': 'Товар {id}: картинка {path} не загружена',
    'exchange1c.offer.id': 'Предложение без Ид (позиция {n})',
    'exchange1c.offer.duplicate': 'Предложение {id} встречается в файле дважды',
    'exchange1c.offer.product': 'Предложение {id}: неизвестный товар {product}',
    'exchange1c.offer.unknown': 'Предложение {id} неизвестно сайту: сначала нужен offers.xml',
    'exchange1c.price.nan': 'Предложение {id}: цена «{value}» — не число',
    'exchange1c.price.negative': 'Предложение {id}: отрицательная цена {value}',
    'exchange1c.price.type': 'Предложение {id}: неизвестный тип цен {type}',
    'exchange1c.price.retail': 'В файле нет типа цен «{name}» (PRICE_TYPE_1C)',
    'exchange1c.stock.nan': 'Предложение {id}: остаток «{value}» — не число',
    'exchange1c.stock.negative': 'Предложение {id}: отрицательный остаток {value}',
    'exchange1c.store.unknown': 'Предложение {id}: неизвестный склад {store}',
    'exchange1c.ids.full': 'Закончились номера товаров или предложений сайта',
    'exchange1c.progress.read': 'Прочитано {percent}% файла {filename}',
    'exchange1c.progress.write': 'Записано {done} из {total}',
    'exchange1c.progress.finish': 'Завершение импорта {filename}',
    'exchange1c.done': 'Импорт {filename} завершён',
    'exchange1c.internal': 'Внутренняя ошибка сайта: {detail}',
  },
  en: {
    'exchange1c.auth.missing': 'HTTP Basic authorization required (the exchange login and password)',
    'exchange1c.auth.wrong': 'Wrong exchange login or password',
    'exchange1c.auth.throttled': 'Too many wrong sign-in attempts from this address: try again in {seconds} s',
    'exchange1c.cookie.missing': 'No exchange session cookie: call mode=checkauth first',
    'exchange1c.cookie.expired': 'The exchange session expired or is unknown: call mode=checkauth again',
    'exchange1c.type.unknown': 'Unknown type={type}: catalog or sale expected',
    'exchange1c.mode.unknown': 'Unknown mode={mode} for type={type}',
    'exchange1c.method': 'mode=file accepts POST only',
    'exchange1c.filename.missing': 'No filename given',
    'exchange1c.filename.bad': 'Filename not allowed: {filename}',
    'exchange1c.file.tooBig': 'The part is larger than file_limit ({limit} bytes)',
    'exchange1c.file.missing': 'File {filename} was not uploaded',
    'exchange1c.file.kind': 'Unknown file {filename}: import*.xml, offers*.xml, prices*.xml or rests*.xml expected',
    'exchange1c.zip.bad': 'Could not unpack the archive: {detail}',
    'exchange1c.zip.done': 'Archive unpacked',
    'exchange1c.zip.tooBig':
      'Archive {filename} unpacks to more than {mb} MB (EXCHANGE_1C_UNZIP_MAX, EXCHANGE_1C_UNZIP_RATIO): not unpacked',
    'exchange1c.file.total': 'File {filename} is larger than {limit} bytes (EXCHANGE_1C_FILE_MAX)',
    'exchange1c.sale.tooBig': 'The orders file {filename} is larger than {mb} MB',
    'exchange1c.xml.bad': 'File {filename} is not valid XML: {detail}',
    'exchange1c.xml.root': 'File {filename}: the root element is not КоммерческаяИнформация',
    'exchange1c.xml.empty': 'File {filename}: neither Каталог nor ПакетПредложений',
    'exchange1c.product.id': 'A product without Ид or Наименование (item {n})',
    'exchange1c.product.duplicate': 'Product {id} appears twice in the file',
    'exchange1c.group.unknown': 'Product {id}: unknown group {group}',
    'exchange1c.group.none': 'Product {id}: no group given',
    'exchange1c.property.unknown': 'Product {id}: unknown property {property}',
    'exchange1c.image.missing': 'Product {id}: image {path} was not uploaded',
    'exchange1c.offer.id': 'An offer without Ид (item {n})',
    'exchange1c.offer.duplicate': 'Offer {id} appears twice in the file',
    'exchange1c.offer.product': 'Offer {id}: unknown product {product}',
    'exchange1c.offer.unknown': 'Offer {id} is unknown to the site: offers.xml must come first',
    'exchange1c.price.nan': 'Offer {id}: price "{value}" is not a number',
    'exchange1c.price.negative': 'Offer {id}: negative price {value}',
    'exchange1c.price.type': 'Offer {id}: unknown price type {type}',
    'exchange1c.price.retail': 'The file has no price type "{name}" (PRICE_TYPE_1C)',
    'exchange1c.stock.nan': 'Offer {id}: stock "{value}" is not a number',
    'exchange1c.stock.negative': 'Offer {id}: negative stock {value}',
    'exchange1c.store.unknown': 'Offer {id}: unknown warehouse {store}',
    'exchange1c.ids.full': 'The site ran out of product or offer ids',
    'exchange1c.progress.read': 'Read {percent}% of {filename}',
    'exchange1c.progress.write': 'Written {done} of {total}',
    'exchange1c.progress.finish': 'Finishing the import of {filename}',
    'exchange1c.done': 'Import of {filename} complete',
    'exchange1c.internal': 'Internal error of the site: {detail}',
  },
})

export type MessageKey = `exchange1c.${string}`

/** A refusal of the exchange: its message key and parameters, worded in the caller's locale. */
export class Refused extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super(t('ru', key, params))
  }
  text(locale: Locale) {
    return t(locale, this.key, this.params)
  }
}

export const msg = (locale: Locale, key: MessageKey, params?: Record<string, string | number>) => t(locale, key, params)
