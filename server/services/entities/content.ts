import { t } from '../../contracts/i18n'
import { crumbs, type Resolvers, type Query } from './page'
import type { contentPages } from '../../contracts/pages/content'
import { catalogSectionLinks, getSiteDescription, getSiteOptions } from '../site'
import type { ContentPageData, FaqData, HomeData, PostList } from '../../contracts/content'
import {
  faqList,
  getContentPage,
  getPost,
  latestPosts,
  listPosts,
  metaDescription,
  popularProductCards,
} from '../content'
import { featuredServices } from '../services'

/** `?page=` of a listing: absent → 1; anything but a whole number ≥ 1 → null (the page is not found). */
export function pageParam(query: Query): number | null {
  const raw = query.page
  if (raw === undefined || raw === '') return 1
  if (typeof raw !== 'string' || !/^\d{1,6}$/.test(raw)) return null
  const n = Number(raw)
  return n >= 1 ? n : null
}

export const HERO_IMAGE = { src: '/images/hero.svg', width: 1920, height: 560, alt: '' }

export const contentResolvers: Resolvers<typeof contentPages> = {
  index: async (ctx) => {
    const [options, description, sections, products, services, posts] = await Promise.all([
      getSiteOptions(ctx),
      getSiteDescription(ctx),
      catalogSectionLinks(ctx),
      popularProductCards(ctx, 8),
      featuredServices(ctx, 6),
      latestPosts(ctx, 3),
    ])
    const data: HomeData = {
      hero: { title: options.title, subtitle: description, image: HERO_IMAGE, link: '/catalog/' },
      sections,
      products,
      services,
      posts,
    }
    return {
      type: 'index',
      meta: {
        title: options.title,
        description: metaDescription(description),
        canonical: '/',
        image: HERO_IMAGE.src,
      },
      breadcrumbs: [],
      data,
    }
  },
  blog: async (ctx, _params, query) => {
    const page = pageParam(query)
    if (page === null) return null
    const list: PostList = await listPosts(ctx, page)
    if (page > list.pages) return null
    const title = t(ctx.locale, 'page.blog')
    return {
      type: 'blog',
      meta: {
        title: page > 1 ? t(ctx.locale, 'page.blogPage', { page }) : title,
        description: t(ctx.locale, 'page.blogDescription'),
        // Each page of a listing is its own canonical (Google's guidance for paginated series).
        canonical: page > 1 ? `/blog/?page=${page}` : '/blog/',
      },
      breadcrumbs: crumbs(ctx, { label: title, link: '/blog/' }),
      data: list,
    }
  },
  'blog-post': async (ctx, { slug = '' }) => {
    const data = await getPost(ctx, slug)
    if (!data) return null
    return {
      type: 'blog-post',
      meta: {
        title: data.post.title,
        description: metaDescription(data.post.excerpt),
        canonical: data.post.link,
        image: data.post.image.src,
      },
      breadcrumbs: crumbs(
        ctx,
        { label: t(ctx.locale, 'page.blog'), link: '/blog/' },
        { label: data.post.title, link: data.post.link },
      ),
      data,
    }
  },
  faq: async (ctx) => {
    const title = t(ctx.locale, 'page.faq')
    const data: FaqData = { groups: await faqList(ctx) }
    return {
      type: 'faq',
      meta: {
        title,
        description: t(ctx.locale, 'page.faqDescription'),
        canonical: '/faq/',
      },
      breadcrumbs: crumbs(ctx, { label: title, link: '/faq/' }),
      data,
    }
  },
  page: async (ctx, { slug = '' }) => {
    const page = await getContentPage(ctx, slug)
    if (!page) return null
    const data: ContentPageData = { slug: page.slug, title: page.title, html: page.html }
    return {
      type: 'page',
      meta: { title: page.title, description: metaDescription(page.description), canonical: `/${slug}/` },
      breadcrumbs: crumbs(ctx, { label: page.title, link: `/${slug}/` }),
      data,
    }
  },
}
