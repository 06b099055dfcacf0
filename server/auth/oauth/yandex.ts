import { normalizePhone } from '../../contracts/common'
import { fetchJson, pkceAuthorizeUrl, postForm, str } from './http'
import type { OAuthProvider } from './types'

/** Yandex ID (https://yandex.ru/dev/id/doc/): OAuth 2.0 with PKCE; e-mail and phone are verified by Yandex. */
export function yandexProvider(clientId: string, clientSecret: string): OAuthProvider {
  return {
    code: 'yandex',
    label: 'Яндекс ID',
    authorizeUrl: (p) => pkceAuthorizeUrl('https://oauth.yandex.ru/authorize', clientId, p),
    fetchProfile: async (p) => {
      const token = await postForm('https://oauth.yandex.ru/token', {
        grant_type: 'authorization_code',
        code: p.code,
        client_id: clientId,
        client_secret: clientSecret,
        code_verifier: p.codeVerifier,
      })
      const info = await fetchJson('https://login.yandex.ru/info?format=json', {
        headers: { authorization: `OAuth ${str(token.access_token)}` },
      })
      const phone = normalizePhone(str((info.default_phone as { number?: string } | undefined)?.number))
      const email = str(info.default_email).toLowerCase() || null
      return {
        subject: str(info.id),
        name: str(info.real_name) || str(info.display_name),
        email,
        emailVerified: email !== null,
        phone,
        phoneVerified: phone !== null,
      }
    },
  }
}
