import { createServer } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { setEnvForTests } from '../../server/env'
import { smsProvider, SmsSendError } from '../../server/providers/sms'
import { createSmsRuProvider, smsRuFailure, smsRuNumber, type SmsRuOptions } from '../../server/providers/sms/smsru'
import { t } from '../../server/contracts/i18n'
import { startFakeSmsRu, type FakeSmsRu } from '../fakes/smsru'
import { visitor } from '../helpers/api'
import { db, scalar } from '../helpers/db'
import { captureLogs } from '../helpers/logs'

/**
 * SMS_PROVIDER=smsru against a local SMS.ru (tests/fakes/smsru.ts, written from sms.ru/api/send)
 * over real HTTP: what goes on the wire, how each answer of the gateway ends, and that neither
 * the text nor the phone lands in the log or the database.
 */
const API_ID = 'F2D79B58-A5A2-2F9E-91C8-73D12CE2E102'
const PHONE = '+79161234567'
const TEXT = 'Ваш код: 4821. Никому его не сообщайте'

let fake: FakeSmsRu
let provider: ReturnType<typeof createSmsRuProvider>
let settings: SmsRuOptions

beforeAll(async () => {
  fake = await startFakeSmsRu({ apiId: API_ID })
})
afterAll(async () => {
  await fake.close()
  setEnvForTests({})
})
afterEach(() => {
  fake.messages.length = 0
  fake.requests.length = 0
})

const useSettings = (over: Partial<SmsRuOptions> = {}) => {
  settings = { apiUrl: fake.url, apiId: API_ID, timeoutMs: 2000, retryDelayMs: 10, ...over }
  provider = createSmsRuProvider(() => settings)
}
const send = async (phone = PHONE, text = TEXT) => provider.send(db(), { phone, text, code: '4821' })
const failure = async (p: Promise<unknown>): Promise<SmsSendError> => {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  )
  expect(e).toBeInstanceOf(SmsSendError)
  return e as SmsSendError
}

describe('request shape', () => {
  it('POSTs a form to /sms/send with api_id, to as 11 digits, msg and json=1 — the api_id never in the URL', async () => {
    useSettings()
    await send('+7 (916) 123-45-67')
    expect(fake.requests).toHaveLength(1)
    const [req] = fake.requests
    expect(req).toMatchObject({ method: 'POST', path: '/sms/send', query: '' })
    expect(req!.contentType).toMatch(/^application\/x-www-form-urlencoded/)
    expect(req!.params).toEqual({ api_id: API_ID, to: '79161234567', msg: TEXT, json: '1' })
    expect(fake.messages).toMatchObject([{ to: '79161234567', msg: TEXT }])
  })

  it('sends the approved sender name when SMSRU_FROM is set', async () => {
    useSettings({ from: 'HairShop' })
    await send()
    expect(fake.requests[0]!.params.from).toBe('HairShop')
    expect(fake.messages[0]!.from).toBe('HairShop')
  })

  it('keeps a path prefix of SMSRU_API_URL', async () => {
    useSettings({ apiUrl: `${fake.url}/` })
    await send()
    expect(fake.requests[0]!.path).toBe('/sms/send')
  })

  it('numbers: 8…, +7…, 10 digits → 7XXXXXXXXXX; anything else is refused before any request', async () => {
    expect(smsRuNumber('89161234567')).toBe('79161234567')
    expect(smsRuNumber('+7 916 123 45 67')).toBe('79161234567')
    expect(smsRuNumber('9161234567')).toBe('79161234567')
    for (const bad of ['+1 202 555 0100', '+7916123456', '+791612345678', '']) expect(smsRuNumber(bad), bad).toBeNull()
    useSettings()
    const e = await failure(send('+1 202 555 0100'))
    expect(e.reason).toBe('number')
    expect(fake.requests).toHaveLength(0)
  })

  it('stores nothing: no outbox row, the code lives only in the text on its way', async () => {
    useSettings()
    const before = await scalar('SELECT count(*) FROM sms_outbox')
    await send()
    expect(await scalar('SELECT count(*) FROM sms_outbox')).toBe(before)
  })
})

describe('answers of the gateway → typed errors', () => {
  it('a wrong api_id is the documented 200, an account failure', async () => {
    useSettings({ apiId: 'wrong' })
    const e = await failure(send())
    expect([e.reason, e.gatewayCode, e.maybeSent]).toEqual(['account', 200, false])
    expect(e.messageKey).toBe('sms.failed.unavailable')
    expect(fake.messages).toHaveLength(0)
  })

  it.each([
    [202, 'number'],
    [207, 'number'],
    [209, 'number'],
    [230, 'limit'],
    [231, 'limit'],
    [232, 'limit'],
    [233, 'limit'],
    [201, 'account'],
    [204, 'account'],
    [206, 'account'],
    [301, 'account'],
    [304, 'limit'],
  ] as const)('status code %i → %s, one request, nothing sent', async (code, reason) => {
    useSettings()
    fake.failNext(code)
    const e = await failure(send())
    expect([e.reason, e.gatewayCode, e.maybeSent]).toEqual([reason, code, false])
    expect(fake.requests).toHaveLength(1)
    expect(fake.messages).toHaveLength(0)
  })

  it('shopper-facing messages per reason, in Russian and English', async () => {
    useSettings()
    fake.failNext(207)
    const bad = await failure(send())
    expect(t('ru', bad.messageKey)).toMatch(/номер/)
    expect(t('en', bad.messageKey)).toMatch(/number/)
    fake.failNext(231)
    const limit = await failure(send())
    expect(t('ru', limit.messageKey)).toMatch(/Слишком много SMS/)
    expect(smsRuFailure(999)).toBe('unavailable')
  })

  it('220 "service temporarily unavailable" is retried once (nothing was taken) and then succeeds', async () => {
    useSettings()
    fake.failNext(220)
    await send()
    expect(fake.requests).toHaveLength(2)
    expect(fake.messages).toHaveLength(1)
  })

  it('220 twice: unavailable after exactly two requests', async () => {
    useSettings()
    fake.failNext(220, 2)
    const e = await failure(send())
    expect([e.reason, e.gatewayCode]).toEqual(['unavailable', 220])
    expect(fake.requests).toHaveLength(2)
  })

  it.each(['http-500', 'http-503', 'garbage', 'reset'] as const)(
    '%s after the request went out: unavailable, maybe sent, never repeated (no double SMS)',
    async (kind) => {
      useSettings()
      fake.failNext(kind)
      const e = await failure(send())
      expect([e.reason, e.gatewayCode, e.maybeSent]).toEqual(['unavailable', null, true])
      expect(fake.requests).toHaveLength(1)
    },
  )

  it('no answer in time: the call ends at its timeout, unavailable, not repeated', async () => {
    useSettings({ timeoutMs: 300 })
    fake.failNext('hang')
    const started = Date.now()
    const e = await failure(send())
    expect(Date.now() - started).toBeLessThan(2000)
    expect([e.reason, e.maybeSent]).toEqual(['unavailable', true])
    expect(e.message).toMatch(/in time/)
    expect(fake.requests).toHaveLength(1)
  })

  it('gateway unreachable (connection refused): retried once, then unavailable and certainly not sent', async () => {
    useSettings({ apiUrl: `http://127.0.0.1:${await closedPort()}` })
    const { error, logs } = await captureLogs(() => send())
    expect(error).toBeInstanceOf(SmsSendError)
    expect([(error as SmsSendError).reason, (error as SmsSendError).maybeSent]).toEqual(['unavailable', false])
    expect(logs.match(/retrying once/g)).toHaveLength(1)
  })
})

describe('logs', () => {
  it('never hold the text (it carries the code) or the whole phone; they do say what happened', async () => {
    useSettings()
    const ok = await captureLogs(() => send())
    fake.failNext(207)
    const refused = await captureLogs(() => send())
    useSettings({ apiId: 'wrong' })
    const account = await captureLogs(() => send())
    for (const { logs } of [ok, refused, account]) {
      expect(logs).not.toContain('4821')
      expect(logs).not.toContain(TEXT)
      expect(logs).not.toContain('79161234567')
      expect(logs).not.toContain('9161234567')
      expect(logs).not.toContain(API_ID)
      expect(logs).toContain('+7916*****67')
    }
    expect(ok.logs).toContain('SMS sent through SMS.ru')
    expect(refused.logs).toMatch(/"gatewayCode":207/)
    expect(account.logs).toMatch(/"level":"error".*"gatewayCode":200/)
  })
})

describe('SMS_PROVIDER=smsru in the shop', () => {
  const env = () => ({ SMS_PROVIDER: 'smsru', SMSRU_API_URL: fake.url, SMSRU_API_ID: API_ID })

  it('is the configured provider', () => {
    setEnvForTests(env())
    expect(smsProvider().name).toBe('smsru')
    setEnvForTests({})
    expect(smsProvider().name).toBe('outbox')
  })

  it('sign-in by SMS: the code reaches the gateway, the outbox route is gone, the code is stored nowhere readable', async () => {
    setEnvForTests(env())
    try {
      const c = visitor({ locale: 'en', peer: '192.0.2.77' })
      const sent = await c.post('/api/user-sms/', { phone: '+7 (916) 555-12-34' })
      expect(sent.status).toBe(200)
      expect(sent.body.timeout).toBe(60)
      expect(fake.messages).toHaveLength(1)
      expect(fake.messages[0]!.to).toBe('79165551234')
      const code = /\b(\d{4})\b/.exec(fake.messages[0]!.msg)?.[1]
      expect(code).toMatch(/^\d{4}$/)

      expect(await scalar(`SELECT count(*) FROM sms_outbox WHERE phone = '+79165551234'`)).toBe(0)
      expect((await c.get('/api/dev/sms-outbox/', { phone: '+7 (916) 555-12-34' })).status).toBe(404)
      expect(JSON.stringify(sent.body)).not.toContain(code)

      const signedIn = await c.post('/api/user-login-code/', { phone: '+7 (916) 555-12-34', code })
      expect(signedIn.status).toBe(200)
      expect((await c.get('/api/user-info/')).body.isAuthorized).toBe(true)
    } finally {
      setEnvForTests({})
    }
  })
})

/** A port nothing listens on (taken, then released). */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })
}
