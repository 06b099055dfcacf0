import type { Ctx } from '../../context'
import {
  PAGE_SIZE,
  type CatalogFilter,
  type SearchResult,
  type Sort,
  type SuggestResult,
} from '../../contracts/catalog'
import { normalizeText, switchLayout, transliterate, words } from '../../contracts/text-variants'
import { appliedFilter, cardsFor, listCatalog } from '../catalog'
import { ownerOf } from '../owner'
import { contentHits, rankedPage, rankedProductIds as productIds } from './engine'
import { resolveQuery } from './query'

/**
 * Russian-aware search: the typed text is stemmed and rewritten by ./query.ts, matched by the
 * full-text engine (./engine.ts: ./fts.ts or ./fts-pg.ts, the only engine-specific modules), and the products found take the
 * catalog's filters and sort through the catalog's own listing (../catalog). The index is filled
 * by ./indexer.ts.
 */

export { normalizeText, switchLayout, transliterate, words }
export { stem, withinOne } from './stem'
export { rebuildSearchIndex, reindexProducts } from './indexer'

async function names(ctx: Ctx, ids: number[]): Promise<string[]> {
  return [...new Set((await cardsFor(ctx, ids.slice(0, 6), null)).map((c) => c.name))]
}

/**
 * GET /api/search/: products first (paginated), then services, posts and FAQ. The products found
 * take the catalog's filters and sort (issue 17): facets over the matches come with every answer;
 * without `sort` and filters the products stay in order of relevance.
 */
export async function search(
  ctx: Ctx,
  input: { s: string; page: number; sort?: Sort | undefined; filter?: CatalogFilter | undefined },
): Promise<SearchResult> {
  const pageSize = PAGE_SIZE
  const empty: SearchResult = {
    items: [],
    total: 0,
    page: input.page,
    pageSize,
    suggestions: [],
    corrected: null,
    groups: { services: [], posts: [], faq: [] },
  }
  const resolved = await resolveQuery(ctx.db, input.s, false)
  if (!resolved) return empty
  const { match } = resolved.plan
  const filter = input.filter ?? {}
  const applied = appliedFilter(filter)
  const byRelevance = input.sort === undefined && Object.keys(applied).length === 0
  const listing = await listCatalog(
    ctx,
    { page: input.page, pageSize, sort: input.sort ?? 'popular', filter },
    { match, products: !byRelevance },
  )
  let items: SearchResult['items']
  let total: number
  if (byRelevance) {
    const found = await rankedPage(ctx.db, match, pageSize, (input.page - 1) * pageSize)
    total = found.total
    items = await cardsFor(ctx, found.ids, ownerOf(ctx))
  } else {
    items = listing.products.items
    total = listing.products.total
  }
  // The first page by relevance starts with the top six: their names are on the cards in hand.
  const topNames =
    byRelevance && input.page === 1
      ? [...new Set(items.slice(0, 6).map((c) => c.name))]
      : await names(ctx, await productIds(ctx.db, match, 6, 0))
  return {
    items,
    total,
    page: input.page,
    pageSize,
    suggestions: [...(resolved.corrected ? [resolved.corrected] : []), ...topNames].slice(0, 6),
    corrected: resolved.corrected,
    groups: {
      services: await contentHits(ctx.db, match, 'service', 5),
      posts: await contentHits(ctx.db, match, 'post', 5),
      faq: await contentHits(ctx.db, match, 'faq', 5),
    },
    filters: listing.filters,
    ...(input.sort !== undefined ? { sort: input.sort } : {}),
    sorts: listing.sorts,
    applied: listing.applied,
  }
}

/** As-you-type suggestions for the header dropdown (the last word is a prefix). */
export async function suggest(ctx: Ctx, input: { s: string }): Promise<SuggestResult> {
  const s = input.s.trim()
  if (s.length < 2) return { suggestions: [], products: [], corrected: null }
  const resolved = await resolveQuery(ctx.db, s, true)
  if (!resolved) return { suggestions: [], products: [], corrected: null }
  const ids = await productIds(ctx.db, resolved.plan.match, 6, 0)
  return {
    suggestions: await names(ctx, ids),
    products: await cardsFor(ctx, ids.slice(0, 4), ownerOf(ctx)),
    corrected: resolved.corrected,
  }
}
