import { addRussianTexts } from '../i18n'
import { contentRu } from './content.ru'

/**
 * Import for its effect in every module that shows a home, blog, services or FAQ text
 * (`import '…/lib/messages/content'`): the browser's Russian dictionary gets them with that
 * module's code instead of on every first load. tests/unit/messages-on-demand.test.ts checks
 * every user imports it.
 */
addRussianTexts(contentRu)
