import { asc, desc, eq, lte } from 'drizzle-orm'
import type { Ctx } from '../context'
import { catalogSections, pages, posts, products, serviceSections, services } from '../../db/schema'
import { BLOG_PAGE_SIZE } from '../contracts/content'
import { CONTENT_PAGES, countPosts, postLink } from './content'

/** `/sitemap.xml` and `/robots.txt`: every public page, read from the database. */

export interface SitemapUrl {
  /** Site path: '/catalog/shampoo/'. */
  path: string
  lastmod?: number
}

/** Paths a visitor should not find through a search engine (state, account, API). */
export const DISALLOWED_PATHS = ['/api/', '/personal/', '/cart/', '/order/', '/search/'] as const

export async function sitemapUrls(ctx: Ctx): Promise<SitemapUrl[]> {
  const out: SitemapUrl[] = [{ path: '/' }, { path: '/catalog/' }]
  const sections = await ctx.db
    .select({ id: catalogSections.id, slug: catalogSections.slug })
    .from(catalogSections)
    .orderBy(asc(catalogSections.sort), asc(catalogSections.id))
  const sectionSlug = new Map(sections.map((s) => [s.id, s.slug]))
  for (const s of sections) out.push({ path: `/catalog/${s.slug}/` })
  const productRows = await ctx.db
    .select({ slug: products.slug, sectionId: products.sectionId, createdAt: products.createdAt })
    .from(products)
    .where(eq(products.hidden, false))
    .orderBy(asc(products.id))
  for (const p of productRows) {
    const section = sectionSlug.get(p.sectionId)
    if (section) out.push({ path: `/catalog/${section}/${p.slug}/`, lastmod: p.createdAt })
  }

  out.push({ path: '/services/' })
  const serviceSectionRows = await ctx.db
    .select({ id: serviceSections.id, slug: serviceSections.slug })
    .from(serviceSections)
    .orderBy(asc(serviceSections.sort), asc(serviceSections.id))
  for (const s of serviceSectionRows) {
    out.push({ path: `/services/${s.slug}/` })
    const rows = await ctx.db
      .select({ slug: services.slug })
      .from(services)
      .where(eq(services.sectionId, s.id))
      .orderBy(asc(services.sort), asc(services.id))
    for (const sv of rows) out.push({ path: `/services/${s.slug}/${sv.slug}/` })
  }

  const now = Date.now()
  const postRows = await ctx.db
    .select({ slug: posts.slug, publishedAt: posts.publishedAt })
    .from(posts)
    .where(lte(posts.publishedAt, now))
    .orderBy(desc(posts.publishedAt))
  out.push({ path: '/blog/', lastmod: postRows[0]?.publishedAt })
  const blogPages = Math.ceil((await countPosts(ctx)) / BLOG_PAGE_SIZE)
  for (let page = 2; page <= blogPages; page++) out.push({ path: `/blog/?page=${page}` })
  for (const p of postRows) out.push({ path: postLink(p.slug), lastmod: p.publishedAt })

  out.push({ path: '/faq/' })
  out.push({ path: '/promo/' })
  const pageRows = await ctx.db.select({ slug: pages.slug }).from(pages)
  for (const slug of CONTENT_PAGES) if (pageRows.some((p) => p.slug === slug)) out.push({ path: `/${slug}/` })
  return out
}

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')

/** The sitemaps.org document with absolute URLs on this site's origin. */
export async function sitemapXml(ctx: Ctx): Promise<string> {
  const origin = ctx.origin.replace(/\/+$/, '')
  const urls = (await sitemapUrls(ctx))
    .map((u) => {
      const lastmod = u.lastmod ? `<lastmod>${new Date(u.lastmod).toISOString().slice(0, 10)}</lastmod>` : ''
      return `  <url><loc>${xmlEscape(origin + encodeURI(u.path))}</loc>${lastmod}</url>`
    })
    .join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
}

export function robotsTxt(ctx: Ctx): string {
  const origin = ctx.origin.replace(/\/+$/, '')
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PATHS.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n')
}
