import { addRussianTexts } from '../i18n'
import { commerceRu } from './commerce.ru'

/**
 * Import for its effect in every module that shows a cart, checkout, order or promo text
 * (`import '…/lib/messages/commerce'`): the browser's Russian dictionary gets them with that
 * module's code instead of on every first load. tests/unit/messages-on-demand.test.ts checks
 * every user imports it.
 */
addRussianTexts(commerceRu)
