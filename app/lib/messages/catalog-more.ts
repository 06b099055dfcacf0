import { addRussianTexts } from '../i18n'
import { catalogMoreRu } from './catalog-more.ru'

/**
 * Import for its effect in every module that shows an add-to-cart, filter-chip or search-filter text
 * (`import '…/lib/messages/catalog-more'`): the browser's Russian dictionary gets them with that
 * module's code instead of on every first load. tests/unit/messages-on-demand.test.ts checks
 * every user imports it.
 */
addRussianTexts(catalogMoreRu)
