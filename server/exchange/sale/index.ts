/**
 * The sale side of the 1C exchange (`type=sale`, docs/1c-exchange.md), CommerceML 2.10 order
 * documents as 1C-Bitrix writes them and 1C's "Обмен с сайтом" (УТ 11, УНФ, Розница) reads them.
 *
 * `mode=query` — `saleQuery`: every order 1C has not acknowledged (`exported_at` null) or that
 * changed after it was acknowledged (`updated_at > exported_at`: paid online, cancelled by the
 * customer), oldest first, at most QUERY_LIMIT per call (the rest come with the next exchange).
 * The ids sent and the moment of the query are remembered in `exchange_imports` (session
 * `sale`, file `sale-query`, state `{orderIds, queriedAt}`): a row survives between the query
 * and the success call even when they reach different processes, and no migration was needed.
 *
 * `mode=success` — `saleSuccess`: those orders get `exported_at = queriedAt` (the moment of the
 * query, not of the success: a change that happened in between is sent again next time).
 *
 * `mode=file` — `saleImport`: the documents 1C sends back. The whole file is checked first (XML
 * well-formed, no DOCTYPE, the root `КоммерческаяИнформация`, at least one `Документ` of
 * `ХозОперация` "Заказ товара", each with `Номер` or `Ид`): a broken file is refused with the
 * reason and changes nothing. Then each document, in its own transaction, is matched to an order
 * (`Номер` = our number, else `Ид` = our id or number) and its requisites applied through
 * `server/services/order-status.ts` — see SALE_STATUS_NAMES and `targetOf` for the mapping. An
 * unknown order or a refused move is reported per order (answer `failure` with every reason, the
 * other documents applied).
 */

export { QUERY_LIMIT, saleQuery, saleSuccess } from './query'
export { moscow } from './xml'
export {
  parseSaleFile,
  SALE_STATUS_NAMES,
  statusFromName,
  targetOf,
  type SaleDocResult,
  type SaleDocument,
} from './parse'
export { applySaleDocument, saleImport } from './apply'
