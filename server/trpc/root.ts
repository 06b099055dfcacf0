import { createCallerFactory, createTRPCRouter } from './init'
import { siteRouter } from './routers/site'
import { pageRouter } from './routers/page'

/** One router per domain. */
export const appRouter = createTRPCRouter({
  site: siteRouter,
  page: pageRouter,
})

export type AppRouter = typeof appRouter
export const createCaller = createCallerFactory(appRouter)
