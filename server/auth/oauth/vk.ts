import { normalizePhone } from '../../contracts/common'
import { fetchJson, str } from './http'
import type { OAuthProvider } from './types'

/**
 * VK ID (https://id.vk.com/about/business/go/docs): OAuth 2.1 with PKCE; the callback carries
 * `device_id`, which the token exchange needs. VK verifies the phone; the e-mail is not
 * treated as verified.
 */
export function vkProvider(clientId: string, clientSecret: string): OAuthProvider {
  return {
    code: 'vk',
    label: 'VK ID',
    authorizeUrl: (p) => {
      const q = new URLSearchParams({
        response_type: 'code',
        client_id: clientId,
        redirect_uri: p.redirectUri,
        state: p.state,
        code_challenge: p.codeChallenge,
        code_challenge_method: 'S256',
        scope: 'email phone',
      })
      return `https://id.vk.com/authorize?${q}`
    },
    fetchProfile: async (p) => {
      const token = await fetchJson('https://id.vk.com/oauth2/auth', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code: p.code,
          code_verifier: p.codeVerifier,
          client_id: clientId,
          client_secret: clientSecret,
          device_id: p.extra.deviceId ?? '',
          redirect_uri: p.redirectUri,
          state: p.state,
        }),
      })
      const info = await fetchJson('https://id.vk.com/oauth2/user_info', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: clientId, access_token: str(token.access_token) }),
      })
      const user = (info.user ?? {}) as Record<string, unknown>
      const phone = normalizePhone(str(user.phone))
      return {
        subject: str(user.user_id) || str(token.user_id),
        name: [str(user.first_name), str(user.last_name)].filter(Boolean).join(' '),
        email: str(user.email).toLowerCase() || null,
        emailVerified: false,
        phone,
        phoneVerified: phone !== null,
      }
    },
  }
}
