import { createCallerFactory, createTRPCRouter } from './init'
import { siteRouter } from './routers/site'
import { pageRouter } from './routers/page'
import { formsRouter } from './routers/forms'
import { catalogRouter } from './routers/catalog'
import { favoritesRouter } from './routers/favorites'
import { searchRouter } from './routers/search'
import { userRouter } from './routers/user'
import { cartRouter } from './routers/cart'
import { ordersRouter } from './routers/orders'
import { servicesRouter } from './routers/services'
import { contentRouter } from './routers/content'
import { stockAlertsRouter } from './routers/stock-alerts'
import { bookingRouter } from './routers/booking'

/** One router per domain. */
export const appRouter = createTRPCRouter({
  site: siteRouter,
  page: pageRouter,
  forms: formsRouter,
  catalog: catalogRouter,
  favorites: favoritesRouter,
  search: searchRouter,
  user: userRouter,
  cart: cartRouter,
  orders: ordersRouter,
  services: servicesRouter,
  content: contentRouter,
  stockAlerts: stockAlertsRouter,
  booking: bookingRouter,
})

export type AppRouter = typeof appRouter
export const createCaller = createCallerFactory(appRouter)
