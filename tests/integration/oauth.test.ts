import { describe, expect, it } from 'vitest'
import { ORIGIN, visitor, type ApiClient } from '../helpers/api'
import { rows, scalar } from '../helpers/db'
import { challengeS256 } from '../../server/auth/oauth/pkce'

let seq = 0
const client = () => visitor({ locale: 'en', peer: `10.7.0.${++seq}` })
const rel = (location: string | null) => (location ?? '').replace(ORIGIN, '')

/** Start → consent page → decision; returns the callback URL the provider sends the browser to. */
async function consent(
  c: ApiClient,
  profile: { name?: string; email?: string; phone?: string; decision?: string } = {},
  back = '/personal/',
) {
  const start = await c.form('POST', '/api/oauth/test/start/', [['back', back]])
  expect(start.status).toBe(302)
  const authorize = new URL(start.headers.get('location')!)
  expect(authorize.pathname).toBe('/api/oauth/test/authorize/')
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256')
  expect(authorize.searchParams.get('state')).toMatch(/^[\w-]{40,}$/)
  const page = await c.raw('GET', authorize.pathname + authorize.search)
  expect(page.status).toBe(200)
  expect(page.headers.get('content-type')).toMatch(/text\/html/)
  expect(String(page.body)).toContain('value="allow"')
  const q = authorize.searchParams
  const decided = await c.form('POST', '/api/oauth/test/authorize/', [
    ['redirect_uri', q.get('redirect_uri')!],
    ['state', q.get('state')!],
    ['code_challenge', q.get('code_challenge')!],
    ['code_challenge_method', 'S256'],
    ['name', profile.name ?? 'Тест Тестов'],
    ['email', profile.email ?? ''],
    ['phone', profile.phone ?? ''],
    ['decision', profile.decision ?? 'allow'],
  ])
  expect(decided.status).toBe(302)
  return { callback: rel(decided.headers.get('location')), state: q.get('state')! }
}

describe('social login with the built-in test provider', () => {
  it('lists the enabled providers', async () => {
    const res = await client().get('/api/oauth/providers/', { back: '/cart/' })
    expect(res.body.list).toContainEqual({
      code: 'test',
      label: 'Test ID (demo sign-in)',
      link: '/api/oauth/test/start/?back=%2Fcart%2F',
    })
    expect(res.body.list.map((p: { code: string }) => p.code)).not.toContain('vk')
  })

  it('round trip: consent, callback, a new account linked to the identity, back to the page', async () => {
    const c = client()
    const { callback } = await consent(
      c,
      { email: 'social1@oauth.test', name: 'Соцсеть Первый' },
      '/personal/addresses/',
    )
    expect(callback).toMatch(/^\/api\/oauth\/test\/callback\/\?state=.+&code=.+/)
    const before = c.cookies.get('sid')
    const done = await c.raw('GET', callback)
    expect(done.status).toBe(302)
    expect(done.headers.get('location')).toBe('/personal/addresses/')
    expect(c.cookies.get('sid')).not.toBe(before)
    const info = (await c.get('/api/user-info/')).body
    expect(info).toMatchObject({
      isAuthorized: true,
      info: { email: 'social1@oauth.test', fullname: 'Соцсеть Первый' },
    })
    expect(await rows('SELECT provider, subject FROM user_identities WHERE user_id = ?', info.id)).toEqual([
      { provider: 'test', subject: 'test:social1@oauth.test' },
    ])
    // The state is single use: replaying the callback is refused.
    const again = client()
    const replay = await again.raw('GET', callback)
    expect(rel(replay.headers.get('location'))).toBe('/login/?oauth=failed')
    expect((await again.get('/api/user-info/')).body.isAuthorized).toBe(false)

    // The same identity signs into the same account next time.
    const c2 = client()
    const second = await consent(c2, { email: 'social1@oauth.test' })
    await c2.raw('GET', second.callback)
    expect((await c2.get('/api/user-info/')).body.id).toBe(info.id)
    expect(await scalar("SELECT count(*) FROM users WHERE email = 'social1@oauth.test'")).toBe(1)
  })

  it('never signs in to an existing account by e-mail alone (issue 12): sign in and link instead', async () => {
    const reg = client()
    const r = await reg.post('/api/user-registration/', {
      fullname: 'Мария',
      phone: '+7 (902) 111-22-33',
      email: 'maria@example.com',
      password: 'secret123',
    })
    const c = client()
    const { callback } = await consent(c, { email: 'Maria@Example.com' })
    const done = await c.raw('GET', callback)
    expect(rel(done.headers.get('location'))).toBe('/login/?oauth=account-exists')
    expect((await c.get('/api/user-info/')).body.isAuthorized).toBe(false)
    // Signed in, Maria links the identity; from then on it signs her in.
    const linking = await consent(reg, { email: 'Maria@Example.com' })
    expect(rel((await reg.raw('GET', linking.callback)).headers.get('location'))).toBe('/personal/')
    const c2 = client()
    const again = await consent(c2, { email: 'Maria@Example.com' })
    await c2.raw('GET', again.callback)
    expect((await c2.get('/api/user-info/')).body).toMatchObject({
      isAuthorized: true,
      id: r.body.user.id,
      info: { fullname: 'Мария' },
    })
  })

  it('a forged state is refused and signs nobody in', async () => {
    const c = client()
    const { callback } = await consent(c, { email: 'forged@oauth.test' })
    const forged = callback.replace(/state=[^&]+/, 'state=forged-state-value')
    const res = await c.raw('GET', forged)
    expect(res.status).toBe(302)
    expect(rel(res.headers.get('location'))).toBe('/login/?oauth=failed')
    expect((await c.get('/api/user-info/')).body.isAuthorized).toBe(false)
    expect(await scalar("SELECT count(*) FROM users WHERE email = 'forged@oauth.test'")).toBe(0)
    expect((await c.raw('GET', '/api/oauth/test/callback/')).headers.get('location')).toBe('/login/?oauth=failed')
  })

  it('a state issued to another browser is refused (login CSRF)', async () => {
    const attacker = client()
    const { callback } = await consent(attacker, { email: 'attacker@oauth.test' })
    const victim = client()
    await victim.get('/api/user-city/')
    const res = await victim.raw('GET', callback)
    expect(rel(res.headers.get('location'))).toBe('/login/?oauth=failed')
    expect((await victim.get('/api/user-info/')).body.isAuthorized).toBe(false)
  })

  it('"Deny" signs nobody in; an unknown provider is 404; back cannot leave the site', async () => {
    const c = client()
    const { callback } = await consent(c, { email: 'deny@oauth.test', decision: 'deny' })
    expect(callback).toContain('error=access_denied')
    expect(rel((await c.raw('GET', callback)).headers.get('location'))).toBe('/login/?oauth=failed')
    expect((await c.get('/api/user-info/')).body.isAuthorized).toBe(false)
    expect((await c.post('/api/oauth/github/start/')).status).toBe(404)
    expect((await c.get('/api/oauth/test/start/')).status).toBe(405)
    for (const back of [
      '%2F%2Fevil.example%2F',
      '%2F%09%2Fevil.example',
      '%2F%5Cevil.example',
      'https%3A%2F%2Fevil.example%2F',
    ]) {
      const open = await c.post(`/api/oauth/test/start/?back=${back}`)
      const state = new URL(open.headers.get('location')!).searchParams.get('state')
      expect(await scalar('SELECT return_to FROM oauth_states WHERE state = ?', state), back).toBe('/')
    }
    const none = await c.post('/api/oauth/test/start/')
    const noneState = new URL(none.headers.get('location')!).searchParams.get('state')
    expect(await scalar('SELECT return_to FROM oauth_states WHERE state = ?', noneState)).toBe('/personal/')
  })

  it('the token endpoint checks PKCE: a wrong verifier gets no token', async () => {
    const c = client()
    const verifier = 'v'.repeat(43)
    const redirectUri = `${ORIGIN}/api/oauth/test/callback/`
    const decided = await c.form('POST', '/api/oauth/test/authorize/', [
      ['redirect_uri', redirectUri],
      ['state', 's'],
      ['code_challenge', challengeS256(verifier)],
      ['code_challenge_method', 'S256'],
      ['name', 'PKCE'],
      ['email', 'pkce@oauth.test'],
      ['phone', ''],
      ['decision', 'allow'],
    ])
    const code = new URL(decided.headers.get('location')!).searchParams.get('code')!
    const bad = await c.post('/api/oauth/test/token/', {
      code,
      code_verifier: 'w'.repeat(43),
      redirect_uri: redirectUri,
    })
    expect(bad.status).toBe(400)
    // The code was consumed by the failed attempt too.
    expect(
      (await c.post('/api/oauth/test/token/', { code, code_verifier: verifier, redirect_uri: redirectUri })).status,
    ).toBe(400)
    // The consent page refuses a foreign redirect_uri.
    const foreign = await c.raw(
      'GET',
      '/api/oauth/test/authorize/?redirect_uri=https%3A%2F%2Fevil.example%2F&state=s&code_challenge=x&code_challenge_method=S256',
    )
    expect(foreign.status).toBe(422)
  })
})
