import { t } from '../../contracts/i18n'
import { crumbs, type Resolvers, type Query } from './page'
import type { catalogPages } from '../../contracts/pages/catalog'
import { CatalogQuery, SearchInput } from '../../contracts/catalog'
import { catalogSection, catalogSections, listCatalog, productDetail } from '../catalog'
import { search } from '../search'
import { listFavorites } from '../favorites'

/** The query of a listing page: lenient (a hand-edited URL still renders, bad parts dropped). */
const listingQuery = (query: Query, section?: string) => {
  const parsed = CatalogQuery.safeParse({ ...query, section, pageSize: undefined })
  return parsed.success ? parsed.data : CatalogQuery.parse({ section })
}

/** Catalog, sections, products, search and favorites pages. */
export const catalogResolvers: Resolvers<typeof catalogPages> = {
  catalog: async (ctx, _params, query) => {
    const title = t(ctx.locale, 'page.catalog')
    return {
      type: 'catalog',
      meta: {
        title,
        description: t(ctx.locale, 'page.catalogDescription'),
        canonical: '/catalog/',
      },
      breadcrumbs: crumbs(ctx, { label: title, link: '/catalog/' }),
      data: { sections: await catalogSections(ctx), ...(await listCatalog(ctx, listingQuery(query))) },
    }
  },
  'catalog-section': async (ctx, { section: slug = '' }, query) => {
    const section = await catalogSection(ctx, slug)
    if (!section) return null
    const catalog = t(ctx.locale, 'page.catalog')
    return {
      type: 'catalog-section',
      meta: { title: section.title, description: section.description, canonical: section.link },
      breadcrumbs: crumbs(ctx, { label: catalog, link: '/catalog/' }, { label: section.title, link: section.link }),
      data: {
        section,
        sections: await catalogSections(ctx),
        ...(await listCatalog(ctx, listingQuery(query, section.slug))),
      },
    }
  },
  product: async (ctx, { section = '', product = '' }, query) => {
    const p = await productDetail(ctx, section, product)
    if (!p) return null
    // `?offer=<id>` (links from the YML feed, server/services/feed.ts) opens the page on that volume.
    const wanted = Number(query.offer)
    if (p.offers.some((o) => o.id === wanted)) p.offerId = wanted
    const catalog = t(ctx.locale, 'page.catalog')
    const description = p.description.length > 200 ? p.description.slice(0, 197) + '…' : p.description
    return {
      type: 'product',
      meta: { title: `${p.name} — ${p.brand.name}`, description, canonical: p.link, image: p.image.src },
      breadcrumbs: crumbs(
        ctx,
        { label: catalog, link: '/catalog/' },
        { label: p.section.title, link: p.section.link },
        { label: p.name, link: p.link },
      ),
      data: p,
    }
  },
  search: async (ctx, _params, query) => {
    const title = t(ctx.locale, 'page.search')
    const parsed = SearchInput.safeParse({
      s: typeof query.s === 'string' ? query.s : '',
      page: query.page,
      sort: query.sort,
      filter: query.filter,
    })
    return {
      type: 'search',
      meta: { title, description: '', noindex: true },
      breadcrumbs: crumbs(ctx, { label: title, link: '/search/' }),
      data: parsed.success
        ? { query: parsed.data.s, ...(await search(ctx, parsed.data)) }
        : {
            query: '',
            items: [],
            total: 0,
            page: 1,
            pageSize: 0,
            suggestions: [],
            corrected: null,
            groups: { services: [], posts: [], faq: [] },
          },
    }
  },
  favorites: async (ctx) => {
    const title = t(ctx.locale, 'page.favorites')
    return {
      type: 'favorites',
      meta: { title, description: '', noindex: true },
      breadcrumbs: crumbs(ctx, { label: title, link: '/favorites/' }),
      data: await listFavorites(ctx),
    }
  },
}
