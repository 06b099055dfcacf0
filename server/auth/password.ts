import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import { env } from '../env'
import { isCommonPassword } from './common-passwords'

/**
 * Password hashing with scrypt at the OWASP ASVS parameters: N = 2^17, r = 8, p = 1
 * (about 128 MiB and a few hundred ms per hash), a 16-byte random salt and a 32-byte key.
 * `maxmem` must be raised: Node's default (32 MiB) refuses N = 2^17.
 *
 * Tests (NODE_ENV=test) use N = 2^14 so a suite of sign-ins stays fast; the cost is stored
 * with each hash, so a hash made with either cost verifies, and production always hashes
 * with the full cost. See docs/decisions/007-accounts.md.
 */
export interface ScryptParams {
  N: number
  r: number
  p: number
}

export const PRODUCTION_PARAMS: ScryptParams = { N: 2 ** 17, r: 8, p: 1 }
export const TEST_PARAMS: ScryptParams = { N: 2 ** 14, r: 8, p: 1 }
const KEY_LENGTH = 32
const SALT_LENGTH = 16
/** Parameters read back from a stored hash are bounded, so a forged row cannot exhaust memory. */
const MAX_N = 2 ** 20

export function currentParams(): ScryptParams {
  return env().NODE_ENV === 'test' ? TEST_PARAMS : PRODUCTION_PARAMS
}

function scrypt(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = {
    N: params.N,
    r: params.r,
    p: params.p,
    maxmem: 128 * params.N * params.r * 2 + 1024 * 1024,
  }
  return new Promise((resolve, reject) => {
    scryptCb(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)))
  })
}

/** `scrypt$N$r$p$salt$key` (base64url parts). */
export async function hashPassword(password: string, params: ScryptParams = currentParams()): Promise<string> {
  const salt = randomBytes(SALT_LENGTH)
  const key = await scrypt(password, salt, params)
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

function parse(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | null {
  const parts = stored.split('$')
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number]
  if (!Number.isInteger(N) || N < 2 || N > MAX_N || (N & (N - 1)) !== 0) return null
  if (!Number.isInteger(r) || r < 1 || r > 32 || !Number.isInteger(p) || p < 1 || p > 16) return null
  const salt = Buffer.from(parts[4] ?? '', 'base64url')
  const key = Buffer.from(parts[5] ?? '', 'base64url')
  if (salt.length < 8 || key.length !== KEY_LENGTH) return null
  return { params: { N, r, p }, salt, key }
}

/** Constant-time comparison of the derived key. A malformed hash never matches. */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parsed = stored ? parse(stored) : null
  if (!parsed) {
    // Same work as a real check, so a missing account does not answer faster than a wrong password.
    await scrypt(password, randomBytes(SALT_LENGTH), currentParams())
    return false
  }
  const key = await scrypt(password, parsed.salt, parsed.params)
  return timingSafeEqual(key, parsed.key)
}

/** True when a hash was made with weaker parameters than the current ones (re-hash at sign-in). */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored)
  const want = currentParams()
  return !parsed || parsed.params.N < want.N || parsed.params.r < want.r
}

/**
 * ASVS V6.2.4 / V6.2.11: a password may not be one of the 10,000 most common ones, nor the
 * owner's own phone (its 10 national digits anywhere in it, whatever the separators: "+7 (900)
 * 123-45-67", "89001234567", "a9001234567") or e-mail (the whole address or its part before
 * the @, ignoring case). Returns the message key of the field error, or null.
 */
export function passwordProblem(
  password: string,
  owner: { phone?: string | null | undefined; email?: string | null | undefined },
): 'account.passwordCommon' | 'account.passwordPersonal' | null {
  const plain = password.normalize('NFKC').trim().toLowerCase()
  if (isCommonPassword(plain)) return 'account.passwordCommon'
  const national = owner.phone ? owner.phone.replace(/\D/g, '').slice(-10) : ''
  if (national.length === 10 && plain.replace(/[\s()+\-.]/g, '').includes(national)) return 'account.passwordPersonal'
  const email = owner.email?.trim().toLowerCase()
  if (email) {
    const local = email.split('@')[0] ?? ''
    if (plain === email || plain.includes(email) || (local.length > 0 && plain === local))
      return 'account.passwordPersonal'
  }
  return null
}
