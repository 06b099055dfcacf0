import type { Entity as EntityShape, EntityType } from '../../server/contracts/entity'

export type { EntityType }
export type Entity = EntityShape
export type EntityOf<T extends EntityType, D> = EntityShape<T, D>

/** Props every page component receives. */
export interface PageProps<D = unknown> {
  entity: EntityShape<EntityType, D>
}
