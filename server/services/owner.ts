import type { Ctx } from '../context'

/**
 * Who owns a cart or a favorites list: the signed-in user, else the visitor's session.
 * Carts and favorites rows carry exactly one of user_id / session_id.
 */
export type Owner = { kind: 'user'; userId: number } | { kind: 'session'; sessionId: string }

/** The caller's owner; with `create`, a visitor without a session gets one (and its cookie). */
export function ownerOf(ctx: Ctx, create: true): Owner
export function ownerOf(ctx: Ctx, create?: false): Owner | null
export function ownerOf(ctx: Ctx, create = false): Owner | null {
  const userId = ctx.session.userId
  if (userId !== null) return { kind: 'user', userId }
  const session = create ? ctx.session.ensure() : ctx.session.get()
  return session ? { kind: 'session', sessionId: session.id } : null
}
