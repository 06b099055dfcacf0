import { z } from 'zod'
import { int } from './common'
import type { ProductCard } from './catalog'
import type { ServiceCard } from './services'

/** Blog, FAQ, content pages and the home page: shapes shared by the server and the pages. */

export const BLOG_PAGE_SIZE = 6
export const RELATED_POSTS = 3

const Image = z.object({ src: z.string(), width: z.number().int(), height: z.number().int(), alt: z.string() })
export type ImageRef = z.infer<typeof Image>

export const PostCard = z.object({
  id: z.number().int(),
  title: z.string(),
  link: z.string(),
  excerpt: z.string(),
  image: Image,
  /** ISO date-time. */
  publishedAt: z.string(),
  readingTime: z.number().int(),
  tags: z.array(z.string()),
  /** Fields shown in Russian on an English page because they have no translation (issue 17). */
  ruOnly: z.array(z.string()).optional(),
})
export type PostCard = z.infer<typeof PostCard>

export const PostList = z.object({
  items: z.array(PostCard),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pages: z.number().int(),
})
export type PostList = z.infer<typeof PostList>

export const PostListInput = z.object({ page: int().pipe(z.number().min(1).max(10_000)).optional().default(1) })

export interface PostData {
  post: PostCard & { html: string }
  related: PostCard[]
}

export const FaqGroup = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  ruOnly: z.array(z.string()).optional(),
  items: z.array(
    z.object({
      id: z.number().int(),
      question: z.string(),
      answer: z.string(),
      ruOnly: z.array(z.string()).optional(),
    }),
  ),
})
export type FaqGroup = z.infer<typeof FaqGroup>
export interface FaqData {
  groups: FaqGroup[]
}

export interface ContentPageData {
  slug: string
  title: string
  html: string
  ruOnly?: string[]
}

export interface HomeData {
  hero: { title: string; subtitle: string; image: ImageRef; link: string }
  sections: { id: number; title: string; link: string }[]
  products: ProductCard[]
  services: ServiceCard[]
  posts: PostCard[]
}
