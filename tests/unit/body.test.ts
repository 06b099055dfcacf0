import { describe, expect, it } from 'vitest'
import { camelizeKeys, parseBracketPairs } from '../../server/rest/body'
import { parseEnv } from '../../server/env'
import { pickLocale } from '../../server/contracts/i18n'
import { normalizePhone } from '../../server/contracts/common'

const pairs = (qs: string) => parseBracketPairs(new URLSearchParams(qs).entries())

describe('bracket notation', () => {
  it('builds nested arrays and objects', () => {
    expect(pairs('a[0][b]=1')).toEqual({ a: [{ b: '1' }] })
    expect(pairs('requests[0][key]=x&requests[0][route]=/a/&requests[1][key]=y&requests[1][params][path]=/p/')).toEqual(
      {
        requests: [
          { key: 'x', route: '/a/' },
          { key: 'y', params: { path: '/p/' } },
        ],
      },
    )
    expect(pairs('id[]=1&id[]=2')).toEqual({ id: ['1', '2'] })
    expect(pairs('filter[price][min]=100&filter[brand][]=a')).toEqual({
      filter: { price: { min: '100' }, brand: ['a'] },
    })
  })

  it('ignores prototype pollution and absurd indexes', () => {
    const out = pairs('__proto__[x]=1&a[constructor][prototype][y]=2&b[99999999]=3')
    expect(({} as Record<string, unknown>).x).toBeUndefined()
    expect(out).not.toHaveProperty('__proto__.x')
    expect(JSON.stringify(out).length).toBeLessThan(100)
  })

  it('turns snake_case keys into camelCase at every depth', () => {
    expect(
      camelizeKeys({ phone_number: 1, contact_person: { first_name: 'a' }, list: [{ tax_id: 2 }], alreadyCamel: 3 }),
    ).toEqual({
      phoneNumber: 1,
      contactPerson: { firstName: 'a' },
      list: [{ taxId: 2 }],
      alreadyCamel: 3,
    })
  })
})

describe('configuration', () => {
  it('has working defaults', () => {
    const env = parseEnv({})
    expect(env).toMatchObject({
      PORT: 3000,
      DATABASE_URL: 'file:./data/shop.db',
      SMS_PROVIDER: 'outbox',
      PAYMENT_PROVIDER: 'test',
      CALLTRACKING_URL: '',
      LOG_LEVEL: 'info',
    })
  })

  it('stops on a bad value with a message naming the variable', () => {
    expect(() => parseEnv({ PORT: 'eighty' })).toThrow(/PORT/)
    expect(() => parseEnv({ DATABASE_URL: 'postgres://x' })).toThrow(/DATABASE_URL/)
    expect(() => parseEnv({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/)
    expect(() => parseEnv({ CALLTRACKING_URL: 'not a url' })).toThrow(/CALLTRACKING_URL/)
    expect(() => parseEnv({ PAYMENT_SECRET: 'short' })).toThrow(/PAYMENT_SECRET/)
  })

  it('accepts absolute database paths and origins', () => {
    expect(parseEnv({ DATABASE_URL: 'file:/tmp/any.db', APP_ORIGIN: 'https://shop.ru/' })).toMatchObject({
      DATABASE_URL: 'file:/tmp/any.db',
      APP_ORIGIN: 'https://shop.ru',
    })
  })
})

describe('locale and phone rules', () => {
  it('prefers the cookie, then Accept-Language, then ru', () => {
    expect(pickLocale('en', 'ru')).toBe('en')
    expect(pickLocale(undefined, 'de-DE,en;q=0.8,ru;q=0.5')).toBe('en')
    expect(pickLocale(undefined, 'de-DE')).toBe('ru')
    expect(pickLocale('xx', null)).toBe('ru')
  })

  it('normalises full phones and rejects partial ones', () => {
    expect(normalizePhone('+7 (912) 345-67-89')).toBe('+79123456789')
    expect(normalizePhone('8 912 345 67 89')).toBe('+79123456789')
    expect(normalizePhone('+7 (912) 345-67-8_')).toBeNull()
    expect(normalizePhone('+1 (912) 345-67-89')).toBeNull()
  })
})
