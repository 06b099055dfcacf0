import type { searchEn } from './search.en'

/** Texts of the search results and favorites pages, in Russian: the same keys as `search.en.ts`. */
export const searchRu = {
  'favorites.empty': 'В избранном пока пусто',
  'favorites.emptyHint': 'Нажмите на сердечко у товара, чтобы сохранить его здесь',
  'favorites.toCatalog': 'Перейти в каталог',
  'search.label': 'Поиск',
  'search.placeholder': 'Шампунь, маска, бренд…',
  'search.submit': 'Найти',
  'search.enter': 'Введите, что вы ищете: товар, бренд или услугу',
  'search.nothing': 'По запросу «{query}» ничего не найдено',
  'search.nothingHint': 'Проверьте написание, сократите запрос или загляните в каталог',
  'search.corrected': 'Показаны результаты по запросу «{query}»',
  'search.products': 'Товары',
  'search.services': 'Услуги',
  'search.posts': 'Блог',
  'search.faq': 'Вопросы и ответы',
  'search.total': 'Найдено товаров: {count}',
  'search.relevance': 'По релевантности',
  'search.filters': 'Фильтры результатов',
} satisfies Record<keyof typeof searchEn, string>
