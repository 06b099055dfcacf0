import { addRussianTexts } from '../i18n'
import { formRu } from './form.ru'

/**
 * Import for its effect in every module that shows a form's own text (`import '…/lib/messages/form'`):
 * FormBlock and the phone field carry them (ADR 037). tests/unit/messages-on-demand.test.ts checks
 * every user imports it.
 */
addRussianTexts(formRu)
