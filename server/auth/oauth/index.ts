import { env, isDemo } from '../../env'
import { testProvider } from './test-provider'
import type { OAuthProvider } from './types'
import { vkProvider } from './vk'
import { yandexProvider } from './yandex'

export type { OAuthProfile, OAuthProvider } from './types'

/**
 * The test provider signs anyone in as anyone, so it exists only in demo mode (SHOP_MODE=demo):
 * in production its routes answer 404 and the login page does not offer it. A real provider
 * is enabled by its client id and secret.
 */
export function oauthProviders(): OAuthProvider[] {
  const e = env()
  const list: OAuthProvider[] = []
  if (e.VK_CLIENT_ID && e.VK_CLIENT_SECRET) list.push(vkProvider(e.VK_CLIENT_ID, e.VK_CLIENT_SECRET))
  if (e.YANDEX_CLIENT_ID && e.YANDEX_CLIENT_SECRET)
    list.push(yandexProvider(e.YANDEX_CLIENT_ID, e.YANDEX_CLIENT_SECRET))
  if (isDemo()) list.push(testProvider)
  return list
}

export function oauthProvider(code: string): OAuthProvider | undefined {
  return oauthProviders().find((p) => p.code === code)
}

export const isTestProviderEnabled = isDemo
