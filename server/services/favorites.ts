import { and, desc, eq, inArray } from 'drizzle-orm'
import type { DB } from '../../db/client'
import { favorites } from '../../db/schema'
import type { Ctx } from '../context'
import type { FavoritesList } from '../contracts/catalog'
import { notFound } from '../errors'
import { cardsFor, productExists } from './catalog'
import { ownerOf, type Owner } from './owner'

/**
 * Favorites (contract §4): one list per owner (the signed-in user, else the session). Every
 * call answers the whole list so the client replaces its state with it.
 */

function ownerWhere(owner: Owner) {
  return owner.kind === 'user' ? eq(favorites.userId, owner.userId) : eq(favorites.sessionId, owner.sessionId)
}

export async function listFavorites(ctx: Ctx): Promise<FavoritesList> {
  const owner = ownerOf(ctx)
  if (!owner) return { items: [] }
  const rows = await ctx.db
    .select({ id: favorites.productId })
    .from(favorites)
    .where(ownerWhere(owner))
    .orderBy(desc(favorites.createdAt), desc(favorites.id))
  return {
    items: await cardsFor(
      ctx,
      rows.map((r) => r.id),
      owner,
    ),
  }
}

/** Idempotent; an unknown product is 404. */
export async function addFavorite(ctx: Ctx, productId: number): Promise<FavoritesList> {
  if (!(await productExists(ctx.db, productId))) throw notFound()
  const owner = await ownerOf(ctx, true)
  const key = owner.kind === 'user' ? { userId: owner.userId } : { sessionId: owner.sessionId }
  await ctx.db
    .insert(favorites)
    .values({ ...key, productId, createdAt: Date.now() })
    .onConflictDoNothing()
  return listFavorites(ctx)
}

/** Unknown ids are ignored. */
export async function removeFavorites(ctx: Ctx, productIds: number[]): Promise<FavoritesList> {
  const owner = ownerOf(ctx)
  if (!owner) return { items: [] }
  if (productIds.length)
    await ctx.db.delete(favorites).where(and(ownerWhere(owner), inArray(favorites.productId, productIds)))
  return listFavorites(ctx)
}

/**
 * Sign-in: the visitor's favorites join the account's (a product already there stays once) and
 * leave the session. Call inside the sign-in transaction (the session rotation).
 */
export async function mergeVisitorFavorites(
  db: Pick<DB, 'select' | 'insert' | 'delete'>,
  sessionId: string,
  userId: number,
): Promise<void> {
  const visitor = eq(favorites.sessionId, sessionId)
  const rows = await db
    .select({ productId: favorites.productId, createdAt: favorites.createdAt })
    .from(favorites)
    .where(visitor)
  if (rows.length)
    await db
      .insert(favorites)
      .values(rows.map((r) => ({ userId, ...r })))
      .onConflictDoNothing()
  await db.delete(favorites).where(visitor)
}
