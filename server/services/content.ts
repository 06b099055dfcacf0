import { and, asc, desc, eq, lte, ne, sql } from 'drizzle-orm'
import sanitize from 'sanitize-html'
import type { Ctx } from '../context'
import { faqGroups, faqItems, pages, posts, products, siteOptions } from '../../db/schema'
import type { ProductCard } from '../contracts/catalog'
import {
  BLOG_PAGE_SIZE,
  RELATED_POSTS,
  type FaqGroup,
  type PostCard,
  type PostData,
  type PostList,
} from '../contracts/content'
import { cardsFor } from './catalog'
import { localized, localizedText } from '../contracts/localized'
import { cachedByContent } from '../cache'

/**
 * Blog, FAQ and content pages. Rich HTML from the database is sanitized here, on the server,
 * with sanitize-html (an allow-list parser, not a regex) before any page or API sees it.
 */

// --- Sanitizer --------------------------------------------------------------------------

const SANITIZE: sanitize.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'strong',
    'b',
    'em',
    'i',
    'blockquote',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'caption',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'], img: ['src', 'width', 'height', 'alt'], th: ['scope'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // The page's only <h1> is its title: stray top-level headings become sections.
    h1: 'h2',
    a: (tagName, attribs) => {
      const href = attribs.href ?? ''
      const external = /^https?:\/\//i.test(href)
      return {
        tagName,
        attribs: external
          ? { ...attribs, rel: 'noopener noreferrer nofollow', target: '_blank' }
          : { href, ...(attribs.title ? { title: attribs.title } : {}) },
      }
    },
    // Sized, lazy and async-decoded: no layout shift and nothing blocks the first paint.
    img: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, alt: attribs.alt ?? '', loading: 'lazy', decoding: 'async' },
    }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
}
// Attributes added by transformTags must be allowed too.
;(SANITIZE.allowedAttributes as Record<string, string[]>).img?.push('loading', 'decoding')

const sanitizedCache = new Map<string, string>()

/** Safe HTML for the page: allowed tags and attributes only; scripts, handlers, styles dropped. */
export function sanitizeRichHtml(html: string): string {
  const hit = sanitizedCache.get(html)
  if (hit !== undefined) return hit
  const clean = sanitize(html, SANITIZE)
  if (sanitizedCache.size > 500) sanitizedCache.clear()
  sanitizedCache.set(html, clean)
  return clean
}

/** Plain text of an HTML fragment (for reading time and JSON-LD). */
export function htmlToText(html: string): string {
  return sanitize(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim()
}

/** Minutes to read, at 180 words a minute (a typical silent-reading pace for Russian), at least 1. */
export const WORDS_PER_MINUTE = 180
const minutesCache = new Map<string, number>()
export function readingMinutes(html: string): number {
  const hit = minutesCache.get(html)
  if (hit !== undefined) return hit
  const words = htmlToText(html)
    .split(' ')
    .filter((w) => /[\p{L}\p{N}]/u.test(w)).length
  const minutes = Math.max(1, Math.ceil(words / WORDS_PER_MINUTE))
  if (minutesCache.size > 500) minutesCache.clear()
  minutesCache.set(html, minutes)
  return minutes
}

/** A text cut at a word boundary for a meta description (at most `max` characters). */
export function metaDescription(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim()
  if (clean.length <= max) return clean
  const cut = clean.slice(0, max - 1)
  return cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).replace(/[,;:.\s]+$/, '') + '…'
}

// --- Blog ---------------------------------------------------------------------------------

export const postLink = (slug: string) => `/blog/${slug}/`
const BLOG_COVER = { width: 1200, height: 630 }

const postColumns = {
  id: posts.id,
  slug: posts.slug,
  title: posts.title,
  titleEn: posts.titleEn,
  excerpt: posts.excerpt,
  excerptEn: posts.excerptEn,
  image: posts.image,
  tags: posts.tags,
  publishedAt: posts.publishedAt,
  html: posts.html,
  htmlEn: posts.htmlEn,
}
type PostRow = {
  id: number
  slug: string
  title: string
  titleEn: string | null
  excerpt: string
  excerptEn: string | null
  image: string
  tags: string[]
  publishedAt: number
  html: string
  htmlEn: string | null
}

/** The blog's tags in English (site option `blogTagsEn`, seeded); a tag without one stays as it is. */
async function blogTags(ctx: Ctx, tags: string[]): Promise<string[]> {
  if (ctx.locale !== 'en') return tags
  const names = await cachedByContent(ctx.db, 'blog-tags-en', async () => {
    const [row] = await ctx.db.select().from(siteOptions).where(eq(siteOptions.key, 'blogTagsEn'))
    return (row?.value ?? {}) as Record<string, string>
  })
  return tags.map((tag) => names[tag] ?? tag)
}

/** Scheduled posts (published in the future) stay hidden until their date. */
const published = () => lte(posts.publishedAt, Date.now())

async function toPostCard(ctx: Ctx, row: PostRow): Promise<PostCard> {
  const title = localized(row, 'title', ctx.locale)
  const excerpt = localized(row, 'excerpt', ctx.locale)
  const html = localizedText(row, 'html', ctx.locale)
  const tags = await blogTags(ctx, row.tags)
  const ruOnly = [
    ...(title.ru ? ['title'] : []),
    ...(excerpt.ru ? ['excerpt'] : []),
    ...(tags.some((tag) => /[А-Яа-яЁё]/.test(tag)) ? ['tags'] : []),
  ]
  return {
    id: row.id,
    title: title.value,
    link: postLink(row.slug),
    excerpt: excerpt.value,
    image: { src: row.image, ...BLOG_COVER, alt: '' },
    publishedAt: new Date(row.publishedAt).toISOString(),
    readingTime: readingMinutes(html),
    tags,
    ...(ruOnly.length ? { ruOnly } : {}),
  }
}

export async function countPosts(ctx: Ctx): Promise<number> {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)` })
    .from(posts)
    .where(published())
  return row?.n ?? 0
}

/** Newest first; `page` beyond the last gives an empty list (the entity turns that into a 404). */
export async function listPosts(ctx: Ctx, page = 1, pageSize = BLOG_PAGE_SIZE): Promise<PostList> {
  const total = await countPosts(ctx)
  const rows = await ctx.db
    .select(postColumns)
    .from(posts)
    .where(published())
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
  return {
    items: await Promise.all(rows.map((row) => toPostCard(ctx, row))),
    total,
    page,
    pageSize,
    pages: Math.max(1, Math.ceil(total / pageSize)),
  }
}

export async function latestPosts(ctx: Ctx, limit = 3): Promise<PostCard[]> {
  return (await listPosts(ctx, 1, limit)).items
}

/** Related posts: most tags in common first, then the newest; topped up with the latest posts. */
export async function relatedPosts(
  ctx: Ctx,
  post: { id: number; tags: string[] },
  limit = RELATED_POSTS,
): Promise<PostCard[]> {
  const others = await ctx.db
    .select(postColumns)
    .from(posts)
    .where(and(published(), ne(posts.id, post.id)))
    .orderBy(desc(posts.publishedAt), desc(posts.id))
  const tags = new Set(post.tags)
  const scored = others.map((row, order) => ({ row, order, shared: row.tags.filter((t) => tags.has(t)).length }))
  scored.sort((a, b) => b.shared - a.shared || a.order - b.order)
  return Promise.all(scored.slice(0, limit).map((s) => toPostCard(ctx, s.row)))
}

export async function getPost(ctx: Ctx, slug: string): Promise<PostData | null> {
  const [row] = await ctx.db
    .select(postColumns)
    .from(posts)
    .where(and(eq(posts.slug, slug), published()))
  if (!row) return null
  const card = await toPostCard(ctx, row)
  const html = localized(row, 'html', ctx.locale)
  const ruOnly = [...(card.ruOnly ?? []), ...(html.ru ? ['html'] : [])]
  return {
    post: {
      ...card,
      image: { ...card.image, alt: card.title },
      html: sanitizeRichHtml(html.value),
      ...(ruOnly.length ? { ruOnly } : {}),
    },
    related: await relatedPosts(ctx, row),
  }
}

// --- FAQ ------------------------------------------------------------------------------------

export async function faqList(ctx: Ctx): Promise<FaqGroup[]> {
  const groups = await ctx.db
    .select({ id: faqGroups.id, slug: faqGroups.slug, title: faqGroups.title, titleEn: faqGroups.titleEn })
    .from(faqGroups)
    .orderBy(asc(faqGroups.sort), asc(faqGroups.id))
  const items = await ctx.db
    .select({
      id: faqItems.id,
      groupId: faqItems.groupId,
      question: faqItems.question,
      questionEn: faqItems.questionEn,
      answer: faqItems.answer,
      answerEn: faqItems.answerEn,
    })
    .from(faqItems)
    .orderBy(asc(faqItems.sort), asc(faqItems.id))
  return groups
    .map((g) => {
      const title = localized(g, 'title', ctx.locale)
      return {
        id: g.id,
        slug: g.slug,
        title: title.value,
        ...(title.ru ? { ruOnly: ['title'] } : {}),
        items: items
          .filter((i) => i.groupId === g.id)
          .map((i) => {
            const question = localized(i, 'question', ctx.locale)
            const answer = localized(i, 'answer', ctx.locale)
            const ruOnly = [...(question.ru ? ['question'] : []), ...(answer.ru ? ['answer'] : [])]
            return {
              id: i.id,
              question: question.value,
              answer: sanitizeRichHtml(answer.value),
              ...(ruOnly.length ? { ruOnly } : {}),
            }
          }),
      }
    })
    .filter((g) => g.items.length > 0)
}

// --- Content pages --------------------------------------------------------------------------

export const CONTENT_PAGES = ['about', 'delivery', 'payment', 'privacy', 'requisites'] as const

export async function getContentPage(ctx: Ctx, slug: string) {
  if (!(CONTENT_PAGES as readonly string[]).includes(slug)) return null
  const [page] = await ctx.db
    .select({
      slug: pages.slug,
      title: pages.title,
      titleEn: pages.titleEn,
      description: pages.description,
      descriptionEn: pages.descriptionEn,
      html: pages.html,
      htmlEn: pages.htmlEn,
    })
    .from(pages)
    .where(eq(pages.slug, slug))
  if (!page) return null
  const html = localized(page, 'html', ctx.locale)
  return {
    slug: page.slug,
    title: localizedText(page, 'title', ctx.locale),
    description: localizedText(page, 'description', ctx.locale),
    html: sanitizeRichHtml(html.value),
    ...(html.ru ? { ruOnly: ['html'] } : {}),
  }
}

// --- Popular products for the home page -------------------------------------------------------

/** The most popular products in stock first, as the catalog's cards (contract §3). */
export async function popularProductCards(ctx: Ctx, limit = 8): Promise<ProductCard[]> {
  const rows = await ctx.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.hidden, false))
    .orderBy(desc(sql`${products.totalStock} > 0`), desc(products.popularity), asc(products.id))
    .limit(limit)
  return cardsFor(
    ctx,
    rows.map((r) => r.id),
  )
}
