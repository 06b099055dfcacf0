import type { productEn } from './product.en'

/** The keys of `product.en.ts` shown only after an interaction: the stock alert's and the options modal's. */
export type ProductMoreKey = Extract<
  keyof typeof productEn,
  `stockAlert.${string}` | 'product.open' | 'product.loading' | 'product.options'
>

/**
 * The product texts shown only after an interaction, in Russian (the stock alert modal, the
 * product options modal): they come with those modals' chunks, not with the product page (ADR 036).
 */
export const productMoreRu = {
  'product.options': 'Варианты товара',
  'product.open': 'Страница товара',
  'product.loading': 'Загрузка…',
  'stockAlert.title': 'Сообщить о поступлении',
  'stockAlert.text': '{name}, {volume} мл. Пришлём одно сообщение, когда товар появится.',
  'stockAlert.textAny': '{name}. Пришлём одно сообщение, когда товар появится.',
  'stockAlert.channel': 'Как сообщить',
  'stockAlert.byEmail': 'По e-mail',
  'stockAlert.bySms': 'По SMS',
  'stockAlert.email': 'E-mail',
  'stockAlert.submit': 'Сообщить мне',
} satisfies Record<ProductMoreKey, string>
