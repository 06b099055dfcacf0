import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountKit, digits, wrongOf } from '../helpers/account'
import { visitor } from '../helpers/api'
import { scalar, exec } from '../helpers/db'
import { setEnvForTests } from '../../server/env'
import { startFakeSmsRu, type FakeSmsRu } from '../fakes/smsru'
import { captureLogs } from '../helpers/logs'
import { LIMITS } from '../../server/services/account/limits'
import { SMS_CODE_MAX_ATTEMPTS } from '../../server/contracts/account'

/** Accounts hardening of issue 12: password rules, restore answers, the daily cap of wrong codes, the SMS gateway (points 1 and 4). */

const { client, newPhone, register, lastCode, phoneSeq } = accountKit({
  peerNet: '10.12',
  phoneArea: '901',
  firstPhoneSeq: 3000,
  registration: { emailPrefix: 'harden', fullname: 'Ольга Петрова', password: 'Attacker-pass-77' },
  expectRegistered: true,
})

describe('passwords', () => {
  it('refuses the most common passwords and the own phone or e-mail, at registration and restore', async () => {
    const c = client()
    const phone = newPhone()
    const email = `anna.k${phoneSeq()}@example.com`
    const reg = (password: string) => c.post('/api/user-registration/', { fullname: 'Анна', phone, email, password })
    for (const common of ['password1', 'Qwerty123', 'abc12345', '1q2w3e4r', 'PASSWORD1']) {
      const res = await reg(common)
      expect(res.status, common).toBe(422)
      expect(res.body.errors, common).toEqual({
        password: 'This password is one of the most common ones. Choose another',
      })
    }
    const national = digits(phone).slice(2)
    for (const own of [
      `a${national}`,
      `tel 8${national}`,
      `+7 (${national.slice(0, 3)}) ${national.slice(3)}x`,
      email,
      `anna.k${phoneSeq()}`,
    ]) {
      const res = await reg(own)
      expect(res.status, own).toBe(422)
      expect(res.body.errors, own).toEqual({ password: 'The password must not contain your phone or e-mail' })
    }
    expect(await scalar('SELECT count(*) FROM users WHERE phone = ?', digits(phone))).toBe(0)
    expect((await reg('Кудри-2026-лето')).status).toBe(200)

    // Restore: the same rule against the account's own contacts; the code is not spent.
    const r = client()
    await r.post('/api/user-password-restore/', { login: phone })
    const code = await lastCode(r, phone)
    const common = await r.post('/api/user-password-restore/', { login: phone, code, password: 'iloveyou1' })
    expect(common.status).toBe(422)
    expect(common.body.errors).toEqual({ password: 'This password is one of the most common ones. Choose another' })
    const own = await r.post('/api/user-password-restore/', { login: phone, code, password: `x${national}` })
    expect(own.body.errors).toEqual({ password: 'The password must not contain your phone or e-mail' })
    expect(
      (await r.post('/api/user-password-restore/', { login: phone, code, password: 'Локоны-42-весна' })).status,
    ).toBe(200)
  })
})

describe('password restore answers alike for known and unknown logins', () => {
  it('same status, body and waits over a sequence of requests', async () => {
    const { phone, email } = await register(client())
    const unknownEmail = `ghost${phoneSeq()}@example.com`
    const unknownPhone = newPhone()
    const shift = async (login: string, ms: number) => {
      await exec('UPDATE rate_limits SET reset_at = reset_at - ? WHERE key LIKE ?', ms, `restore:%${login}`)
      await exec('UPDATE auth_codes SET created_at = created_at - ? WHERE login = ?', ms, digits(phone))
    }
    const run = async (login: string, shiftKey: string) => {
      const c = client()
      const seen: unknown[] = []
      const ask = async () => {
        const res = await c.post('/api/user-password-restore/', { login })
        seen.push({ status: res.status, body: res.body })
      }
      await ask() // sent
      await ask() // 429, wait 60
      await shift(shiftKey, 30_000)
      await ask() // 429, wait 30
      for (let i = 0; i < 4; i++) {
        await shift(shiftKey, 61_000)
        await ask() // requests 2..5 of the hour
      }
      await shift(shiftKey, 61_000)
      await ask() // the 6th within the hour: 429 until the hour ends
      return seen
    }
    const known = await run(email, email)
    const unknown = await run(unknownEmail, unknownEmail)
    expect(unknown).toEqual(known)
    expect(known.map((s) => (s as { status: number }).status)).toEqual([200, 429, 429, 200, 200, 200, 200, 429])
    expect((known[1] as { body: { timeout: number } }).body.timeout).toBe(60)
    expect((known[2] as { body: { timeout: number } }).body.timeout).toBe(30)
    // By phone too.
    const byPhone = await run(phone, digits(phone))
    const byUnknownPhone = await run(unknownPhone, digits(unknownPhone))
    expect(byUnknownPhone).toEqual(byPhone)
    // Step 2 with a wrong code: the same 422 for both.
    const a = await client().post('/api/user-password-restore/', {
      login: email,
      code: '0000',
      password: 'Локоны-42-весна',
    })
    const b = await client().post('/api/user-password-restore/', {
      login: unknownEmail,
      code: '0000',
      password: 'Локоны-42-весна',
    })
    expect(a.status).toBe(422)
    expect({ status: b.status, body: b.body }).toEqual({ status: a.status, body: a.body })
  })
})

describe('restore step 2 tells nothing about the account', () => {
  it('a common password, and wrong codes up to the burn, answer alike for a known and an unknown login', async () => {
    const { phone } = await register(client())
    const unknown = newPhone()
    const run = async (login: string) => {
      const c = client()
      expect((await c.post('/api/user-password-restore/', { login })).status).toBe(200)
      const seen: unknown[] = []
      const code = wrongOf((await lastCode(c, login)) ?? '')
      const step2 = async (password: string) => {
        const res = await c.post('/api/user-password-restore/', { login, code, password })
        seen.push({ status: res.status, body: res.body })
      }
      await step2('password1') // one of the most common passwords
      for (let i = 0; i < SMS_CODE_MAX_ATTEMPTS + 1; i++) await step2('Локоны-42-весна')
      return seen
    }
    const known = await run(phone)
    const missing = await run(unknown)
    expect(missing).toEqual(known)
    expect((known[0] as { status: number }).status).toBe(422)
  })
})

describe('SMS money (issue 25 §3)', () => {
  const from = (peer: string) => visitor({ locale: 'en', peer })

  it('no SMS to numbers that are not Russian mobile numbers: 8-800 and landlines are a 422 on phone', async () => {
    for (const phone of ['8 800 555-35-35', '+7 (495) 128-46-70', '+7 (812) 407-22-18', '+7 (301) 000-00-01']) {
      const c = client()
      const res = await c.post('/api/user-sms/', { phone })
      expect(res.status, phone).toBe(422)
      expect(res.body.errors, phone).toEqual({ phone: expect.stringContaining('Russian mobile') })
      expect(await scalar('SELECT count(*) FROM sms_outbox WHERE phone = ?', digits(phone))).toBe(0)
    }
    // A signed-in user cannot have a code texted to a landline either.
    const { res } = await register(client())
    expect(res.status).toBe(200)
    const c = client()
    await c.post('/api/user-login/', { login: res.body.user.info.phone, password: 'Attacker-pass-77' })
    const contact = await c.post('/api/user-contact-code/', { phone: '+7 (495) 000-11-22' })
    expect(contact.status).toBe(422)
    expect(contact.body.errors).toEqual({ phone: expect.stringContaining('Russian mobile') })
  })

  it('a shop-wide hourly budget: once spent, code requests get 429 "try later or call" and the operator sees it in the log', async () => {
    setEnvForTests({ SMS_HOURLY_BUDGET: '3' })
    try {
      await exec("DELETE FROM rate_limits WHERE key = 'sms:budget'")
      for (let i = 0; i < 3; i++) expect((await client().post('/api/user-sms/', { phone: newPhone() })).status).toBe(200)
      const phone = newPhone()
      const { result: refused, logs } = await captureLogs(() => client().post('/api/user-sms/', { phone }), {
        SMS_HOURLY_BUDGET: '3',
      })
      expect(refused!.status).toBe(429)
      expect(refused!.body.message).toBe('Texts cannot be sent right now. Try again later or call us')
      expect(refused!.body.timeout).toBeGreaterThan(0)
      expect(await scalar('SELECT count(*) FROM sms_outbox WHERE phone = ?', digits(phone))).toBe(0)
      const line = logs
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .find((l) => l.msg === 'SMS hourly budget spent')
      expect(line).toMatchObject({ level: 'error', budget: 3 })
      // Restore step 1 too, for a known and an unknown login alike.
      const { phone: known } = await register(client())
      const a = await client().post('/api/user-password-restore/', { login: known })
      const b = await client().post('/api/user-password-restore/', { login: newPhone() })
      expect(a.status).toBe(429)
      expect({ status: b.status, message: b.body.message }).toEqual({ status: a.status, message: a.body.message })
      // The next hour: texts go again.
      await exec("UPDATE rate_limits SET reset_at = ? WHERE key = 'sms:budget'", Date.now() - 1)
      expect((await client().post('/api/user-sms/', { phone })).status).toBe(200)
    } finally {
      setEnvForTests({})
    }
  })

  it('a tighter budget per /24 network (and /48 for IPv6), whatever the addresses inside it', async () => {
    const max = LIMITS.smsPerNetwork.max
    for (let i = 1; i <= max; i++)
      expect((await from(`198.51.100.${i}`).post('/api/user-sms/', { phone: newPhone() })).status, String(i)).toBe(200)
    const over = await from('198.51.100.201').post('/api/user-sms/', { phone: newPhone() })
    expect(over.status).toBe(429)
    expect(over.body.timeout).toBeGreaterThan(0)
    // The next /24 is not affected.
    expect((await from('198.51.101.1').post('/api/user-sms/', { phone: newPhone() })).status).toBe(200)

    // IPv6: every /64 inside one /48 counts against the same budget.
    await exec(
      'INSERT INTO rate_limits (key, count, reset_at) VALUES (?, ?, ?)',
      'sms:net:2001:db8:77::/48',
      max,
      Date.now() + 3600_000,
    )
    expect((await from('2001:db8:77:4242::9').post('/api/user-sms/', { phone: newPhone() })).status).toBe(429)
    expect((await from('2001:db8:78::9').post('/api/user-sms/', { phone: newPhone() })).status).toBe(200)
  })
})

describe('one-time codes', () => {
  it("an attacker's wrong codes from many addresses do not lock the owner out: a new code, typed right, signs in", async () => {
    const owner = client()
    const phone = newPhone()
    let wrongs = 0
    // 25 wrong codes (more than the old daily lock of 20), each from a fresh client address.
    while (wrongs < 25) {
      await exec('UPDATE auth_codes SET created_at = created_at - 61000 WHERE login = ?', digits(phone))
      await exec('DELETE FROM rate_limits WHERE key = ?', `sms:phone:${digits(phone)}`)
      expect((await client().post('/api/user-sms/', { phone })).status).toBe(200)
      for (let i = 0; i < 5 && wrongs < 25; i++, wrongs++) {
        const res = await client().post('/api/user-login-code/', { phone, code: wrongOf(await lastCode(owner, phone)) })
        expect(res.status).toBe(422)
      }
    }
    // Past 20 wrong codes today, one wrong guess voids the current code: a new one must be asked for.
    const resend = async () => {
      await exec('UPDATE auth_codes SET created_at = created_at - 61000 WHERE login = ?', digits(phone))
      await exec('DELETE FROM rate_limits WHERE key = ?', `sms:phone:${digits(phone)}`)
      expect((await owner.post('/api/user-sms/', { phone })).status).toBe(200)
      return lastCode(owner, phone)
    }
    const voided = await resend()
    const guess = await client().post('/api/user-login-code/', { phone, code: wrongOf(voided) })
    expect(guess.body.message).toBe('Too many wrong attempts. Request a new code')
    expect((await owner.post('/api/user-login-code/', { phone, code: voided })).status).toBe(422)
    // The owner asks for a new code and types it: signed in.
    const right = await owner.post('/api/user-login-code/', { phone, code: await resend() })
    expect(right.status).toBe(200)
    expect(right.body.user.info.phone).toBe(phone)
  })

  it('the guesser is throttled: per phone and address, per address; a guessed-at code is void after a few tries', async () => {
    const owner = client()
    const phone = newPhone()
    const guesser = client()
    const ask = async () => {
      await exec('UPDATE auth_codes SET created_at = created_at - 61000 WHERE login = ?', digits(phone))
      expect((await owner.post('/api/user-sms/', { phone })).status).toBe(200)
      return lastCode(owner, phone)
    }
    let code = await ask()
    const statuses: number[] = []
    for (let i = 0; i < LIMITS.wrongCodesPerClient.max; i++) {
      if (i % SMS_CODE_MAX_ATTEMPTS === 0 && i > 0) code = await ask()
      statuses.push((await guesser.post('/api/user-login-code/', { phone, code: wrongOf(code) })).status)
    }
    expect(statuses.every((s) => s === 422)).toBe(true)
    code = await ask()
    // The guesser's address is stopped for this phone, even with the right code…
    const stopped = await guesser.post('/api/user-login-code/', { phone, code })
    expect(stopped.status).toBe(429)
    expect(stopped.body.timeout).toBeGreaterThan(0)
    // …the owner's is not.
    expect((await owner.post('/api/user-login-code/', { phone, code })).status).toBe(200)

    // Per address, across phones.
    const roamer = client()
    await exec(
      'INSERT INTO rate_limits (key, count, reset_at) VALUES (?, ?, ?)',
      `code:wrong:ip:${roamer.peer}`,
      LIMITS.wrongCodesPerIp.max,
      Date.now() + 3600_000,
    )
    const other = newPhone()
    const o = client()
    expect((await o.post('/api/user-sms/', { phone: other })).status).toBe(200)
    expect((await roamer.post('/api/user-login-code/', { phone: other, code: await lastCode(o, other) })).status).toBe(
      429,
    )
    expect((await o.post('/api/user-login-code/', { phone: other, code: await lastCode(o, other) })).status).toBe(200)
  })

  it("an attacker's wrong passwords from another address do not lock the owner's password sign-in", async () => {
    const { phone, password } = await register(client())
    const attacker = client()
    for (let i = 0; i <= LIMITS.loginPerLogin.max; i++) {
      const res = await attacker.post('/api/user-login/', { login: phone, password: `Wrong-${i}-pass` })
      expect(res.status).toBe(i < LIMITS.loginPerLogin.max ? 401 : 429)
    }
    const ownerSignIn = await client().post('/api/user-login/', { login: phone, password })
    expect(ownerSignIn.status).toBe(200)
  })

  it('failed sign-ins, failed codes and lockouts are logged with the address and a masked phone, never the secret', async () => {
    const { phone } = await register(client())
    const c = client()
    const { logs, error } = await captureLogs(async () => {
      await c.post('/api/user-login/', { login: phone, password: 'Secret-guess-917' })
      await c.post('/api/user-sms/', { phone })
      const code = await lastCode(c, phone)
      await c.post('/api/user-login-code/', { phone, code: wrongOf(code) })
      // The failed sign-in above opened this address's counter for the login: spend it.
      expect(await exec('UPDATE rate_limits SET count = 99 WHERE key = ?', `login:id:${digits(phone)}@${c.peer}`)).toBe(1)
      expect((await c.post('/api/user-login/', { login: phone, password: 'Secret-guess-918' })).status).toBe(429)
      return code
    }, { NODE_ENV: 'production' })
    setEnvForTests({})
    expect(error).toBeUndefined()
    const lines = logs.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>)
    const masked = digits(phone).slice(0, 5) + '*****' + digits(phone).slice(-2)
    const of = (msg: string) => lines.filter((l) => l.msg === msg)
    expect(of('Sign-in failed')).toEqual([expect.objectContaining({ clientIp: c.peer, login: masked })])
    expect(of('Wrong one-time code')).toEqual([expect.objectContaining({ clientIp: c.peer, login: masked })])
    expect(of('Sign-in attempts refused')).toEqual([expect.objectContaining({ clientIp: c.peer, login: masked })])
    expect(logs).not.toContain('Secret-guess')
    expect(logs).not.toContain(digits(phone))
  })

  describe('through the SMS.ru gateway (local fake)', () => {
    let fake: FakeSmsRu
    const apiId = 'A1B2C3D4-E5F6-7788-99AA-BBCCDDEEFF00'
    beforeAll(async () => {
      fake = await startFakeSmsRu({ apiId })
      setEnvForTests({ SMS_PROVIDER: 'smsru', SMSRU_API_ID: apiId, SMSRU_API_URL: fake.url })
    })
    afterAll(async () => {
      setEnvForTests({})
      await fake.close()
    })
    const textsTo = (phone: string) => fake.messages.filter((m) => m.to === digits(phone).slice(1))

    it('a refused send is a clear 503, records no code and starts no wait; the next request goes out', async () => {
      const c = client()
      const phone = newPhone()
      fake.failNext(201) // no money on the shop's gateway account
      const failed = await c.post('/api/user-sms/', { phone })
      expect(failed.status).toBe(503)
      expect(failed.body).toMatchObject({
        success: false,
        message: 'The text could not be sent right now. Try again in a few minutes',
      })
      expect(await scalar('SELECT count(*) FROM auth_codes WHERE login = ?', digits(phone))).toBe(0)
      expect(textsTo(phone)).toHaveLength(0)

      const sent = await c.post('/api/user-sms/', { phone })
      expect(sent.status).toBe(200)
      expect(textsTo(phone)).toHaveLength(1)
      // The code is stored hashed only; the gateway's outbox route does not exist with smsru.
      expect((await c.get('/api/dev/sms-outbox/', { phone })).status).toBe(404)
      const code = /\d{4}/.exec(textsTo(phone)[0]!.msg)![0]
      const signedIn = await c.post('/api/user-login-code/', { phone, code })
      expect(signedIn.status).toBe(200)
      expect(signedIn.body.user.info.phone).toBe(phone)
    })

    it('a number the gateway refuses is a 422 on the phone field', async () => {
      const c = client()
      const phone = newPhone()
      fake.failNext(202)
      const res = await c.post('/api/user-sms/', { phone })
      expect(res.status).toBe(422)
      expect(res.body.errors).toEqual({ phone: expect.stringContaining('this number') })
      expect((await c.post('/api/user-sms/', { phone })).status).toBe(200)
    })
  })
})
