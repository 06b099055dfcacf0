import { normalizePhone } from '../../contracts/common'
import { pkceAuthorizeUrl, postForm, str } from './http'
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
    authorizeUrl: (p) => pkceAuthorizeUrl('https://id.vk.com/authorize', clientId, p, { scope: 'email phone' }),
    fetchProfile: async (p) => {
      const token = await postForm('https://id.vk.com/oauth2/auth', {
        grant_type: 'authorization_code',
        code: p.code,
        code_verifier: p.codeVerifier,
        client_id: clientId,
        client_secret: clientSecret,
        device_id: p.extra.deviceId ?? '',
        redirect_uri: p.redirectUri,
        state: p.state,
      })
      const info = await postForm('https://id.vk.com/oauth2/user_info', {
        client_id: clientId,
        access_token: str(token.access_token),
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
