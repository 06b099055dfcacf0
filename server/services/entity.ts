import { eq } from 'drizzle-orm'
import type { Ctx } from '../context'
import { redirects } from '../../db/schema'
import type { Entity, EntityInput } from '../contracts/entity'
import { LINK_ENTITIES, PERSONAL_ENTITIES, type LinkEntity } from '../contracts/entity'
import { parseBracketPairs } from '../contracts/bracket-pairs'
import { notFound } from '../errors'
import { entityRoutes } from './entity-resolvers'
import { notFoundEntity, redirectEntity, type Query } from './entities/page'

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
 * A page of the site for a path and query: the backbone of every screen (spec §2). REST and
 * tRPC both answer with exactly this. `localOnly` (/api/local/entity/) skips the stored
 * redirects and every page that needs the content tables.
 */
export async function resolveEntity(ctx: Ctx, input: EntityInput, opts: { localOnly?: boolean } = {}): Promise<Entity> {
  const path = normalizePagePath(input.path)
  const query = parseEntityQuery(input.query, input.path)
  if (!opts.localOnly) {
    const [redirect] = await ctx.db.select().from(redirects).where(eq(redirects.fromPath, path))
    if (redirect) return redirectEntity(redirect.toPath, redirect.status === 301 ? 301 : 302)
  }
  for (const { re, names, local, resolve } of entityRoutes) {
    if (opts.localOnly && !local) continue
    const m = re.exec(path)
    if (!m) continue
    const params: Record<string, string> = {}
    names.forEach((n, i) => (params[n] = m[i + 1] ?? ''))
    const entity = await resolve(ctx, params, query)
    if (entity) return entity
  }
  return notFoundEntity(ctx)
}

/** Named site links (spec §2); personal pages resolve to the login page for visitors. */
export function resolveLink(ctx: Ctx, entity: string): { link: string } {
  if (!(entity in LINK_ENTITIES)) throw notFound()
  if (PERSONAL_ENTITIES.includes(entity) && ctx.session.userId === null) return { link: LINK_ENTITIES.login }
  return { link: LINK_ENTITIES[entity as LinkEntity] }
}
