import { and, eq, lt, or } from 'drizzle-orm'
import type { Ctx } from '../context'
import { oauthStates, userIdentities, users } from '../../db/schema'
import { transaction } from '../../db/engine'
import { notFound } from '../errors'
import { log } from '../logger'
import type { SocialProvider } from '../contracts/account'
import { oauthProvider, oauthProviders, type OAuthProfile } from '../auth/oauth'
import { challengeS256, newState, newVerifier } from '../auth/oauth/pkce'
import { signIn } from './account'
import { returnPathOr } from '../contracts/return-path'
import { t } from '../contracts/i18n'

const STATE_TTL_MS = 10 * 60_000
export const OAUTH_FAILED_PATH = '/login/?oauth=failed'
/** A new identity whose e-mail or phone an existing account has: sign in there and link it. */
export const OAUTH_ACCOUNT_EXISTS_PATH = '/login/?oauth=account-exists'
/** Linking an identity that is already linked to another account. */
export const OAUTH_LINKED_ELSEWHERE_PATH = '/personal/?oauth=linked-elsewhere'

/** Where to land after signing in: a same-origin plain path (`back`), `/personal/` when none is given. */
export const returnPath = (ctx: Ctx, back: string | undefined) => returnPathOr(back, ctx.origin, '/personal/')

export const callbackUrl = (ctx: Ctx, provider: string) => `${ctx.origin}/api/oauth/${provider}/callback/`

export function socialProviders(ctx: Ctx, back?: string): SocialProvider[] {
  const q = back ? `?back=${encodeURIComponent(returnPath(ctx, back))}` : ''
  return oauthProviders().map((p) => ({
    code: p.code,
    label: p.labelKey ? t(ctx.locale, p.labelKey) : p.label,
    link: `/api/oauth/${p.code}/start/${q}`,
  }))
}

/** Step 1: a fresh state and PKCE verifier, bound to this browser's session; the provider's URL. */
export async function startOAuth(ctx: Ctx, providerCode: string, back: string | undefined): Promise<string> {
  const provider = oauthProvider(providerCode)
  if (!provider) throw notFound('account.oauthUnknown')
  const session = await ctx.session.ensure()
  const state = newState()
  const codeVerifier = newVerifier()
  const now = Date.now()
  await ctx.db.delete(oauthStates).where(lt(oauthStates.createdAt, now - STATE_TTL_MS))
  await ctx.db.insert(oauthStates).values({
      state,
      provider: provider.code,
      codeVerifier,
      sessionId: session.id,
      // A signed-in shopper links a new way to sign in to the account.
      linkUserId: ctx.session.userId,
      returnTo: returnPath(ctx, back),
    createdAt: now,
  })
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
  const [row] = state ? await ctx.db.select().from(oauthStates).where(eq(oauthStates.state, state)) : []
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
  await ctx.db.delete(oauthStates).where(eq(oauthStates.state, state))
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
  if (row.linkUserId !== null && row.linkUserId !== ctx.session.userId) return OAUTH_FAILED_PATH
  const outcome = await linkIdentity(ctx, provider.code, profile, row.linkUserId)
  if (outcome === 'account-exists') return OAUTH_ACCOUNT_EXISTS_PATH
  if (outcome === 'linked-elsewhere') return OAUTH_LINKED_ELSEWHERE_PATH
  if (row.linkUserId === null) await signIn(ctx, outcome)
  return row.returnTo
}

/**
 * The account for a provider identity (issue 12):
 * - an identity linked before signs in to its account (or, while linking, must be this account's);
 * - a signed-in shopper (`linkUserId`, set when the sign-in started) links a new identity;
 * - otherwise a new identity makes a new account — unless its e-mail or phone belongs to an
 *   existing account: an e-mail match alone never signs anyone in (a provider's word about an
 *   e-mail is not proof for this shop, and a pre-made account would be taken over). Then the
 *   answer is 'account-exists': the person signs in to that account and links the identity in
 *   the personal account. A second account without the e-mail was the other choice; it is not
 *   taken because the person would end up with two accounts and their orders split between them.
 * The new account keeps only the contacts the provider verified, as verified.
 */
export async function linkIdentity(
  ctx: Ctx,
  provider: string,
  profile: OAuthProfile,
  linkUserId: number | null = null,
): Promise<number | 'account-exists' | 'linked-elsewhere'> {
  return transaction(
    ctx.db,
    async (tx): Promise<number | 'account-exists' | 'linked-elsewhere'> => {
      const [linked] = await tx
        .select({ userId: userIdentities.userId })
        .from(userIdentities)
        .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, profile.subject)))
      if (linked) return linkUserId === null || linked.userId === linkUserId ? linked.userId : 'linked-elsewhere'
      const now = Date.now()
      let userId = linkUserId
      if (userId === null) {
        const email = profile.email && profile.emailVerified ? profile.email.toLowerCase() : null
        const phone = profile.phone && profile.phoneVerified ? profile.phone : null
        const claimed = [profile.email?.toLowerCase(), profile.phone].filter((v): v is string => Boolean(v))
        const [taken] =
          claimed.length > 0
            ? await tx
                .select({ id: users.id })
                .from(users)
                .where(or(...claimed.map((v) => (v.includes('@') ? eq(users.email, v) : eq(users.phone, v)))))
                .limit(1)
            : []
        if (taken) {
          log.info('OAuth sign-in refused: the e-mail or phone belongs to an existing account', {
            requestId: ctx.requestId,
            provider,
          })
          return 'account-exists'
        }
        const [created] = await tx
          .insert(users)
          .values({
            fullname: profile.name.slice(0, 200),
            email,
            phone,
            emailVerifiedAt: email ? now : null,
            phoneVerifiedAt: phone ? now : null,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: users.id })
        userId = created!.id
      }
      await tx.insert(userIdentities).values({ userId, provider, subject: profile.subject, createdAt: now })
      return userId
    },
    { behavior: 'immediate' },
  )
}
