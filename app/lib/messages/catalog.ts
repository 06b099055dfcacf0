import { addRussianTexts } from '../i18n'
import { catalogRu } from './catalog.ru'
import { catalogMoreRu } from './catalog-more.ru'

/**
 * Import for its effect in every module that shows a catalog, search or favorites
 * page's text, from `catalog.ru.ts` or `catalog-more.ru.ts` (`import '…/lib/messages/catalog'`):
 * the browser's Russian dictionary gets them with that module's code instead of on every first
 * load, in one chunk for both. tests/unit/messages-on-demand.test.ts checks every user imports it.
 */
addRussianTexts({ ...catalogRu, ...catalogMoreRu })
