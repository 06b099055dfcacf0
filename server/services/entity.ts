import { eq } from 'drizzle-orm'
import type { Ctx } from '../context'
import { redirects } from '../../db/schema'
import type { Entity, EntityInput } from '../contracts/entity'
import { LINK_ENTITIES, PERSONAL_ENTITIES, type LinkEntity } from '../contracts/entity'
import { parseBracketPairs } from '../rest/body'
import { notFound } from '../errors'
import { entityResolvers } from './entity-resolvers'

export type Query = Record<string, unknown>

export interface EntityResolver {
  /** Path pattern with `{name}` segments, e.g. '/catalog/{section}/'. */
  pattern: string
  /** Answered by /local/entity/ too (pages that need no content tables). */
  local?: boolean
  resolve: (ctx: Ctx, params: Record<string, string>, query: Query) => Entity | null
}

interface Compiled {
  re: RegExp
  names: string[]
  resolver: EntityResolver
}

let compiled: Compiled[] | undefined
function table(): Compiled[] {
  compiled ??= entityResolvers.map((resolver) => {
    const names: string[] = []
    const re = new RegExp(
      '^' +
        resolver.pattern.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_, n: string) => {
          names.push(n)
          return '([^/]+)'
        }) +
        '$',
    )
    return { re, names, resolver }
  })
  return compiled
}

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

export function notFoundEntity(ctx: Ctx): Entity<'not-found', null> {
  const en = ctx.locale === 'en'
  return {
    type: 'not-found',
    meta: { title: en ? 'Page not found' : 'Страница не найдена', description: '', noindex: true },
    breadcrumbs: [],
    data: null,
  }
}

export function redirectEntity(url: string, status: 301 | 302 = 302): Entity<'redirect', null> {
  return {
    type: 'redirect',
    status,
    url,
    meta: { title: '', description: '', noindex: true },
    breadcrumbs: [],
    data: null,
  }
}

/** A page of the site for a path and query: the backbone of every screen (spec §2). */
export function resolveEntity(ctx: Ctx, input: EntityInput, opts: { localOnly?: boolean } = {}): Entity {
  const path = normalizePagePath(input.path)
  const query = parseEntityQuery(input.query, input.path)
  if (!opts.localOnly) {
    const redirect = ctx.db.select().from(redirects).where(eq(redirects.fromPath, path)).get()
    if (redirect) return redirectEntity(redirect.toPath, redirect.status === 301 ? 301 : 302)
  }
  for (const { re, names, resolver } of table()) {
    if (opts.localOnly && !resolver.local) continue
    const m = re.exec(path)
    if (!m) continue
    const params: Record<string, string> = {}
    names.forEach((n, i) => (params[n] = m[i + 1] ?? ''))
    const entity = resolver.resolve(ctx, params, query)
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

/** Breadcrumb helper: home first. */
export function crumbs(ctx: Ctx, ...items: { label: string; link: string }[]) {
  return [{ label: ctx.locale === 'en' ? 'Home' : 'Главная', link: '/' }, ...items]
}
