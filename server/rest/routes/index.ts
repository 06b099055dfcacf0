import type { RouteDef, RouteTable } from '../registry'
import { siteRoutes } from './site'
import { compositeRoutes } from './composite'
import { pageRoutes } from './pages'
import { formRoutes } from './forms'
import { docsRoutes } from './docs'
import { catalogRoutes } from './catalog'
import { accountRoutes } from './account'
import { cartRoutes } from './cart'
import { orderRoutes } from './orders'
import { contentRoutes } from './content'
import { stockAlertRoutes } from './stock-alerts'
import { bookingRoutes } from './booking'

/** One line per domain. The batch and documentation routes read the whole `table` they are added to. */
export const routeModules = (table: RouteTable): RouteDef[][] => [
  siteRoutes,
  compositeRoutes(table),
  pageRoutes,
  formRoutes,
  docsRoutes(table),
  catalogRoutes,
  cartRoutes,
  orderRoutes,
  accountRoutes,
  contentRoutes,
  stockAlertRoutes,
  bookingRoutes,
]
