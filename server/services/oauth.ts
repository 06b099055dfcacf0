import { and, eq, lt } from 'drizzle-orm'
import type { Ctx } from '../context'
import { oauthStates, userIdentities, users } from '../../db/schema'
import { notFound } from '../errors'
import { log } from '../logger'
import type { SocialProvider } from '../contracts/account'
import { oauthProvider, oauthProviders, type OAuthProfile } from '../auth/oauth'
import { challengeS256, newState, newVerifier } from '../auth/oauth/pkce'
import { signIn } from './account'
import { returnPathOr } from '../contracts/return-path'

const STATE_TTL_MS = 10 * 60_000
export const OAUTH_FAILED_PATH = '/login/?oauth=failed'

/** Where to land after signing in: a same-origin plain path (`back`), `/personal/` when none is given. */
export const returnPath = (ctx: Ctx, back: string | undefined) => returnPathOr(back, ctx.origin, '/personal/')

export const callbackUrl = (ctx: Ctx, provider: string) => `${ctx.origin}/api/oauth/${provider}/callback/`

export function socialProviders(ctx: Ctx, back?: string): SocialProvider[] {
  const q = back ? `?back=${encodeURIComponent(returnPath(ctx, back))}` : ''
  return oauthProviders().map((p) => ({ code: p.code, label: p.label, link: `/api/oauth/${p.code}/start/${q}` }))
}

/** Step 1: a fresh state and PKCE verifier, bound to this browser's session; the provider's URL. */
export function startOAuth(ctx: Ctx, providerCode: string, back: string | undefined): string {
  const provider = oauthProvider(providerCode)
  if (!provider) throw notFound('account.oauthUnknown')
  const session = ctx.session.ensure()
  const state = newState()
  const codeVerifier = newVerifier()
  const now = Date.now()
  ctx.db
    .delete(oauthStates)
    .where(lt(oauthStates.createdAt, now - STATE_TTL_MS))
    .run()
  ctx.db
    .insert(oauthStates)
    .values({
      state,
      provider: provider.code,
      codeVerifier,
      sessionId: session.id,
      returnTo: returnPath(ctx, back),
      createdAt: now,
    })
    .run()
  return provider.authorizeUrl({
    state,
    codeChallenge: challengeS256(codeVerifier),
    redirectUri: callbackUrl(ctx, provider.code),
    origin: ctx.origin,
  })
}

/**
 * Step 2: the provider sends the browser back with `code` and `state`. The state must be one
 * we issued, for this provider, to this same session, less than 10 minutes ago; it is used
 * once. Anything else is refused (the browser goes to the login page with an error).
 * Returns the path to send the browser to.
 */
export async function finishOAuth(
  ctx: Ctx,
  providerCode: string,
  q: Record<string, string | undefined>,
): Promise<string> {
  const provider = oauthProvider(providerCode)
  if (!provider) throw notFound('account.oauthUnknown')
  const state = q.state ?? ''
  const row = state ? ctx.db.select().from(oauthStates).where(eq(oauthStates.state, state)).get() : undefined
  const sessionId = ctx.session.id
  if (
    !row ||
    row.provider !== provider.code ||
    row.sessionId !== sessionId ||
    row.createdAt < Date.now() - STATE_TTL_MS
  ) {
    log.warn('OAuth callback refused: unknown, foreign or expired state', {
      requestId: ctx.requestId,
      provider: provider.code,
    })
    return OAUTH_FAILED_PATH
  }
  ctx.db.delete(oauthStates).where(eq(oauthStates.state, state)).run()
  if (q.error || !q.code) return OAUTH_FAILED_PATH
  let profile: OAuthProfile
  try {
    profile = await provider.fetchProfile({
      code: q.code,
      codeVerifier: row.codeVerifier,
      redirectUri: callbackUrl(ctx, provider.code),
      state,
      extra: Object.fromEntries(Object.entries(q).filter((e): e is [string, string] => typeof e[1] === 'string')),
    })
  } catch (e) {
    log.warn('OAuth code exchange failed', {
      requestId: ctx.requestId,
      provider: provider.code,
      error: e instanceof Error ? e.message : String(e),
    })
    return OAUTH_FAILED_PATH
  }
  if (!profile.subject) return OAUTH_FAILED_PATH
  const userId = linkIdentity(ctx, provider.code, profile)
  signIn(ctx, userId)
  return row.returnTo
}

/**
 * The account for a provider identity: the one already linked; else the signed-in user;
 * else the account with the same verified e-mail or phone; else a new account.
 */
export function linkIdentity(ctx: Ctx, provider: string, profile: OAuthProfile): number {
  return ctx.db.transaction(
    (tx) => {
      const linked = tx
        .select({ userId: userIdentities.userId })
        .from(userIdentities)
        .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, profile.subject)))
        .get()
      if (linked) return linked.userId
      const email = profile.email && profile.emailVerified ? profile.email.toLowerCase() : null
      const phone = profile.phone && profile.phoneVerified ? profile.phone : null
      let userId = ctx.session.userId
      if (userId === null && email)
        userId = tx.select({ id: users.id }).from(users).where(eq(users.email, email)).get()?.id ?? null
      if (userId === null && phone)
        userId = tx.select({ id: users.id }).from(users).where(eq(users.phone, phone)).get()?.id ?? null
      if (userId === null) {
        const now = Date.now()
        userId = tx
          .insert(users)
          .values({ fullname: profile.name.slice(0, 200), email, phone, createdAt: now, updatedAt: now })
          .returning({ id: users.id })
          .get().id
      }
      tx.insert(userIdentities).values({ userId, provider, subject: profile.subject, createdAt: Date.now() }).run()
      return userId
    },
    { behavior: 'immediate' },
  )
}
