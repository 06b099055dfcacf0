import { z } from 'zod'
import { Breadcrumb, EntityMeta, pageEntitySchema, type EntityOfPage, type PageEntity } from './pages/define'
import { PAGES, type DeclaredPage } from './pages'

export { Breadcrumb, EntityMeta, type PageEntity }

/** Any path no page answers (HTTP 404 on /api/entity/). */
export const NotFoundEntity = z
  .object({ type: z.literal('not-found'), meta: EntityMeta, breadcrumbs: z.array(Breadcrumb), data: z.null() })
  .meta({ id: 'Entity_not_found', description: 'No page at this path (answered with HTTP 404)' })

/** A stored redirect, or a page that sends this visitor elsewhere (personal pages → /login/). */
export const RedirectEntity = z
  .object({
    type: z.literal('redirect'),
    status: z.union([z.literal(301), z.literal(302)]),
    url: z.string(),
    meta: EntityMeta,
    breadcrumbs: z.array(Breadcrumb),
    data: z.null(),
  })
  .meta({ id: 'Entity_redirect', description: 'Go to `url` (`status` 301 or 302)' })

/** The answer of /api/entity/: one schema per page type, told apart by `type`. */
export const Entity = z.discriminatedUnion('type', [
  pageEntitySchema(PAGES[0]),
  ...PAGES.slice(1).map(pageEntitySchema),
  NotFoundEntity,
  RedirectEntity,
])

type EntityMap = { [P in DeclaredPage as P['type']]: EntityOfPage<P> } & {
  'not-found': z.output<typeof NotFoundEntity>
  redirect: z.output<typeof RedirectEntity>
}

export type EntityType = keyof EntityMap
/** Every type a page component renders (a redirect is followed, never rendered). */
export type PageType = Exclude<EntityType, 'redirect'>
export type EntityOf<T extends EntityType> = EntityMap[T]
export type Entity = EntityOf<EntityType>
export type RedirectEntity = EntityOf<'redirect'>
export type NotFoundEntity = EntityOf<'not-found'>

export const ENTITY_TYPES: readonly EntityType[] = [...PAGES.map((p) => p.type), 'not-found', 'redirect']

const queryValue = z.union([z.string(), z.array(z.unknown()), z.record(z.string(), z.unknown())])

/**
 * The longest path and query string (without `?`) of a page address: the server entry refuses a
 * longer address with 414 before rendering (server/http/request-path.ts).
 */
export const MAX_PAGE_PATH = 2000
export const MAX_PAGE_QUERY = 4000

export const EntityInput = z.object({
  path: z.string().trim().min(1).max(MAX_PAGE_PATH),
  /** `query[page]=2` (object) or a raw query string `page=2&sort=new`. */
  query: z.union([z.string().max(MAX_PAGE_QUERY), z.record(z.string(), queryValue)]).optional(),
})
export type EntityInput = z.infer<typeof EntityInput>

export { LINK_ENTITIES, PERSONAL_ENTITIES, type LinkEntity } from './links'

export const LinkInput = z.object({ entity: z.string().trim().min(1).max(100) })
