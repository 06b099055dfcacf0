import { z } from 'zod'
import { defineRoute } from '../registry'
import * as catalog from '../../services/catalog'
import * as favorites from '../../services/favorites'
import * as searchService from '../../services/search'
import {
  CatalogListing,
  CatalogQuery,
  FavoriteAddInput,
  FavoriteRemoveInput,
  FavoritesList,
  Offer,
  ImageRef,
  ProductOptionsInput,
  SearchInput,
  SearchResult,
  SuggestInput,
  SuggestResult,
} from '../../contracts/catalog'

const none = z.object({}).passthrough()
const mutation = FavoritesList.extend({ success: z.boolean(), message: z.string() })

export const catalogRoutes = [
  defineRoute({
    method: 'GET',
    path: '/catalog-list/',
    summary:
      'A page of product cards with facet counts (query as the catalog entity: section, filter[...], sort, page, page_size)',
    tags: ['catalog'],
    input: CatalogQuery,
    output: CatalogListing,
    errors: [404],
    handler: (input, ctx) => catalog.listCatalog(ctx, input),
  }),
  defineRoute({
    method: 'GET',
    path: '/product-options/',
    summary: "A product's volumes with prices and stock (the product-options modal)",
    tags: ['catalog'],
    input: ProductOptionsInput,
    output: z.object({
      id: z.number(),
      name: z.string(),
      link: z.string(),
      image: ImageRef,
      offers: z.array(Offer),
      offerId: z.number(),
    }),
    errors: [404],
    handler: (input, ctx) => catalog.productOptions(ctx, input.id),
  }),
  defineRoute({
    method: 'GET',
    path: '/search/',
    summary:
      'Product search (then services, posts and FAQ in `groups`); word forms, wrong keyboard layout, transliteration, one-letter typos',
    tags: ['search'],
    input: SearchInput,
    output: SearchResult,
    handler: (input, ctx) => searchService.search(ctx, input),
  }),
  defineRoute({
    method: 'GET',
    path: '/search-suggest/',
    summary: 'As-you-type suggestions for the header search (under 2 characters: empty)',
    tags: ['search'],
    input: SuggestInput,
    output: SuggestResult,
    handler: (input, ctx) => searchService.suggest(ctx, input),
  }),
  defineRoute({
    method: 'GET',
    path: '/favorites-list/',
    summary: "The caller's favorites",
    tags: ['favorites'],
    input: none,
    output: FavoritesList,
    handler: (_, ctx) => favorites.listFavorites(ctx),
  }),
  defineRoute({
    method: 'POST',
    path: '/favorites-list/',
    summary: 'Adds a product (idempotent); unknown product 404',
    tags: ['favorites'],
    input: FavoriteAddInput,
    output: mutation,
    errors: [404],
    handler: async (input, ctx) => ({ success: true, message: '', ...(await favorites.addFavorite(ctx, input.id)) }),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/favorites-list/',
    summary: 'Removes {id} or {id: [ids]}; unknown ids are ignored',
    tags: ['favorites'],
    input: FavoriteRemoveInput,
    output: mutation,
    handler: async (input, ctx) => ({
      success: true,
      message: '',
      ...(await favorites.removeFavorites(ctx, input.id)),
    }),
  }),
]
