import type { Entity, EntityOf, EntityType, PageType } from '../../server/contracts/entity'

export type { Entity, EntityOf, EntityType, PageType }

/**
 * Props of the component of page type(s) `T`: the entity, its `data` typed by the page's
 * declared schema (server/contracts/pages/<domain>.ts). Without `T`: any page.
 */
export interface PageProps<T extends PageType = PageType> {
  entity: EntityOf<T>
}
