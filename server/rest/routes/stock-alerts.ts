import { defineRoute } from '../registry'
import { StockAlertInput, StockAlertResult } from '../../contracts/stock-alerts'
import { subscribeStockAlert } from '../../services/stock-alerts'

const tags = ['catalog']

export const stockAlertRoutes = [
  defineRoute({
    method: 'POST',
    path: '/stock-alert/',
    summary:
      '"Сообщить о поступлении": an e-mail (channel email) or an SMS (channel sms) once a sold-out volume is back. `id` is an offer id or a product id (its default offer). The same contact again: 200 with already=true. An offer in stock or no longer sold: 422 (errors.id); unknown id: 404; too many from one address: 429 with timeout',
    tags,
    input: StockAlertInput,
    output: StockAlertResult,
    errors: [404, 422, 429],
    handler: (input, ctx) => subscribeStockAlert(ctx, input),
  }),
]
