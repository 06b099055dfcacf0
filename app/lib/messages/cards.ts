import { addRussianTexts } from '../i18n'
import { cardsRu } from './cards.ru'

/**
 * Import for its effect in every module that shows a product card's text
 * (`import '…/lib/messages/cards'`): the browser's Russian dictionary gets them with that
 * module's code instead of on every first load. tests/unit/messages-on-demand.test.ts checks
 * every user imports it.
 */
addRussianTexts(cardsRu)
