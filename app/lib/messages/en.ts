import { shellEn } from './shell.en'
import { commerceEn } from './commerce.en'
import { catalogEn } from './catalog.en'
import { accountEn } from './account.en'
import { contentEn } from './content.en'
import { catalogMoreEn } from './catalog-more.en'
import { productEn } from './product.en'
import { searchEn } from './search.en'
import { cardsEn } from './cards.en'
import { shellMoreEn } from './shell-more.en'
import { bookingEn } from './booking.en'

/** Every UI text in English: the browser loads it only for English pages (`loadLocale` in app/lib/i18n.ts). */
export const en: Record<string, string> = {
  ...shellEn,
  ...commerceEn,
  ...catalogEn,
  ...accountEn,
  ...contentEn,
  ...catalogMoreEn,
  ...productEn,
  ...searchEn,
  ...cardsEn,
  ...shellMoreEn,
  ...bookingEn,
}
