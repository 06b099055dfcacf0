import { describe, expect, it } from 'vitest'
import {
  AccountUpdateInput,
  isAccountKeyValid,
  isCorrespondentKeyValid,
  isValidBic,
  isValidInn10,
  isValidInn12,
  RegistrationInput,
} from '../../server/contracts/account'
import { errorMap, flattenErrors } from '../../server/contracts/common'
import { banks } from '../../seed/data/banks'

describe('INN checksums', () => {
  it.each(['7707083893', '7736207543', '7702070139', '7728168971'])('accepts the organization INN %s', (inn) => {
    expect(isValidInn10(inn)).toBe(true)
  })
  it.each(['7707083894', '1234567890', '770708389', '77070838931', 'abcdefghij', ''])(
    'rejects %s as an organization INN',
    (inn) => {
      expect(isValidInn10(inn)).toBe(false)
    },
  )
  it.each(['500100732259', '773370857141', '526317984689'])('accepts the sole-trader INN %s', (inn) => {
    expect(isValidInn12(inn)).toBe(true)
  })
  it.each(['500100732258', '500100732249', '123456789012', '7707083893', '50010073225a'])(
    'rejects %s as a sole-trader INN',
    (inn) => {
      expect(isValidInn12(inn)).toBe(false)
    },
  )
})

describe('bank control key', () => {
  it('every seeded correspondent account matches its BIC', () => {
    for (const b of banks) expect(isCorrespondentKeyValid(b.bic, b.correspondentAccount), b.bic).toBe(true)
  })
  it('a current account passes only with its own BIC', () => {
    expect(isAccountKeyValid('044525225', '40702810938000000001')).toBe(true)
    expect(isAccountKeyValid('044525225', '40702810038000000001')).toBe(false)
    expect(isAccountKeyValid('044525974', '40702810938000000001')).toBe(false)
    expect(isAccountKeyValid('044525974', '40702810500000000001')).toBe(true)
    expect(isAccountKeyValid('0445252', '40702810938000000001')).toBe(false)
    expect(isAccountKeyValid('044525225', '4070281093800000000')).toBe(false)
  })
  it('a BIC starts with 04 and has 9 digits', () => {
    expect(isValidBic('044525225')).toBe(true)
    expect(isValidBic('144525225')).toBe(false)
    expect(isValidBic('04452522')).toBe(false)
  })
})

const errorsOf = (
  schema: typeof AccountUpdateInput | typeof RegistrationInput,
  value: unknown,
  locale: 'en' | 'ru' = 'en',
) => {
  const r = schema.safeParse(value, { error: errorMap(locale) })
  return r.success ? {} : flattenErrors(r.error)
}

const base = { fullname: 'Иван Петров', phone: '+7 (912) 345-67-89', email: 'ivan@example.com' }

describe('account schema (form and API)', () => {
  it('an individual needs no legal details and keeps none', () => {
    const r = AccountUpdateInput.parse({ ...base, type: 'individual', taxId: '123', bic: '1' })
    expect(r).toMatchObject({ type: 'individual', subtype: undefined, taxId: '', bic: '', phone: '+79123456789' })
  })
  it('a legal organization needs a valid 10-digit INN and an organization', () => {
    expect(errorsOf(AccountUpdateInput, { ...base, type: 'legal', subtype: 'organization' })).toEqual({
      taxId: 'Required field',
      organization: 'Required field',
    })
    expect(
      errorsOf(AccountUpdateInput, {
        ...base,
        type: 'legal',
        subtype: 'organization',
        taxId: '7707083894',
        organization: 'ООО Ромашка',
      }),
    ).toEqual({
      taxId: 'Invalid taxpayer number (INN)',
    })
    expect(
      errorsOf(AccountUpdateInput, {
        ...base,
        type: 'legal',
        subtype: 'organization',
        taxId: '500100732259',
        organization: 'ООО',
      }),
    ).toEqual({
      taxId: 'Invalid taxpayer number (INN)',
    })
    expect(
      errorsOf(AccountUpdateInput, {
        ...base,
        type: 'legal',
        subtype: 'organization',
        taxId: '7707083893',
        organization: 'ООО',
      }),
    ).toEqual({})
  })
  it('a sole trader needs a 12-digit INN', () => {
    expect(
      errorsOf(AccountUpdateInput, {
        ...base,
        type: 'legal',
        subtype: 'individual',
        taxId: '7707083893',
        organization: 'ИП Петров',
      }),
    ).toEqual({
      taxId: 'Invalid taxpayer number (INN)',
    })
    expect(
      errorsOf(AccountUpdateInput, {
        ...base,
        type: 'legal',
        subtype: 'individual',
        taxId: '500100732259',
        organization: 'ИП Петров',
      }),
    ).toEqual({})
  })
  it('bank details: BIC 04, current account 40 with the key, correspondent 30101', () => {
    const legal = { ...base, type: 'legal', subtype: 'organization', taxId: '7707083893', organization: 'ООО' }
    expect(
      errorsOf(AccountUpdateInput, {
        ...legal,
        bic: '144525225',
        currentAccount: '30702810938000000001',
        correspondentAccount: '40101810400000000225',
      }),
    ).toEqual({
      bic: 'BIC must start with 04',
      currentAccount: 'Current account must start with 40',
      correspondentAccount: 'Correspondent account must start with 30101',
    })
    expect(
      errorsOf(AccountUpdateInput, { ...legal, bic: '044525225', currentAccount: '40702810038000000001' }),
    ).toEqual({
      currentAccount: 'Current account does not match the BIC',
    })
    expect(
      errorsOf(AccountUpdateInput, {
        ...legal,
        bic: '044525225',
        currentAccount: '40702 810 9380 0000 0001',
        correspondentAccount: '30101810400000000225',
      }),
    ).toEqual({})
  })
  it('bank details: a correspondent account whose key does not match the BIC is a field error', () => {
    const legal = { ...base, type: 'legal', subtype: 'organization', taxId: '7707083893', organization: 'ООО' }
    // One digit off Sberbank's correspondent account.
    expect(
      errorsOf(AccountUpdateInput, { ...legal, bic: '044525225', correspondentAccount: '30101810400000000226' }),
    ).toEqual({ correspondentAccount: 'Correspondent account does not match the BIC' })
    // Sovcombank's (Kostroma) correspondent account with Sberbank's (Moscow) BIC, in Russian.
    expect(
      errorsOf(AccountUpdateInput, { ...legal, bic: '044525225', correspondentAccount: '30101810300000000743' }, 'ru'),
    ).toEqual({ correspondentAccount: 'Корреспондентский счёт не соответствует БИК' })
    // The key is checked against a BIC, so a correspondent account needs one (like a current account).
    expect(errorsOf(AccountUpdateInput, { ...legal, correspondentAccount: '30101810400000000225' })).toEqual({
      bic: 'Required field',
    })
    expect(
      errorsOf(AccountUpdateInput, { ...legal, bic: '043469743', correspondentAccount: '30101810300000000743' }),
    ).toEqual({})
  })
  it('password rules use the spec messages', () => {
    const reg = { ...base, type: 'individual' }
    expect(errorsOf(RegistrationInput, { ...reg, password: 'abc1' })).toEqual({ password: 'Minimum length: 8' })
    expect(errorsOf(RegistrationInput, { ...reg, password: '12345678' })).toEqual({
      password: 'Value must includes at least one letter',
    })
    expect(errorsOf(RegistrationInput, { ...reg, password: 'abcdefgh' })).toEqual({
      password: 'Value must includes at least one digit',
    })
    expect(errorsOf(RegistrationInput, { ...reg, password: '' }, 'ru')).toEqual({ password: 'Обязательное поле' })
    expect(errorsOf(RegistrationInput, { ...reg, password: 'пароль123' })).toEqual({})
  })
})
