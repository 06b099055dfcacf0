import { randomBytes, timingSafeEqual } from 'node:crypto'
import { normalizePhone } from '../../contracts/common'
import { t, type Locale } from '../../contracts/i18n'
import '../../contracts/account/messages'
import { challengeS256 } from './pkce'
import type { OAuthProfile, OAuthProvider } from './types'

/**
 * The built-in `test` provider: a tiny authorization server living inside the app, so the
 * whole social sign-in round trip runs offline. Its consent page is
 * GET /api/oauth/test/authorize/ ("Allow" / "Deny"); its token and userinfo endpoints
 * (POST /api/oauth/test/token/, GET /api/oauth/test/userinfo/) are also called in-process.
 *
 * Codes and tokens carry their grant themselves (base64url JSON, valid 5 minutes), so any server
 * process of WEB_CONCURRENCY can redeem what another one issued (ADR 018). They are not signed: a
 * made-up code gives no more than the consent page, which lets anyone name any profile. A code
 * is single use in the process that redeems it; across processes the sign-in's `state` (a
 * database row, used once) stops a replay. Enabled only in demo mode (server/auth/oauth/index.ts).
 */
export const TEST_CLIENT_ID = 'test-client'
const TTL_MS = 5 * 60_000

interface Grant {
  challenge: string
  redirectUri: string
  profile: OAuthProfile
  expiresAt: number
}

/** Codes redeemed by this process, until they expire. */
const spent = new Map<string, number>()

function sweep(now: number) {
  for (const [k, expiresAt] of spent) if (expiresAt < now) spent.delete(k)
}

const pack = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

/** What a code or token carries, or null when it is not one (or has expired). */
function unpack<T extends { expiresAt: number }>(text: string): T | null {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as T | null
    return value && typeof value.expiresAt === 'number' && value.expiresAt >= Date.now() ? value : null
  } catch {
    return null
  }
}

export class TestOAuthError extends Error {}

/** The consent decision: returns where to send the browser back to. */
export function testAuthorize(input: {
  redirectUri: string
  state: string
  codeChallenge: string
  codeChallengeMethod: string
  decision: string
  name: string
  email: string
  phone: string
}): string {
  const back = new URL(input.redirectUri)
  back.searchParams.set('state', input.state)
  if (input.decision !== 'allow') {
    back.searchParams.set('error', 'access_denied')
    return back.toString()
  }
  if (input.codeChallengeMethod !== 'S256' || !input.codeChallenge) throw new TestOAuthError('PKCE S256 is required')
  const now = Date.now()
  sweep(now)
  const email = input.email.trim().toLowerCase() || null
  const phone = normalizePhone(input.phone)
  const subject = 'test:' + (email ?? phone ?? (input.name.trim() || 'anonymous'))
  const grant: Grant & { nonce: string } = {
    nonce: randomBytes(12).toString('base64url'),
    challenge: input.codeChallenge,
    redirectUri: input.redirectUri,
    profile: {
      subject,
      name: input.name.trim(),
      email,
      emailVerified: email !== null,
      phone,
      phoneVerified: phone !== null,
    },
    expiresAt: now + TTL_MS,
  }
  back.searchParams.set('code', pack(grant))
  return back.toString()
}

/** Token endpoint: single-use code, PKCE verifier checked against the stored challenge. */
export function testToken(input: { code: string; codeVerifier: string; redirectUri: string }): {
  access_token: string
  token_type: 'Bearer'
  expires_in: number
} {
  sweep(Date.now())
  const grant = spent.has(input.code) ? null : unpack<Grant>(input.code)
  if (!grant) throw new TestOAuthError('invalid_grant')
  spent.set(input.code, grant.expiresAt)
  const expected = Buffer.from(grant.challenge)
  const actual = Buffer.from(challengeS256(input.codeVerifier))
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual))
    throw new TestOAuthError('invalid_grant: PKCE')
  if (grant.redirectUri !== input.redirectUri) throw new TestOAuthError('invalid_grant: redirect_uri')
  const token = pack({ profile: grant.profile, expiresAt: Date.now() + TTL_MS })
  return { access_token: token, token_type: 'Bearer', expires_in: TTL_MS / 1000 }
}

export function testUserinfo(accessToken: string): OAuthProfile {
  const t = unpack<{ profile: OAuthProfile; expiresAt: number }>(accessToken)
  if (!t?.profile) throw new TestOAuthError('invalid_token')
  return t.profile
}

export const testProvider: OAuthProvider = {
  code: 'test',
  label: 'Test ID',
  labelKey: 'account.oauthDemoLabel',
  authorizeUrl: (p) => {
    const q = new URLSearchParams({
      response_type: 'code',
      client_id: TEST_CLIENT_ID,
      redirect_uri: p.redirectUri,
      state: p.state,
      code_challenge: p.codeChallenge,
      code_challenge_method: 'S256',
    })
    return `${p.origin}/api/oauth/test/authorize/?${q}`
  },
  fetchProfile: async (p) => {
    const token = testToken({ code: p.code, codeVerifier: p.codeVerifier, redirectUri: p.redirectUri })
    return Promise.resolve(testUserinfo(token.access_token))
  },
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The consent page of the test provider (plain HTML, no script). */
export function consentPage(
  q: { redirectUri: string; state: string; codeChallenge: string; codeChallengeMethod: string },
  locale: Locale,
): string {
  const say = (key: string) => esc(t(locale, key))
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${esc(value)}">`
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test ID</title><link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>body{font:16px system-ui,sans-serif;background:#f4f2fb;margin:0;display:grid;place-items:center;min-height:100vh}
main{background:#fff;border-radius:12px;padding:32px;max-width:380px;width:100%;box-shadow:0 4px 24px #0001}
h1{font-size:22px;margin:0 0 8px}p{color:#555;margin:0 0 20px}label{display:block;margin:0 0 12px;font-size:14px}
input[type=text],input[type=email],input[type=tel]{display:block;width:100%;box-sizing:border-box;margin-top:4px;padding:10px;border:1px solid #ccc;border-radius:8px;font:inherit}
.row{display:flex;gap:12px;margin-top:20px}button{flex:1;padding:12px;border-radius:8px;border:0;font:inherit;cursor:pointer}
.allow{background:#5a36e8;color:#fff}.deny{background:#eee}</style></head>
<body><main>
<h1>Test ID</h1>
<p>${say('oauthTest.asks')}</p>
<form method="post" action="/api/oauth/test/authorize/">
${hidden('redirect_uri', q.redirectUri)}${hidden('state', q.state)}${hidden('code_challenge', q.codeChallenge)}${hidden('code_challenge_method', q.codeChallengeMethod)}
<label>${say('oauthTest.name')}<input type="text" name="name" value="Тестовый Пользователь" autocomplete="off"></label>
<label>E-mail<input type="email" name="email" value="tester@oauth.test" autocomplete="off"></label>
<label>${say('oauthTest.phone')}<input type="tel" name="phone" value="" autocomplete="off"></label>
<div class="row"><button class="deny" name="decision" value="deny">${say('oauthTest.deny')}</button>
<button class="allow" name="decision" value="allow">${say('oauthTest.allow')}</button></div>
</form></main></body></html>`
}
