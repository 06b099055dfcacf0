import { returnPathOr } from '../../../server/contracts/return-path'

/**
 * Only a same-origin plain path may be a return address after sign-in; none given → `fallback`,
 * an unsafe one (another host, `//host`, `/\host`, tabs, encoded forms) → the home page.
 */
export function safeBack(raw: unknown, origin: string, fallback = '/personal/'): string {
  return returnPathOr(raw, origin, fallback)
}

