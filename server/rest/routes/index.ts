import type { RouteDef } from '../registry'
import { siteRoutes } from './site'
import { compositeRoutes } from './composite'

/** One line per domain. */
export const routeModules: RouteDef[][] = [siteRoutes, compositeRoutes]
