import type { Ctx } from '../context'

/**
 * Who owns a cart or a favorites list: the signed-in user, else the visitor's session.
 * Carts and favorites rows carry exactly one of user_id / session_id.
 */
export type Owner = { kind: 'user'; userId: number } | { kind: 'session'; sessionId: string }

/**
 * The caller's owner, read from the session the context loaded (no query); null for a visitor
 * without a session. With `create`, such a visitor gets one (and its cookie): that writes, so
 * the answer is a promise.
 */
export function ownerOf(ctx: Ctx, create: true): Promise<Owner>
export function ownerOf(ctx: Ctx, create?: false): Owner | null
export function ownerOf(ctx: Ctx, create = false): Owner | null | Promise<Owner> {
  const userId = ctx.session.userId
  if (userId !== null) return create ? Promise.resolve({ kind: 'user', userId }) : { kind: 'user', userId }
  if (create) return ctx.session.ensure().then((session): Owner => ({ kind: 'session', sessionId: session.id }))
  const sessionId = ctx.session.id
  return sessionId === null ? null : { kind: 'session', sessionId }
}
