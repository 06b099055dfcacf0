import { t } from '../../../server/contracts/i18n'
import { addApiTexts } from '../i18n'

/**
 * Import for its effect in every module that shows an API or validation message through `t()`
 * (`import '…/lib/messages/api'`, e.g. the password hint's rules): the browser gets
 * server/contracts/i18n.ts, both locales, with that module's code, not on every first load.
 * tests/unit/messages-on-demand.test.ts checks every user imports it.
 */
addApiTexts(t)
