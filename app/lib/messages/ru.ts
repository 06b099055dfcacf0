import { ruFirstLoad } from './ru-first-load'
import { catalogRu } from './catalog.ru'
import { contentRu } from './content.ru'
import { catalogMoreRu } from './catalog-more.ru'
import { productRu } from './product.ru'
import { productMoreRu } from './product-more.ru'
import { searchRu } from './search.ru'
import { cardsRu } from './cards.ru'
import { shellMoreRu } from './shell-more.ru'
import { formRu } from './form.ru'
import { commerceRu } from './commerce.ru'
import { commerceCartRu } from './commerce-cart.ru'
import { accountRu } from './account.ru'
import { accountLoginRu } from './account-login.ru'
import { bookingRu } from './booking.ru'

/** Every UI text in Russian, the default locale (the server's dictionary; see ru-first-load.ts for the browser's). */
export const ru: Record<string, string> = {
  ...ruFirstLoad,
  ...catalogRu,
  ...contentRu,
  ...catalogMoreRu,
  ...productRu,
  ...productMoreRu,
  ...searchRu,
  ...cardsRu,
  ...shellMoreRu,
  ...formRu,
  ...commerceRu,
  ...commerceCartRu,
  ...accountRu,
  ...accountLoginRu,
  ...bookingRu,
}
