import { createTRPCRouter, publicProcedure } from '../init'
import * as catalog from '../../services/catalog'
import { CatalogQuery, ProductOptionsInput } from '../../contracts/catalog'
import { popularSections } from '../../services/popular-sections'

export const catalogRouter = createTRPCRouter({
  /** A page of cards; `facets: false` for "show more" (only the next page is needed). */
  list: publicProcedure
    .input(CatalogQuery)
    .query(({ ctx, input }) => catalog.listCatalog(ctx, input, { facets: false })),
  listing: publicProcedure.input(CatalogQuery).query(({ ctx, input }) => catalog.listCatalog(ctx, input)),
  productOptions: publicProcedure
    .input(ProductOptionsInput)
    .query(({ ctx, input }) => catalog.productOptions(ctx, input.id)),
  sections: publicProcedure.query(({ ctx }) => catalog.catalogSections(ctx)),
  /** The most popular sections (the 404 page's links). */
  popularSections: publicProcedure.query(({ ctx }) => popularSections(ctx)),
})
