import { shellRu } from './shell.ru'
import { catalogRu } from './catalog.ru'
import { contentRu } from './content.ru'
import { catalogMoreRu } from './catalog-more.ru'

/**
 * The Russian texts every page's first load carries in the browser: the shell, the catalog
 * (product cards, add to cart, favorites) and the content pages. The cart, checkout, order and
 * account texts come with the code that shows them (`app/lib/messages/commerce.ts`,
 * `account.ts`); the server has every text (`ru.ts`).
 */
export const ruFirstLoad: Record<string, string> = {
  ...shellRu,
  ...catalogRu,
  ...contentRu,
  ...catalogMoreRu,
}
