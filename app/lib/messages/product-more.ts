import { addRussianTexts } from '../i18n'
import { productMoreRu } from './product-more.ru'

/**
 * Import for its effect in every module that shows a stock alert's or the product options modal's
 * text (`import '…/lib/messages/product-more'`): those modals' chunks carry them, the product page
 * does not (ADR 036). tests/unit/messages-on-demand.test.ts checks every user imports it.
 */
addRussianTexts(productMoreRu)
