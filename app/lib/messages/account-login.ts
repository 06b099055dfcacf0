import { addRussianTexts } from '../i18n'
import { accountLoginRu } from './account-login.ru'

/**
 * Import for its effect in every module that shows only the sign-in page's frame texts
 * (`import '…/lib/messages/account-login'`: login page, login panel, social buttons); account.ts
 * imports it too. tests/unit/messages-on-demand.test.ts checks every user imports one of them.
 */
addRussianTexts(accountLoginRu)
