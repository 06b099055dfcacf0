import { eq } from 'drizzle-orm'
import type { Ctx } from '../context'
import { redirects } from '../../db/schema'
import type { Entity, EntityInput } from '../contracts/entity'
import { LINK_ENTITIES, PERSONAL_ENTITIES, type LinkEntity } from '../contracts/entity'
import { parseBracketPairs } from '../contracts/bracket-pairs'
import { notFound } from '../errors'
import { entityRoutes } from './entity-resolvers'
import { notFoundEntity, redirectEntity, type Query } from './entities/page'
import { callerFavorites, isSharedType, sharedEntity, withHearts, type SharedEntity } from './entity-cache'

export { crumbs, notFoundEntity, redirectEntity, type Query } from './entities/page'

/** '/catalog/shampoo' → '/catalog/shampoo/'; query strings and fragments are dropped. */
export function normalizePagePath(raw: string): string {
  let path = raw.split(/[?#]/, 1)[0] ?? '/'
  try {
    path = decodeURI(path)
  } catch {
    // keep it raw: it will simply not match
  }
  path = path.replace(/\/{2,}/g, '/')
  if (!path.startsWith('/')) path = '/' + path
  if (!path.endsWith('/')) path += '/'
  return path
}

export function parseEntityQuery(query: EntityInput['query'], path: string): Query {
  const inPath = path.includes('?') ? path.slice(path.indexOf('?') + 1) : ''
  const fromPath = inPath ? parseBracketPairs(new URLSearchParams(inPath).entries()) : {}
  if (query === undefined) return fromPath
  if (typeof query === 'string')
    return { ...fromPath, ...parseBracketPairs(new URLSearchParams(query.replace(/^\?/, '')).entries()) }
  return { ...fromPath, ...query }
}

/**
 * Runs the page resolvers for a path: the stored redirects first, then every matching pattern
 * in order until one answers. With `sharedOnly`, answers null as soon as a pattern of a page that
 * is not shared (entity-cache.ts) matches, before its resolver runs.
 */
async function resolvePath(
  ctx: Ctx,
  path: string,
  query: Query,
  opts: { localOnly?: boolean; sharedOnly?: boolean },
): Promise<Entity | null> {
  if (!opts.localOnly) {
    const [redirect] = await ctx.db.select().from(redirects).where(eq(redirects.fromPath, path))
    if (redirect) return redirectEntity(redirect.toPath, redirect.status === 301 ? 301 : 302)
  }
  for (const { type, re, names, local, resolve } of entityRoutes) {
    if (opts.localOnly && !local) continue
    const m = re.exec(path)
    if (!m) continue
    if (opts.sharedOnly && !isSharedType(type)) return null
    const params: Record<string, string> = {}
    names.forEach((n, i) => (params[n] = m[i + 1] ?? ''))
    const entity = await resolve(ctx, params, query)
    if (entity) return entity
  }
  return notFoundEntity(ctx)
}

/** A page's answer: the shared copy and the caller's favorites among its hearts, or the caller's own. */
type Answer = { shared: SharedEntity; favorites: Set<number> } | { own: Entity }

async function answer(ctx: Ctx, input: EntityInput, opts: { localOnly?: boolean }): Promise<Answer> {
  const path = normalizePagePath(input.path)
  const query = parseEntityQuery(input.query, input.path)
  const key = `${opts.localOnly ? 'local' : 'all'}|${path}|${JSON.stringify(query)}`
  const shared = await sharedEntity(ctx, key, (visitor) =>
    resolvePath(visitor, path, query, { ...opts, sharedOnly: true }),
  )
  if (shared) return { shared, favorites: await callerFavorites(ctx, shared) }
  return { own: (await resolvePath(ctx, path, query, opts)) ?? notFoundEntity(ctx) }
}

/** The entity as JSON text, and whether it is the not-found page: what REST sends. */
export interface EntityText {
  notFound: boolean
  text: string
}

/**
 * A page of the site for a path and query: the backbone of every screen (spec §2); REST and
 * tRPC both answer with exactly this. Pages that are the same for everyone but the hearts come
 * from the copy shared per data version with the caller's hearts put in (entity-cache.ts); the
 * others are resolved for the caller. `localOnly` (/api/local/entity/) skips the stored
 * redirects and every page that needs the content tables. As JSON text (REST):
 */
export async function resolveEntityText(
  ctx: Ctx,
  input: EntityInput,
  opts: { localOnly?: boolean } = {},
): Promise<EntityText> {
  const a = await answer(ctx, input, opts)
  if ('own' in a) return { notFound: a.own.type === 'not-found', text: JSON.stringify(a.own) }
  return { notFound: a.shared.type === 'not-found', text: withHearts(a.shared, a.favorites) }
}

/** The same page as an object (tRPC `page.entity`): a shared page is a fresh copy per call. */
export async function resolveEntity(ctx: Ctx, input: EntityInput, opts: { localOnly?: boolean } = {}): Promise<Entity> {
  const a = await answer(ctx, input, opts)
  return 'own' in a ? a.own : (JSON.parse(withHearts(a.shared, a.favorites)) as Entity)
}

/** Named site links (spec §2); personal pages resolve to the login page for visitors. */
export function resolveLink(ctx: Ctx, entity: string): { link: string } {
  if (!(entity in LINK_ENTITIES)) throw notFound()
  if (PERSONAL_ENTITIES.includes(entity) && ctx.session.userId === null) return { link: LINK_ENTITIES.login }
  return { link: LINK_ENTITIES[entity as LinkEntity] }
}
