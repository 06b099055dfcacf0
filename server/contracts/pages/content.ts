import { z } from 'zod'
import { definePage } from './define'
import { ImageRef, ProductCard } from '../catalog'
import { FaqGroup, PostCard, PostList } from '../content'
import { ServiceCard } from '../services'
import { SectionLink } from '../site'

/** The home page, the blog, the FAQ and the text pages (about, delivery, …). */

export const HomeData = z.object({
  hero: z.object({ title: z.string(), subtitle: z.string(), image: ImageRef, link: z.string() }),
  sections: z.array(SectionLink),
  products: z.array(ProductCard),
  services: z.array(ServiceCard),
  posts: z.array(PostCard),
})

export const PostData = z.object({
  post: PostCard.extend({ html: z.string() }),
  related: z.array(PostCard),
})

export const FaqData = z.object({ groups: z.array(FaqGroup) })

export const ContentPageData = z.object({
  slug: z.string(),
  title: z.string(),
  html: z.string(),
  ruOnly: z.array(z.string()).optional(),
})

export const homePage = definePage({
  type: 'index',
  pattern: '/',
  data: HomeData,
  description: 'The home page: hero, catalog sections, popular products, featured services, latest posts',
})

export const blogPage = definePage({
  type: 'blog',
  pattern: '/blog/',
  data: PostList,
  description: 'The blog, one page of posts (`?page=`)',
})

export const blogPostPage = definePage({
  type: 'blog-post',
  pattern: '/blog/{slug}/',
  data: PostData,
  description: 'One blog post (sanitised HTML) and related posts',
})

export const faqPage = definePage({
  type: 'faq',
  pattern: '/faq/',
  data: FaqData,
  description: 'Questions and answers, by group',
})

export const contentPage = definePage({
  type: 'page',
  pattern: '/{slug}/',
  data: ContentPageData,
  description: 'A text page (about, delivery, payment, privacy, requisites)',
})

/** In match order. */
export const contentPages = [homePage, blogPage, blogPostPage, faqPage, contentPage] as const
