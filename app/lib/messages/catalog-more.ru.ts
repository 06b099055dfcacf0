import type { catalogMoreEn } from './catalog-more.en'

/** Texts of issue 17's catalog additions in Russian: the same keys as `catalog-more.en.ts`. */
export const catalogMoreRu = {
  'chips.label': 'Выбранные фильтры',
  'chips.remove': 'Убрать фильтр: {label}',
  'chips.resetAll': 'Сбросить все',
  'chips.priceFrom': 'от {price}',
  'chips.priceTo': 'до {price}',
  'chips.priceRange': '{from} – {to}',
} satisfies Record<keyof typeof catalogMoreEn, string>
