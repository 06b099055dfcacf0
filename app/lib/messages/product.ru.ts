import type { productEn } from './product.en'

/** Texts of the product page, its parts and modals, in Russian: the same keys as `product.en.ts`. */
export const productRu = {
  'product.left': 'Осталось: {stock}',
  'product.volume': 'Объём',
  'product.volumeValue': '{volume} мл',
  'product.options': 'Варианты товара',
  'product.open': 'Страница товара',
  'product.properties': 'Характеристики',
  'product.description': 'Описание',
  'product.related': 'С этим товаром смотрят',
  'product.gallery': 'Фото {index}',
  'product.loading': 'Загрузка…',
  'stockAlert.title': 'Сообщить о поступлении',
  'stockAlert.text': '{name}, {volume} мл. Пришлём одно сообщение, когда товар появится.',
  'stockAlert.textAny': '{name}. Пришлём одно сообщение, когда товар появится.',
  'stockAlert.channel': 'Как сообщить',
  'stockAlert.byEmail': 'По e-mail',
  'stockAlert.bySms': 'По SMS',
  'stockAlert.email': 'E-mail',
  'stockAlert.submit': 'Сообщить мне',
  'cart.quantity': 'Количество',
  'fastBuy.button': 'Купить в 1 клик',
} satisfies Record<keyof typeof productEn, string>
