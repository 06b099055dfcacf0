/**
 * The catalog: listings with faceted filters (listing.ts, filter.ts, facets.ts), product cards
 * (cards.ts), sections and product pages (product.ts), the hidden-products flag (hidden.ts).
 * Every query goes through drizzle's query builder; the search index's SQL lives in ../search/fts.ts.
 */
export { anyHidden, hiddenChanged } from './hidden'
export { cardsFor, defaultOffer, favoriteIds, productLink } from './cards'
export { appliedFilter, listCatalog, sortOptions, type ListingOptions } from './listing'
export { catalogSection, catalogSections, productDetail, productExists, productOptions } from './product'
