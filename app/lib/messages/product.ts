import { addRussianTexts } from '../i18n'
import { productRu } from './product.ru'

/**
 * Import for its effect in every module that shows a product page's, product modal's or stock
 * alert's text (`import '…/lib/messages/product'`): apart from the catalog listing's texts, so each
 * page's chunk carries its own (ADR 034). tests/unit/messages-on-demand.test.ts checks every user imports it.
 */
addRussianTexts(productRu)
