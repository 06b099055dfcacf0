import type { RouteDef } from '../registry'
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

/** One line per domain. */
export const routeModules: RouteDef[][] = [
  siteRoutes,
  compositeRoutes,
  pageRoutes,
  formRoutes,
  docsRoutes,
  catalogRoutes,
  cartRoutes,
  orderRoutes,
  accountRoutes,
  contentRoutes,
  stockAlertRoutes,
]
