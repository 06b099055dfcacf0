import { RouteTable } from './registry'
import { routeModules } from './routes'

/** Every REST route, in one table: the catch-all /api/$ handler and /api/composite/ both dispatch through it. */
export const apiTable = new RouteTable()
apiTable.add(routeModules(apiTable).flat())
