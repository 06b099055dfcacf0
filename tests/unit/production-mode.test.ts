import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseEnv } from '../../server/env'

/** A production configuration with every real part set: the baseline each case breaks once. */
const GOOD = {
  SHOP_MODE: 'production',
  APP_ORIGIN: 'https://shop.example.ru',
  SMS_PROVIDER: 'smsru',
  SMSRU_API_ID: 'A1B2C3D4-E5F6-A7B8-C9D0-E1F2A3B4C5D6',
  PAYMENT_PROVIDER: 'yookassa',
  YOOKASSA_SHOP_ID: '123456',
  YOOKASSA_SECRET_KEY: 'live_Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZg',
  MAIL_PROVIDER: 'none',
}

const YCLIENTS_PARTNER = 'db422y4ahpubbnjuy4ya'
const YCLIENTS_USER = '29a9ec5bbf774c4923d126e04cf57897'

const refusal = (over: Record<string, string | undefined>): string => {
  try {
    parseEnv({ ...GOOD, ...over })
  } catch (e) {
    return (e as Error).message
  }
  return ''
}

describe('SHOP_MODE', () => {
  it('is demo by default, and demo accepts every built-in local part', () => {
    const e = parseEnv({})
    expect(e.SHOP_MODE).toBe('demo')
    expect(e.SMS_PROVIDER).toBe('outbox')
    expect(e.PAYMENT_PROVIDER).toBe('test')
    expect(e.MAIL_PROVIDER).toBe('outbox')
  })

  it('production starts with real parts and secrets of its own', () => {
    expect(refusal({})).toBe('')
    expect(parseEnv(GOOD).SHOP_MODE).toBe('production')
  })

  it.each([
    [{ SMS_PROVIDER: 'outbox' }, /^ {2}SMS_PROVIDER: outbox is a demo part/m],
    [{ SMS_PROVIDER: undefined }, /^ {2}SMS_PROVIDER: /m],
    [{ PAYMENT_PROVIDER: 'test' }, /^ {2}PAYMENT_PROVIDER: test is a demo part/m],
    [{ PAYMENT_PROVIDER: undefined }, /^ {2}PAYMENT_PROVIDER: /m],
    [{ APP_ORIGIN: undefined }, /^ {2}APP_ORIGIN: must be set/m],
    [{ APP_ORIGIN: '' }, /^ {2}APP_ORIGIN: must be set/m],
    [{ SMSRU_API_ID: undefined }, /^ {2}SMSRU_API_ID: must be set/m],
    [{ SMSRU_API_ID: 'short' }, /^ {2}SMSRU_API_ID: must be at least 16/m],
    [{ YOOKASSA_SECRET_KEY: undefined }, /^ {2}YOOKASSA_SECRET_KEY: must be set/m],
    [{ YOOKASSA_SECRET_KEY: 'test_1234' }, /^ {2}YOOKASSA_SECRET_KEY: must be at least 16/m],
    [{ YOOKASSA_SECRET_KEY: 'dev-payment-secret-change-me' }, /^ {2}YOOKASSA_SECRET_KEY: is a published default/m],
    [{ YOOKASSA_SHOP_ID: undefined }, /^ {2}YOOKASSA_SHOP_ID: must be set/m],
    [{ MAIL_PROVIDER: 'outbox' }, /^ {2}MAIL_PROVIDER: outbox is a demo part/m],
    [{ MAIL_PROVIDER: 'smtp' }, /^ {2}SMTP_URL: must be set/m],
    [{ VK_CLIENT_ID: '5123456' }, /^ {2}VK_CLIENT_SECRET: must be set/m],
    [{ YANDEX_CLIENT_ID: 'abc', YANDEX_CLIENT_SECRET: 'changeme' }, /^ {2}YANDEX_CLIENT_SECRET: /m],
    [{ EXCHANGE_1C_LOGIN: '1c', EXCHANGE_1C_PASSWORD: 'short' }, /^ {2}EXCHANGE_1C_PASSWORD: must be at least 16/m],
    [{ EXCHANGE_1C_LOGIN: '1c' }, /^ {2}EXCHANGE_1C_PASSWORD: must be set/m],
    [{ BOOKING_PROVIDER: 'yclients' }, /^ {2}YCLIENTS_PARTNER_TOKEN: must be set/m],
    [{ BOOKING_PROVIDER: 'yclients' }, /^ {2}YCLIENTS_USER_TOKEN: must be set/m],
    [
      { BOOKING_PROVIDER: 'yclients', YCLIENTS_PARTNER_TOKEN: 'short', YCLIENTS_USER_TOKEN: YCLIENTS_USER },
      /^ {2}YCLIENTS_PARTNER_TOKEN: must be at least 16/m,
    ],
  ])('refuses %o naming the variable', (over, line) => {
    const message = refusal(over)
    expect(message).toMatch(/^SHOP_MODE=production refuses to start:/)
    expect(message).toMatch(line)
  })

  it('BOOKING_PROVIDER=yclients starts with both YCLIENTS tokens', () => {
    expect(
      refusal({
        BOOKING_PROVIDER: 'yclients',
        YCLIENTS_PARTNER_TOKEN: YCLIENTS_PARTNER,
        YCLIENTS_USER_TOKEN: YCLIENTS_USER,
      }),
    ).toBe('')
  })

  it('lists every problem, one line each', () => {
    const message = refusal({ SMS_PROVIDER: 'outbox', PAYMENT_PROVIDER: 'test', APP_ORIGIN: undefined })
    const lines = message.split('\n').slice(1)
    expect(lines).toHaveLength(3)
    expect(lines.map((l) => l.trim().split(':')[0]).sort()).toEqual(['APP_ORIGIN', 'PAYMENT_PROVIDER', 'SMS_PROVIDER'])
  })

  it('npm start refuses a demo configuration in production with a non-zero exit, one line per problem', () => {
    const dir = mkdtempSync(join(tmpdir(), 'prod-refusal-'))
    try {
      const r = spawnSync(process.execPath, ['--import', 'tsx', 'seed/prepare.ts'], {
        env: { PATH: process.env.PATH, SHOP_MODE: 'production', DATABASE_URL: `file:${dir}/shop.db` },
        encoding: 'utf8',
        timeout: 60_000,
      })
      expect(r.status).not.toBe(0)
      expect(r.stderr).toMatch(/^ {2}SMS_PROVIDER: /m)
      expect(r.stderr).toMatch(/^ {2}PAYMENT_PROVIDER: /m)
      expect(r.stderr).toMatch(/^ {2}APP_ORIGIN: /m)
      expect(r.stderr).toMatch(/^ {2}MAIL_PROVIDER: /m)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
