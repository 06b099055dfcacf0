import type { catalogEn } from './catalog.en'

/** Texts of the catalog and its sections, in Russian: the same keys as `catalog.en.ts`. */
export const catalogRu = {
  'catalog.filters': 'Фильтры',
  'catalog.filtersLoadFailed': 'Фильтры не загрузились: нет связи. Проверьте интернет и попробуйте ещё раз',
  'catalog.filtersShow': 'Показать товары: {count}',
  'catalog.filtersReset': 'Сбросить фильтры',
  'catalog.sort': 'Сортировка',
  'catalog.found': 'Товаров: {count}',
  'catalog.empty': 'Нет товаров с такими фильтрами',
  'catalog.showMore': 'Показать ещё',
  'catalog.pages': 'Страницы',
  'catalog.page': 'Страница {page}',
  'catalog.prev': 'Предыдущая страница',
  'catalog.next': 'Следующая страница',
  'catalog.sections': 'Категории',
} satisfies Record<keyof typeof catalogEn, string>
