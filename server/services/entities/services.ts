import type { EntityResolver } from '../entity'

/** Services, service sections and service pages: filled by the services domain. */
export const servicesEntities: EntityResolver[] = []
