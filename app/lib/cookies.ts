import { createIsomorphicFn } from '@tanstack/react-start'
import { getCookie } from '@tanstack/react-start/server'

/**
 * A cookie of the current request: on the server from the request being rendered, in the
 * browser from `document.cookie` — so server render and hydration agree (cookie notice).
 */
export const readCookie = createIsomorphicFn()
  .server((name: string): string | undefined => getCookie(name))
  .client((name: string): string | undefined => {
    for (const part of document.cookie.split(';')) {
      const eq = part.indexOf('=')
      if (eq < 0) continue
      if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim())
    }
    return undefined
  })

/** Sets a first-party cookie for the whole site (path=/, SameSite=Lax) for `days` days. */
export function writeCookie(name: string, value: string, days: number) {
  const secure = location.protocol === 'https:' ? '; Secure' : ''
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${Math.round(days * 86400)}; Path=/; SameSite=Lax${secure}`
}
