import type { productEn } from './product.en'
import type { ProductMoreKey } from './product-more.ru'

/**
 * Texts of the product page's first render, in Russian: the keys of `product.en.ts` except those
 * shown only after an interaction (product-more.ru.ts: the stock alert and options modals, ADR 036).
 */
export const productRu = {
  'product.left': 'Осталось: {stock}',
  'product.volume': 'Объём',
  'product.volumeValue': '{volume} мл',
  'product.properties': 'Характеристики',
  'product.description': 'Описание',
  'product.related': 'С этим товаром смотрят',
  'product.gallery': 'Фото {index}',
  'cart.quantity': 'Количество',
  'fastBuy.button': 'Купить в 1 клик',
} satisfies Record<Exclude<keyof typeof productEn, ProductMoreKey>, string>
