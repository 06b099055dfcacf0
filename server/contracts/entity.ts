import { z } from 'zod'

export const ENTITY_TYPES = [
  'index',
  'catalog',
  'catalog-section',
  'product',
  'services',
  'services-section',
  'service',
  'blog',
  'blog-post',
  'faq',
  'page',
  'cart',
  'checkout',
  'checkout-offline',
  'promo',
  'favorites',
  'search',
  'login',
  'registration',
  'personal-info',
  'personal-addresses',
  'personal-orders',
  'personal-order',
  'not-found',
  'redirect',
] as const
export type EntityType = (typeof ENTITY_TYPES)[number]

export const Breadcrumb = z.object({ label: z.string(), link: z.string() })
export type Breadcrumb = z.infer<typeof Breadcrumb>

export const EntityMeta = z.object({
  title: z.string(),
  description: z.string(),
  /** Canonical path (no filters/sort); absent for pages that must not be indexed. */
  canonical: z.string().optional(),
  noindex: z.boolean().optional(),
  image: z.string().optional(),
})

export const Entity = z.object({
  type: z.enum(ENTITY_TYPES),
  meta: EntityMeta,
  breadcrumbs: z.array(Breadcrumb),
  data: z.unknown(),
  status: z.number().int().optional(),
  url: z.string().optional(),
})

export interface Entity<T extends EntityType = EntityType, D = unknown> {
  type: T
  meta: z.infer<typeof EntityMeta>
  breadcrumbs: Breadcrumb[]
  data: D
  /** redirect only */
  status?: 301 | 302
  url?: string
}

const queryValue = z.union([z.string(), z.array(z.unknown()), z.record(z.string(), z.unknown())])

export const EntityInput = z.object({
  path: z.string().trim().min(1).max(2000),
  /** `query[page]=2` (object) or a raw query string `page=2&sort=new`. */
  query: z.union([z.string().max(4000), z.record(z.string(), queryValue)]).optional(),
})
export type EntityInput = z.infer<typeof EntityInput>

export { LINK_ENTITIES, PERSONAL_ENTITIES, type LinkEntity } from './links'

export const LinkInput = z.object({ entity: z.string().trim().min(1).max(100) })
