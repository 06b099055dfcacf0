import { addRussianTexts } from '../i18n'
import { searchRu } from './search.ru'

/**
 * Import for its effect in every module that shows a search results or favorites page's text
 * (`import '…/lib/messages/search'`): apart from the catalog section's texts, which ride in the
 * section's chunk (ADR 034). tests/unit/messages-on-demand.test.ts checks every user imports it.
 */
addRussianTexts(searchRu)
