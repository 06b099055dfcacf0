import { describe, expect, it } from 'vitest'
import { ORIGIN, type ApiClient } from '../helpers/api'
import { accountKit } from '../helpers/account'
import { rows, scalar } from '../helpers/db'
import { setEnvForTests } from '../../server/env'

/** Accounts hardening of issue 12: demo-only routes, and OAuth identities never matched by e-mail. */

const { client, newPhone, register, nextPhoneSeq } = accountKit({
  peerNet: '10.12',
  phoneArea: '901',
  firstPhoneSeq: 3000,
  registration: { emailPrefix: 'harden', fullname: 'Ольга Петрова', password: 'Attacker-pass-77' },
  expectRegistered: true,
})
const rel = (location: string | null) => (location ?? '').replace(ORIGIN, '')

describe('demo-only routes', () => {
  it('the SMS outbox and the test OAuth provider exist only in demo mode', async () => {
    const c = client()
    expect((await c.get('/api/dev/sms-outbox/', { phone: newPhone() })).status).toBe(200)
    try {
      setEnvForTests({
        SHOP_MODE: 'production',
        APP_ORIGIN: ORIGIN,
        SMS_PROVIDER: 'smsru',
        SMSRU_API_ID: 'a-real-looking-api-id-123456',
        PAYMENT_PROVIDER: 'yookassa',
        YOOKASSA_SHOP_ID: '123456',
        YOOKASSA_SECRET_KEY: 'live_a-real-looking-secret-key',
        MAIL_PROVIDER: 'none',
      })
      expect((await c.get('/api/dev/sms-outbox/', { phone: newPhone() })).status).toBe(404)
      expect((await c.get('/api/oauth/providers/')).body.list).toEqual([])
      expect((await c.post('/api/oauth/test/start/')).status).toBe(404)
      expect((await c.raw('GET', '/api/oauth/test/callback/?state=x&code=y')).status).toBe(404)
      expect(
        (
          await c.raw(
            'GET',
            `/api/oauth/test/authorize/?redirect_uri=${encodeURIComponent(`${ORIGIN}/api/oauth/test/callback/`)}&state=s&code_challenge=x`,
          )
        ).status,
      ).toBe(404)
      expect(
        (await c.post('/api/oauth/test/token/', { code: 'x', code_verifier: 'y', redirect_uri: 'z' })).status,
      ).toBe(404)
      expect((await c.get('/api/oauth/test/userinfo/', { access_token: 'x' })).status).toBe(404)
      expect((await c.trpc().caller.user.socialProviders({})).map((p) => p.code)).toEqual([])
    } finally {
      setEnvForTests({})
    }
    // Demo mode with a real SMS gateway: no outbox either.
    try {
      setEnvForTests({ SMS_PROVIDER: 'smsru', SMSRU_API_ID: 'x'.repeat(20) })
      expect((await c.get('/api/dev/sms-outbox/', { phone: newPhone() })).status).toBe(404)
    } finally {
      setEnvForTests({})
    }
  })
})

// ---------------------------------------------------------------------------------------------
// OAuth: identities, never an e-mail match

async function oauthRound(
  c: ApiClient,
  profile: { email?: string; phone?: string; name?: string },
  back = '/personal/',
) {
  const start = await c.form('POST', '/api/oauth/test/start/', [['back', back]])
  expect(start.status).toBe(302)
  const q = new URL(start.headers.get('location')!).searchParams
  const decided = await c.form('POST', '/api/oauth/test/authorize/', [
    ['redirect_uri', q.get('redirect_uri')!],
    ['state', q.get('state')!],
    ['code_challenge', q.get('code_challenge')!],
    ['code_challenge_method', 'S256'],
    ['name', profile.name ?? 'Соц Сеть'],
    ['email', profile.email ?? ''],
    ['phone', profile.phone ?? ''],
    ['decision', 'allow'],
  ])
  const done = await c.raw('GET', rel(decided.headers.get('location')))
  expect(done.status).toBe(302)
  return rel(done.headers.get('location'))
}

describe('OAuth', () => {
  it('an e-mail (or phone) match alone signs nobody in: the answer says to sign in and link', async () => {
    const { email, phone } = await register(client())
    const userId = await scalar<number>('SELECT id FROM users WHERE email = ?', email)
    const c = client()
    expect(await oauthRound(c, { email: email.toUpperCase() })).toBe('/login/?oauth=account-exists')
    expect((await c.get('/api/user-info/')).body.isAuthorized).toBe(false)
    expect(await scalar('SELECT count(*) FROM user_identities WHERE user_id = ?', userId)).toBe(0)
    const c2 = client()
    expect(await oauthRound(c2, { phone })).toBe('/login/?oauth=account-exists')
    expect((await c2.get('/api/user-info/')).body.isAuthorized).toBe(false)
    expect(await scalar('SELECT count(*) FROM users WHERE email = ?', email)).toBe(1)
  })

  it('a signed-in shopper links a new identity; afterwards it signs in to that account', async () => {
    const owner = client()
    const { email } = await register(owner)
    const userId = await scalar<number>('SELECT id FROM users WHERE email = ?', email)
    const sid = owner.cookies.get('sid')
    expect(await oauthRound(owner, { email }, '/personal/')).toBe('/personal/')
    expect(await rows('SELECT provider, subject FROM user_identities WHERE user_id = ?', userId)).toEqual([
      { provider: 'test', subject: `test:${email}` },
    ])
    // Linking keeps the session.
    expect(owner.cookies.get('sid')).toBe(sid)
    expect((await owner.get('/api/user-info/')).body.id).toBe(userId)

    const later = client()
    expect(await oauthRound(later, { email }, '/cart/')).toBe('/cart/')
    expect((await later.get('/api/user-info/')).body).toMatchObject({ isAuthorized: true, id: userId })
  })

  it('an identity linked to one account cannot be linked to another', async () => {
    const email = `solo${nextPhoneSeq()}@oauth.test`
    const first = client()
    expect(await oauthRound(first, { email })).toBe('/personal/')
    const firstId = (await first.get('/api/user-info/')).body.id
    const second = client()
    await register(second)
    const secondId = (await second.get('/api/user-info/')).body.id
    expect(await oauthRound(second, { email })).toBe('/personal/?oauth=linked-elsewhere')
    expect((await second.get('/api/user-info/')).body.id).toBe(secondId)
    expect(await scalar('SELECT user_id FROM user_identities WHERE subject = ?', `test:${email}`)).toBe(firstId)
  })

  it('a new identity makes a new account with the contacts the provider verified', async () => {
    const c = client()
    const email = `brandnew${nextPhoneSeq()}@oauth.test`
    expect(await oauthRound(c, { email })).toBe('/personal/')
    expect(
      await rows(
        'SELECT CASE WHEN email_verified_at IS NOT NULL THEN 1 ELSE 0 END AS v FROM users WHERE email = ?',
        email,
      ),
    ).toEqual([{ v: 1 }])
  })
})
