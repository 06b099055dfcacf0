import { addRussianTexts } from '../i18n'
import { commerceRu } from './commerce.ru'
// The checkout's and orders' pages show cart texts too (totals, lines, "load failed").
import './commerce-cart'

/**
 * Import for its effect in every module that shows a checkout, order, payment, fast-buy or promo
 * text (`import '…/lib/messages/commerce'`): the browser's Russian dictionary gets them (and the
 * cart's, commerce-cart.ts) with that module's code instead of on every first load.
 * tests/unit/messages-on-demand.test.ts checks every user imports it.
 */
addRussianTexts(commerceRu)
