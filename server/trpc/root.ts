import { createCallerFactory, createTRPCRouter } from './init'
import { siteRouter } from './routers/site'
import { pageRouter } from './routers/page'
import { formsRouter } from './routers/forms'
import { userRouter } from './routers/user'
import { cartRouter } from './routers/cart'

/** One router per domain. */
export const appRouter = createTRPCRouter({
  site: siteRouter,
  page: pageRouter,
  forms: formsRouter,
  user: userRouter,
  cart: cartRouter,
})

export type AppRouter = typeof appRouter
export const createCaller = createCallerFactory(appRouter)
