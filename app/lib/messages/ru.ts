import { ruFirstLoad } from './ru-first-load'
import { commerceRu } from './commerce.ru'
import { commerceCartRu } from './commerce-cart.ru'
import { accountRu } from './account.ru'

/** Every UI text in Russian, the default locale (the server's dictionary; see ru-first-load.ts for the browser's). */
export const ru: Record<string, string> = {
  ...ruFirstLoad,
  ...commerceRu,
  ...commerceCartRu,
  ...accountRu,
}
