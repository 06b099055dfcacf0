import { addRussianTexts } from '../i18n'
import { catalogRu } from './catalog.ru'

/**
 * Import for its effect in every module that shows a catalog, product, search or favorites text
 * (`import '…/lib/messages/catalog'`): the browser's Russian dictionary gets them with that
 * module's code instead of on every first load. tests/unit/messages-on-demand.test.ts checks
 * every user imports it.
 */
addRussianTexts(catalogRu)
