import { shellRu } from './shell.ru'
import { commerceRu } from './commerce.ru'
import { catalogRu } from './catalog.ru'
import { accountRu } from './account.ru'
import { contentRu } from './content.ru'
import { catalogMoreRu } from './catalog-more.ru'

/** Every UI text in Russian, the default locale: part of every page's JavaScript. */
export const ru: Record<string, string> = {
  ...shellRu,
  ...commerceRu,
  ...catalogRu,
  ...accountRu,
  ...contentRu,
  ...catalogMoreRu,
}
