import { describe, expect, it } from 'vitest'
import {
  hashPassword,
  needsRehash,
  PRODUCTION_PARAMS,
  TEST_PARAMS,
  verifyPassword,
  currentParams,
} from '../../server/auth/password'

describe('password hashing (scrypt)', () => {
  it('uses the ASVS parameters in production and a lower cost only under NODE_ENV=test', () => {
    expect(PRODUCTION_PARAMS).toEqual({ N: 2 ** 17, r: 8, p: 1 })
    expect(currentParams()).toEqual(TEST_PARAMS)
  })

  it('verifies the right password and refuses a wrong one; salts differ', async () => {
    const a = await hashPassword('секрет123')
    const b = await hashPassword('секрет123')
    expect(a).not.toBe(b)
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$/)
    expect(await verifyPassword('секрет123', a)).toBe(true)
    expect(await verifyPassword('секрет124', a)).toBe(false)
    expect(await verifyPassword('', a)).toBe(false)
  })

  it('production parameters work (maxmem raised) and verify', async () => {
    const h = await hashPassword('long-pass-42', PRODUCTION_PARAMS)
    expect(h).toMatch(/^scrypt\$131072\$8\$1\$/)
    expect(await verifyPassword('long-pass-42', h)).toBe(true)
    expect(needsRehash(h)).toBe(false)
  })

  it('a malformed or absurd stored hash never matches and never throws', async () => {
    for (const bad of [
      null,
      '',
      'plain',
      'scrypt$3$8$1$AAAA$BBBB',
      'scrypt$1073741824$8$1$c2FsdHNhbHQ$' + 'A'.repeat(43),
      'bcrypt$x',
    ]) {
      expect(await verifyPassword('x', bad)).toBe(false)
    }
  })
})
