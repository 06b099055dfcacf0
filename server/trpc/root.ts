import { createCallerFactory, createTRPCRouter } from './init'
import { siteRouter } from './routers/site'
import { pageRouter } from './routers/page'
import { formsRouter } from './routers/forms'

/** One router per domain. */
export const appRouter = createTRPCRouter({
  site: siteRouter,
  page: pageRouter,
  forms: formsRouter,
})

export type AppRouter = typeof appRouter
export const createCaller = createCallerFactory(appRouter)
