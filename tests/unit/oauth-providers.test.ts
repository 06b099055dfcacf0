import { afterEach, describe, expect, it, vi } from 'vitest'
import { vkProvider } from '../../server/auth/oauth/vk'
import { yandexProvider } from '../../server/auth/oauth/yandex'
import { challengeS256 } from '../../server/auth/oauth/pkce'
import { oauthProviders } from '../../server/auth/oauth'
import { setEnvForTests } from '../../server/env'

const params = {
  state: 'st',
  codeChallenge: challengeS256('verifier'),
  redirectUri: 'https://shop.example/api/oauth/x/callback/',
  origin: 'https://shop.example',
}

function mockFetch(answers: Record<string, unknown>) {
  const calls: { url: string; init?: RequestInit }[] = []
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    calls.push({ url, init })
    const key = Object.keys(answers).find((k) => url.startsWith(k))
    return Promise.resolve(new Response(JSON.stringify(key ? answers[key] : {}), { status: key ? 200 : 404 }))
  })
  return calls
}

afterEach(() => {
  vi.unstubAllGlobals()
  setEnvForTests({})
})

describe('real providers', () => {
  it('Yandex ID: PKCE S256 authorize URL; code exchange with the verifier; verified e-mail and phone', async () => {
    const p = yandexProvider('yid', 'ysecret')
    const url = new URL(p.authorizeUrl(params))
    expect(url.origin + url.pathname).toBe('https://oauth.yandex.ru/authorize')
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'yid',
      state: 'st',
      code_challenge: params.codeChallenge,
      code_challenge_method: 'S256',
    })
    const calls = mockFetch({
      'https://oauth.yandex.ru/token': { access_token: 'AT' },
      'https://login.yandex.ru/info': {
        id: '42',
        real_name: 'Иван Петров',
        default_email: 'Ivan@Yandex.ru',
        default_phone: { number: '+79161234567' },
      },
    })
    const profile = await p.fetchProfile({
      code: 'C',
      codeVerifier: 'verifier',
      redirectUri: params.redirectUri,
      state: 'st',
      extra: {},
    })
    expect(profile).toEqual({
      subject: '42',
      name: 'Иван Петров',
      email: 'ivan@yandex.ru',
      emailVerified: true,
      phone: '+79161234567',
      phoneVerified: true,
    })
    expect((calls[0]!.init!.body as URLSearchParams).toString()).toContain('code_verifier=verifier')
    expect((calls[1]!.init!.headers as Record<string, string>).authorization).toBe('OAuth AT')
  })

  it('VK ID: device_id passed to the token exchange; the e-mail is not trusted for linking', async () => {
    const p = vkProvider('vkid', 'vksecret')
    expect(p.authorizeUrl(params)).toMatch(/^https:\/\/id\.vk\.com\/authorize\?.*code_challenge_method=S256/)
    expect(new URL(p.authorizeUrl(params)).searchParams.get('scope')).toBe('email phone')
    const calls = mockFetch({
      'https://id.vk.com/oauth2/auth': { access_token: 'AT', user_id: 7 },
      'https://id.vk.com/oauth2/user_info': {
        user: { user_id: '7', first_name: 'Анна', last_name: 'К', phone: '79161234567', email: 'a@vk.com' },
      },
    })
    const profile = await p.fetchProfile({
      code: 'C',
      codeVerifier: 'verifier',
      redirectUri: params.redirectUri,
      state: 'st',
      extra: { deviceId: 'dev-1' },
    })
    expect(profile).toMatchObject({
      subject: '7',
      name: 'Анна К',
      email: 'a@vk.com',
      emailVerified: false,
      phone: '+79161234567',
      phoneVerified: true,
    })
    expect((calls[0]!.init!.body as URLSearchParams).toString()).toContain('device_id=dev-1')
  })

  it('a provider answering an error or non-JSON makes the exchange fail (the callback then refuses)', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('<html>', { status: 502 })))
    await expect(
      yandexProvider('a', 'b').fetchProfile({ code: 'C', codeVerifier: 'v', redirectUri: 'r', state: 's', extra: {} }),
    ).rejects.toThrow()
  })

  it('providers are enabled by their client id and secret; the test provider only in offline mode', () => {
    setEnvForTests({ VK_CLIENT_ID: 'x', VK_CLIENT_SECRET: 'y', YANDEX_CLIENT_ID: 'z' })
    expect(oauthProviders().map((p) => p.code)).toEqual(['vk', 'test'])
  })
})
