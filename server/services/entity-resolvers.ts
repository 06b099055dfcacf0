import type { EntityResolver } from './entity'
import { contentEntities } from './entities/content'
import { catalogEntities } from './entities/catalog'
import { servicesEntities } from './entities/services'
import { commerceEntities } from './entities/commerce'
import { accountEntities } from './entities/account'

/** Every page pattern of the site, first match wins. One line per domain. */
export const entityResolvers: EntityResolver[] = [
  ...contentEntities,
  ...catalogEntities,
  ...servicesEntities,
  ...commerceEntities,
  ...accountEntities,
]
