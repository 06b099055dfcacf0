import type { EntityResolver } from '../entity'

/** Catalog, sections, products, search and favorites pages: filled by the catalog domain. */
export const catalogEntities: EntityResolver[] = []
