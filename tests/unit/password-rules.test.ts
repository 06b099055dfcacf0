import { describe, expect, it } from 'vitest'
import { passwordProblem } from '../../server/auth/password'
import { commonPasswords } from '../../server/auth/common-passwords'

const owner = { phone: '+79161234567', email: 'Olga.Petrova@example.com' }

describe('password rules of issue 12', () => {
  it('ships the SecLists list of the 10,000 most common passwords', () => {
    const list = commonPasswords()
    expect(list.size).toBe(10_000)
    for (const p of ['password', '123456', 'qwerty', 'iloveyou', 'password1', 'abc12345'])
      expect(list.has(p)).toBe(true)
  })

  it('refuses a common password whatever its case', () => {
    for (const p of ['password1', 'PASSWORD1', 'Qwerty123', ' abc12345 ', '1q2w3e4r'])
      expect(passwordProblem(p, owner), p).toBe('account.passwordCommon')
  })

  it("refuses the owner's phone in any common format, and the e-mail or its local part", () => {
    for (const p of ['a9161234567', 'x79161234567', 'tel89161234567', '+7 (916) 123-45-67a', 'моя 916.123.45.67'])
      expect(passwordProblem(p, owner), p).toBe('account.passwordPersonal')
    for (const p of ['olga.petrova@example.com', 'OLGA.PETROVA', 'my olga.petrova@example.com 1'])
      expect(passwordProblem(p, owner), p).toBe('account.passwordPersonal')
  })

  it('accepts anything else', () => {
    for (const p of ['Кудри-2026-лето', 'olga.petrova1x', '9161234', 'secret123'])
      expect(passwordProblem(p, owner), p).toBeNull()
    expect(passwordProblem('a9161234567', {})).toBeNull()
  })
})
