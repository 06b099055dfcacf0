import { createCallerFactory, createTRPCRouter } from './init'
import { siteRouter } from './routers/site'

/** One router per domain. */
export const appRouter = createTRPCRouter({
  site: siteRouter,
})

export type AppRouter = typeof appRouter
export const createCaller = createCallerFactory(appRouter)
