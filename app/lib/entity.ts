import type { Entity, EntityOf, EntityType, PageType } from '../../server/contracts/entity'

export type { Entity, EntityOf, EntityType, PageType }

/**
 * Props of the component of page type(s) `T`: the entity, its `data` typed by the page's
 * declared schema (server/contracts/pages/<domain>.ts). Without `T`: any page.
 */
export interface PageProps<T extends PageType = PageType> {
  entity: EntityOf<T>
}

/**
 * A site path for `<Link to>` / `navigate({ to })`. Every page is the one catch-all route, so
 * the router's typed paths cannot list them (nor the query a page reads); a `string` path is
 * what the router takes for such a route, with any `search`.
 */
export function pagePath(path: `/${string}`): string {
  return path
}
