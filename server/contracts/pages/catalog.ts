import { z } from 'zod'
import { definePage } from './define'
import { CatalogListing, FavoritesList, ProductDetail, SearchResult } from '../catalog'

/** The catalog, its sections, products, search and favorites. */

export const CatalogSectionInfo = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  /** Fields shown in Russian on an English page because they have no translation (issue 17). */
  ruOnly: z.array(z.string()).optional(),
  link: z.string(),
})

export const CatalogData = CatalogListing.extend({
  /** The section listed; absent on /catalog/ itself. */
  section: CatalogSectionInfo.optional(),
  /** Every section, for the side menu. */
  sections: z.array(z.object({ slug: z.string(), title: z.string(), link: z.string() })),
})

export const SearchPageData = SearchResult.extend({ query: z.string() })

export const catalogPage = definePage({
  type: 'catalog',
  pattern: '/catalog/',
  data: CatalogData,
  description: 'The whole catalog: sections, one page of products, facets and sorts',
})

export const catalogSectionPage = definePage({
  type: 'catalog-section',
  pattern: '/catalog/{section}/',
  data: CatalogData.extend({ section: CatalogSectionInfo }),
  description: 'One catalog section: the same listing, limited to the section',
})

export const productPage = definePage({
  type: 'product',
  pattern: '/catalog/{section}/{product}/',
  data: ProductDetail,
  description: 'A product: gallery, offers (volumes), properties, related products (`?offer=` preselects a volume)',
})

export const searchPage = definePage({
  type: 'search',
  pattern: '/search/',
  local: true,
  data: SearchPageData,
  description: 'Search results for `?s=`: products (with facets), services, posts and FAQ answers',
})

export const favoritesPage = definePage({
  type: 'favorites',
  pattern: '/favorites/',
  local: true,
  data: FavoritesList,
  description: "The visitor's favorite products",
})

/** In match order. */
export const catalogPages = [catalogPage, catalogSectionPage, productPage, searchPage, favoritesPage] as const
