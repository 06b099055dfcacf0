import type { cardsEn } from './cards.en'

/** Texts of a product card in Russian: the same keys as `cards.en.ts`. */
export const cardsRu = {
  'product.inStock': 'В наличии',
  'product.outOfStock': 'Нет в наличии',
  'product.chooseVolume': 'Выбрать объём',
  'product.oldPrice': 'Обычная цена',
  'product.discount': '−{value}',
  'favorites.failed': 'Не удалось изменить избранное. Попробуйте ещё раз',
  'stockAlert.button': 'Сообщить о поступлении',
  'cart.inCartGo': 'В корзине — перейти',
  'cart.addedNote': 'Добавлено в корзину: {count} шт.',
  'cart.goToCart': 'Перейти в корзину',
  'cart.add': 'В корзину',
  'cart.adding': 'Добавляем…',
  'price.per100': '{price} / 100 мл',
} satisfies Record<keyof typeof cardsEn, string>
