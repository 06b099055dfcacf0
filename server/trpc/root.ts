import { createCallerFactory, createTRPCRouter } from './init'
import { siteRouter } from './routers/site'
import { pageRouter } from './routers/page'
import { formsRouter } from './routers/forms'
import { cartRouter } from './routers/cart'

/** One router per domain. */
export const appRouter = createTRPCRouter({
  site: siteRouter,
  page: pageRouter,
  forms: formsRouter,
  cart: cartRouter,
})

export type AppRouter = typeof appRouter
export const createCaller = createCallerFactory(appRouter)
