import type { Ctx } from '../context'
import type { Entity } from '../contracts/entity'
import type { DeclaredPageType } from '../contracts/pages'
import { SessionHandle } from '../auth/session'
import { contentVersion, VersionedCache } from '../cache'
import { databaseId } from '../../db/engine'
import { favoriteIds } from './catalog'
import { ownerOf } from './owner'

/*
 * The entity API cached per data version (issue 14 §3). The page types below read the session
 * only through `isFavorite` (product cards, the product itself): their entity is resolved once per
 * path, query, locale and data version as a visitor without a session sees it, kept as JSON text,
 * and each caller's hearts are put in per request (one favorites query). Nothing of these pages
 * depends on the city (no price, no text): the shared resolve gets a session without one.
 */

/** Page types whose entity depends on the session only through `isFavorite`. */
const SHARED_TYPES: ReadonlySet<DeclaredPageType> = new Set<DeclaredPageType>([
  'index',
  'catalog',
  'catalog-section',
  'product',
  'blog',
  'blog-post',
  'faq',
  'page',
  'services',
  'services-section',
  'service',
])

export const isSharedType = (type: DeclaredPageType) => SHARED_TYPES.has(type)

const FLAG = '"isFavorite":false'
const PRESSED = '"isFavorite":true'

/** A visitor's entity as JSON, cut before and after every `"isFavorite":false`. */
export interface SharedEntity {
  type: Entity['type']
  /** The visitor's JSON (every heart off). */
  text: string
  /** `parts.length === ids.length + 1`: the text between the hearts. */
  parts: string[]
  /** The product id of each heart, in text order. */
  ids: number[]
}

/** Ids of the objects carrying `isFavorite: false`, in JSON.stringify's order; null when one has no numeric id. */
function heartIds(value: unknown, out: number[]): boolean {
  if (Array.isArray(value)) return value.every((v) => heartIds(v, out))
  if (value === null || typeof value !== 'object') return true
  const o = value as Record<string, unknown>
  for (const k in o) {
    if (k === 'isFavorite') {
      if (o[k] !== false || typeof o.id !== 'number') return false
      out.push(o.id)
    } else if (!heartIds(o[k], out)) return false
  }
  return true
}

/** The entity cut at its hearts; null when they cannot be found exactly (then it is not shared). */
export function cutAtHearts(entity: Entity): SharedEntity | null {
  const text = JSON.stringify(entity)
  const ids: number[] = []
  if (!heartIds(entity, ids)) return null
  const parts = text.split(FLAG)
  if (parts.length !== ids.length + 1) return null
  return { type: entity.type, text, parts, ids }
}

/** The shared text with the hearts of `favorites` pressed. */
export function withHearts(shared: SharedEntity, favorites: Set<number>): string {
  if (favorites.size === 0) return shared.text
  let out = shared.parts[0] ?? ''
  for (let i = 0; i < shared.ids.length; i++)
    out += (favorites.has(shared.ids[i] ?? 0) ? PRESSED : FLAG) + (shared.parts[i + 1] ?? '')
  return out
}

/** The caller's favorites among the entity's hearts (no query without a session or without hearts). */
export function callerFavorites(ctx: Ctx, shared: SharedEntity): Promise<Set<number>> {
  if (shared.ids.length === 0) return Promise.resolve(new Set())
  return favoriteIds(ctx.db, ownerOf(ctx), [...new Set(shared.ids)])
}

/**
 * Kept per data version: a shared entity, or null for a path whose page is not shared (so the
 * next request resolves it for its caller at once). Weighed by the text's length.
 */
const kept = new VersionedCache<SharedEntity | null>(2000, 64 * 1024 * 1024, (v) => (v ? v.text.length * 2 : 0))

/** The context a shared entity is resolved with: the caller's database and locale, no session. */
function visitorContext(ctx: Ctx): Ctx {
  return { ...ctx, session: SessionHandle.cityOnly(ctx.db, null, false) }
}

/**
 * The shared entity of a path and query, resolved on a miss by `resolve` with a visitor's context
 * (it answers null when the page is not a shared one). Kept per data version, on either engine
 * (PostgreSQL's moves with LISTEN/NOTIFY: db/pg-signal.ts).
 */
export function sharedEntity(
  ctx: Ctx,
  key: string,
  resolve: (visitor: Ctx) => Promise<Entity | null>,
): Promise<SharedEntity | null> {
  return kept.through(contentVersion(ctx.db), `${databaseId(ctx.db)}|${ctx.locale}|${key}`, async () => {
    loads++
    const entity = await resolve(visitorContext(ctx))
    return entity ? cutAtHearts(entity) : null
  })
}

let loads = 0
/** How many times a shared entity was resolved (a miss) since the process started: for tests. */
export const sharedEntityLoads = () => loads

/** Tests that swap database files start empty. */
export function clearEntityCache() {
  kept.clear()
}
