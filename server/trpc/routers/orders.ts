import { authedProcedure, createTRPCRouter, publicProcedure } from '../init'
import {
  CancelInput,
  CheckoutInput,
  FastBuyInput,
  OrderConfirmInput,
  OrderIdInput,
  OrderPhoneCodeInput,
} from '../../contracts/orders'
import * as orders from '../../services/orders'

export const ordersRouter = createTRPCRouter({
  delivery: publicProcedure.query(({ ctx }) => orders.deliveryList(ctx)),
  payment: publicProcedure.query(({ ctx }) => orders.paymentList(ctx)),
  cancelReasons: publicProcedure.query(({ ctx }) => orders.cancelReasonList(ctx)),
  checkoutOptions: publicProcedure.query(({ ctx }) => orders.checkoutOptions(ctx)),
  checkout: publicProcedure.input(CheckoutInput).mutation(({ ctx, input }) => orders.checkout(ctx, input, 'online')),
  checkoutOffline: publicProcedure
    .input(CheckoutInput)
    .mutation(({ ctx, input }) => orders.checkout(ctx, input, 'offline')),
  fastBuy: publicProcedure.input(FastBuyInput).mutation(({ ctx, input }) => orders.fastBuy(ctx, input)),
  list: authedProcedure.query(({ ctx }) => orders.listOrders(ctx)),
  get: publicProcedure.input(OrderIdInput).query(({ ctx, input }) => orders.getOrder(ctx, input.id)),
  phoneCode: publicProcedure.input(OrderPhoneCodeInput).mutation(({ ctx, input }) => orders.sendOrderCode(ctx, input)),
  confirm: publicProcedure.input(OrderConfirmInput).mutation(({ ctx, input }) => orders.confirmOrder(ctx, input)),
  cancel: publicProcedure.input(CancelInput).mutation(({ ctx, input }) => orders.cancelOrder(ctx, input)),
  invoice: publicProcedure.input(OrderIdInput).query(({ ctx, input }) => orders.invoiceData(ctx, input.id)),
  pay: publicProcedure.input(OrderIdInput).mutation(({ ctx, input }) => orders.payOrder(ctx, input)),
})
