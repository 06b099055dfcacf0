import type { Ctx } from '../context'
import type { FavoritesList } from '../contracts/catalog'
import { notFound } from '../errors'
import { cardsFor, productExists, stmt } from './catalog'
import { ownerOf, type Owner } from './owner'

/**
 * Favorites (contract §4): one list per owner (the signed-in user, else the session). Every
 * call answers the whole list so the client replaces its state with it.
 */

function ownerClause(owner: Owner): [string, number | string] {
  return owner.kind === 'user' ? ['user_id', owner.userId] : ['session_id', owner.sessionId]
}

export function listFavorites(ctx: Ctx): FavoritesList {
  const owner = ownerOf(ctx)
  if (!owner) return { items: [] }
  const [col, key] = ownerClause(owner)
  const ids = (
    stmt(ctx.db, `select product_id as id from favorites where ${col} = ? order by created_at desc, id desc`).all(
      key,
    ) as { id: number }[]
  ).map((r) => r.id)
  return { items: cardsFor(ctx, ids, owner) }
}

/** Idempotent; an unknown product is 404. */
export function addFavorite(ctx: Ctx, productId: number): FavoritesList {
  if (!productExists(ctx.db, productId)) throw notFound()
  const owner = ownerOf(ctx, true)
  const [col, key] = ownerClause(owner)
  stmt(ctx.db, `insert into favorites (${col}, product_id, created_at) values (?, ?, ?) on conflict do nothing`).run(
    key,
    productId,
    Date.now(),
  )
  return listFavorites(ctx)
}

/** Unknown ids are ignored. */
export function removeFavorites(ctx: Ctx, productIds: number[]): FavoritesList {
  const owner = ownerOf(ctx)
  if (!owner) return { items: [] }
  const [col, key] = ownerClause(owner)
  const del = stmt(ctx.db, `delete from favorites where ${col} = ? and product_id = ?`)
  ctx.db.$client.transaction(() => {
    for (const id of productIds) del.run(key, id)
  })()
  return listFavorites(ctx)
}
