import { addRussianTexts } from '../i18n'
import { accountRu } from './account.ru'
// The sign-in page's frame texts (tabs, social sign-in) too.
import './account-login'

/**
 * Import for its effect in every module that shows an account text
 * (`import '…/lib/messages/account'`): the browser's Russian dictionary gets them with that
 * module's code instead of on every first load. tests/unit/messages-on-demand.test.ts checks
 * every user imports it.
 */
addRussianTexts(accountRu)
