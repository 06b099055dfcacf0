import { createTRPCRouter, publicProcedure } from '../init'
import { StockAlertInput } from '../../contracts/stock-alerts'
import { subscribeStockAlert } from '../../services/stock-alerts'

export const stockAlertsRouter = createTRPCRouter({
  /** "Сообщить о поступлении": see POST /api/stock-alert/. */
  subscribe: publicProcedure.input(StockAlertInput).mutation(({ ctx, input }) => subscribeStockAlert(ctx, input)),
})
