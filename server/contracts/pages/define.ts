import { z } from 'zod'

/**
 * A page type of the site, declared once beside its domain (server/contracts/pages/<domain>.ts):
 * its `type`, the path patterns it answers, whether /local/entity/ answers it too, and the
 * schema of its `data`. The server attaches a resolver to it (server/services/entities/*), the
 * client a lazily loaded component (app/features/pages/entity-registry.tsx), the OpenAPI
 * document of /api/entity/ describes its data, and the page component's props are `z.infer` of it.
 */

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
export type EntityMeta = z.infer<typeof EntityMeta>

export interface PageDeclaration<T extends string = string, S extends z.ZodType = z.ZodType> {
  type: T
  /** Path patterns with `{name}` segments, e.g. '/catalog/{section}/'. Across the site the first match wins. */
  patterns: readonly string[]
  /** Answered by /local/entity/ too (pages that need no content tables). */
  local: boolean
  /** The shape of the entity's `data`. */
  data: S
  /** What the page is, for the API document. */
  description: string
}

export function definePage<const T extends string, S extends z.ZodType>(page: {
  type: T
  pattern: string | readonly string[]
  local?: boolean
  data: S
  description: string
}): PageDeclaration<T, S> {
  return {
    type: page.type,
    patterns: typeof page.pattern === 'string' ? [page.pattern] : page.pattern,
    local: page.local ?? false,
    data: page.data,
    description: page.description,
  }
}

/** The answer of /api/entity/ for one page type. */
export interface PageEntity<T extends string, D> {
  type: T
  meta: EntityMeta
  breadcrumbs: Breadcrumb[]
  data: D
}

export type EntityOfPage<P extends PageDeclaration> = PageEntity<P['type'], z.output<P['data']>>

/** The whole entity schema of one page type: the `type` literal, meta, breadcrumbs and its data. */
export function pageEntitySchema<const T extends string, S extends z.ZodType>(page: PageDeclaration<T, S>) {
  return z
    .object({ type: z.literal(page.type), meta: EntityMeta, breadcrumbs: z.array(Breadcrumb), data: page.data })
    .meta({ id: `Entity_${page.type.replace(/-/g, '_')}`, description: page.description })
}

/** Pages whose data is loaded live by the page itself (cart lines, orders, the profile): `{}`. */
export const NoData = z.object({}).describe('No data: the page loads its live content through its own API')
