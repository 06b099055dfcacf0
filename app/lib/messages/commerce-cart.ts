import { addRussianTexts } from '../i18n'
import { commerceCartRu } from './commerce-cart.ru'

/**
 * Import for its effect in every module that shows a cart page text (`cart.*` of
 * commerce-cart.ru.ts: `import '…/lib/messages/commerce-cart'`): the cart page's chunk carries
 * these and not the checkout's and orders' texts. `commerce.ts` imports it too, so a module
 * importing `commerce` has them. tests/unit/messages-on-demand.test.ts checks every user.
 */
addRussianTexts(commerceCartRu)
