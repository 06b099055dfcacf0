import { eq } from 'drizzle-orm'
import { pages } from '../../../db/schema'
import type { EntityResolver } from '../entity'
import { crumbs } from '../entity'
import { getSiteDescription, getSiteOptions } from '../site'

const CONTENT_PAGES = ['about', 'delivery', 'payment', 'privacy', 'requisites']

export const contentEntities: EntityResolver[] = [
  {
    pattern: '/',
    resolve: (ctx) => ({
      type: 'index',
      meta: { title: getSiteOptions(ctx).title, description: getSiteDescription(ctx), canonical: '/' },
      breadcrumbs: [],
      data: {},
    }),
  },
  {
    pattern: '/{slug}/',
    resolve: (ctx, { slug = '' }) => {
      if (!CONTENT_PAGES.includes(slug)) return null
      const page = ctx.db.select().from(pages).where(eq(pages.slug, slug)).get()
      if (!page) return null
      const title = ctx.locale === 'en' ? page.titleEn : page.title
      return {
        type: 'page',
        meta: { title, description: page.description, canonical: `/${slug}/` },
        breadcrumbs: crumbs(ctx, { label: title, link: `/${slug}/` }),
        data: { slug, title, html: page.html },
      }
    },
  },
]
