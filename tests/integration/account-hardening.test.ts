import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORIGIN, visitor, type ApiClient } from '../helpers/api'
import { db, rows, scalar } from '../helpers/db'
import { setEnvForTests } from '../../server/env'
import { startFakeSmsRu, type FakeSmsRu } from '../fakes/smsru'

/** Accounts hardening of issue 12 (point 5, and the code rules of points 1 and 4). */

let peerSeq = 0
const client = (locale = 'en') => visitor({ locale, peer: `10.12.${Math.floor(++peerSeq / 250)}.${peerSeq % 250}` })
const rel = (location: string | null) => (location ?? '').replace(ORIGIN, '')

let phoneSeq = 3000
const newPhone = () => `+7 (901) 000-${String(++phoneSeq).slice(0, 2)}-${String(phoneSeq).slice(2, 4)}`
const digits = (p: string) => '+7' + p.replace(/\D/g, '').slice(1)

async function register(c: ApiClient, extra: Record<string, unknown> = {}) {
  const phone = newPhone()
  const email = `harden${phoneSeq}@example.com`
  const res = await c.post('/api/user-registration/', {
    fullname: 'Ольга Петрова',
    phone,
    email,
    password: 'Attacker-pass-77',
    ...extra,
  })
  expect(res.status).toBe(200)
  return { res, phone, email, password: 'Attacker-pass-77' }
}

const lastCode = async (c: ApiClient, phone: string) => {
  const res = await c.get('/api/dev/sms-outbox/', { phone })
  return res.body.list[0]?.code as string
}
const lastMailCode = (email: string) =>
  scalar<string>('SELECT code FROM mail_outbox WHERE email = ? ORDER BY id DESC LIMIT 1', email)
const wrongOf = (code: string) => (code === '0000' ? '1111' : '0000')

describe('pre-account takeover', () => {
  it("an attacker registers with the victim's phone; the victim signs in by SMS: attacker out, password dead, victim in", async () => {
    const attacker = client()
    const { phone, password } = await register(attacker)
    const userId = scalar<number>('SELECT id FROM users WHERE phone = ?', digits(phone))
    // Registration keeps its contract: signed in at once, the phone only claimed.
    expect((await attacker.get('/api/user-info/')).body.isAuthorized).toBe(true)
    expect(scalar('SELECT phone_verified_at FROM users WHERE id = ?', userId)).toBeNull()
    const attacker2 = client()
    expect((await attacker2.post('/api/user-login/', { login: phone, password })).status).toBe(200)

    const victim = client()
    expect((await victim.post('/api/user-sms/', { phone })).status).toBe(200)
    const signedIn = await victim.post('/api/user-login-code/', { phone, code: await lastCode(victim, phone) })
    expect(signedIn.status).toBe(200)
    expect(signedIn.body.user).toMatchObject({ isAuthorized: true, id: userId })

    // Every session of the attacker ended, the password no longer works, the phone is proven.
    expect((await attacker.get('/api/user-info/')).body.isAuthorized).toBe(false)
    expect((await attacker2.get('/api/user-info/')).body.isAuthorized).toBe(false)
    expect((await client().post('/api/user-login/', { login: phone, password })).status).toBe(401)
    expect(scalar('SELECT password_hash FROM users WHERE id = ?', userId)).toBeNull()
    expect(scalar('SELECT phone_verified_at FROM users WHERE id = ?', userId)).toEqual(expect.any(Number))
    expect(scalar('SELECT count(*) FROM sessions WHERE user_id = ?', userId)).toBe(1)
    expect((await victim.get('/api/user-info/')).body).toMatchObject({ isAuthorized: true, id: userId })
  })

  it('a verified phone signing in by SMS keeps its password and its other sessions', async () => {
    const first = client()
    const phone = newPhone()
    await first.post('/api/user-sms/', { phone })
    await first.post('/api/user-login-code/', { phone, code: await lastCode(first, phone) })
    const userId = scalar<number>('SELECT id FROM users WHERE phone = ?', digits(phone))
    expect(scalar('SELECT phone_verified_at FROM users WHERE id = ?', userId)).toEqual(expect.any(Number))
    db().$client.prepare('UPDATE auth_codes SET created_at = created_at - 61000 WHERE login = ?').run(digits(phone))
    const second = client()
    await second.post('/api/user-sms/', { phone })
    expect((await second.post('/api/user-login-code/', { phone, code: await lastCode(second, phone) })).status).toBe(
      200,
    )
    expect((await first.get('/api/user-info/')).body.isAuthorized).toBe(true)
  })
})

describe('changing the phone or e-mail in the profile', () => {
  it('a new phone needs the code sent to it; the proven phone is saved as verified', async () => {
    const c = client()
    const { phone, email } = await register(c)
    const userId = scalar<number>('SELECT id FROM users WHERE phone = ?', digits(phone))
    const fresh = newPhone()
    const base = { fullname: 'Ольга Петрова', email, type: 'individual' }

    // Unchanged contacts need no code.
    expect((await c.post('/api/user-account-update/', { ...base, phone, fullname: 'Ольга П.' })).status).toBe(200)

    const noCode = await c.post('/api/user-account-update/', { ...base, phone: fresh })
    expect(noCode.status).toBe(422)
    expect(noCode.body.errors).toEqual({ phoneCode: 'Enter the code sent to the new contact' })
    expect(scalar('SELECT phone FROM users WHERE id = ?', userId)).toBe(digits(phone))

    // The code route: a visitor is 401, another account's phone is 409.
    expect((await client().post('/api/user-contact-code/', { phone: fresh })).status).toBe(401)
    const other = await register(client())
    const taken = await c.post('/api/user-contact-code/', { phone: other.phone })
    expect(taken.status).toBe(409)
    expect(taken.body.errors).toHaveProperty('phone')
    expect((await c.post('/api/user-contact-code/', {})).status).toBe(422)

    const sent = await c.post('/api/user-contact-code/', { phone: fresh })
    expect(sent.status).toBe(200)
    expect(sent.body).toEqual({ success: true, message: 'The code has been sent by SMS', timeout: 60 })
    expect(rows('SELECT purpose FROM auth_codes WHERE login = ?', digits(fresh))).toEqual([{ purpose: 'contact' }])
    const code = await lastCode(c, fresh)

    // A code sent for signing in to that phone is not a contact code.
    const wrong = await c.post('/api/user-account-update/', { ...base, phone: fresh, phoneCode: wrongOf(code) })
    expect(wrong.status).toBe(422)
    expect(wrong.body.errors).toEqual({ phoneCode: 'Wrong or expired code' })
    expect(scalar('SELECT phone FROM users WHERE id = ?', userId)).toBe(digits(phone))

    const ok = await c.post('/api/user-account-update/', { ...base, phone: fresh, phoneCode: code })
    expect(ok.status).toBe(200)
    expect(ok.body.user.info.phone).toBe(fresh)
    expect(rows('SELECT phone, phone_verified_at IS NOT NULL AS verified FROM users WHERE id = ?', userId)).toEqual([
      { phone: digits(fresh), verified: 1 },
    ])
    // Single use.
    const again = await c.post('/api/user-account-update/', { ...base, phone: phone, phoneCode: code })
    expect(again.status).toBe(422)
  })

  it('a new e-mail needs the code sent by mail; both codes are spent only together', async () => {
    const c = client()
    const { phone, email } = await register(c)
    const userId = scalar<number>('SELECT id FROM users WHERE phone = ?', digits(phone))
    const newEmail = `changed${phoneSeq}@example.com`
    const base = { fullname: 'Ольга Петрова', phone, type: 'individual' }
    expect((await c.post('/api/user-account-update/', { ...base, email: newEmail })).body.errors).toEqual({
      emailCode: 'Enter the code sent to the new contact',
    })
    const sent = await c.post('/api/user-contact-code/', { email: newEmail.toUpperCase() })
    expect(sent.status).toBe(200)
    expect(sent.body.message).toBe('The code has been sent by e-mail')
    const code = lastMailCode(newEmail)
    expect(code).toMatch(/^\d{4}$/)

    // A new phone too, with a wrong code: neither changes and the e-mail code stays usable.
    const fresh = newPhone()
    await c.post('/api/user-contact-code/', { phone: fresh })
    const phoneCode = await lastCode(c, fresh)
    const mixed = await c.post('/api/user-account-update/', {
      ...base,
      phone: fresh,
      phoneCode: wrongOf(phoneCode),
      email: newEmail,
      emailCode: code,
    })
    expect(mixed.status).toBe(422)
    expect(mixed.body.errors).toEqual({ phoneCode: 'Wrong or expired code' })
    expect(scalar('SELECT email FROM users WHERE id = ?', userId)).toBe(email)

    const ok = await c.post('/api/user-account-update/', { ...base, email: newEmail, emailCode: code })
    expect(ok.status).toBe(200)
    expect(rows('SELECT email, email_verified_at IS NOT NULL AS verified FROM users WHERE id = ?', userId)).toEqual([
      { email: newEmail, verified: 1 },
    ])
  })

  it('with MAIL_PROVIDER=none an e-mail change is a clear 409', async () => {
    const c = client()
    const { phone, email } = await register(c)
    try {
      setEnvForTests({ MAIL_PROVIDER: 'none' })
      const code = await c.post('/api/user-contact-code/', { email: `x${email}` })
      expect(code.status).toBe(409)
      expect(code.body.message).toBe('E-mail cannot be confirmed on this site: sending mail is not set up')
      const update = await c.post('/api/user-account-update/', {
        fullname: 'Ольга',
        phone,
        email: `x${email}`,
        emailCode: '1234',
      })
      expect(update.status).toBe(409)
      expect(update.body.errors).toEqual({
        email: 'E-mail cannot be confirmed on this site: sending mail is not set up',
      })
      // Saving without changing the e-mail still works.
      expect((await c.post('/api/user-account-update/', { fullname: 'Ольга', phone, email })).status).toBe(200)
    } finally {
      setEnvForTests({})
    }
  })
})

describe('passwords', () => {
  it('refuses the most common passwords and the own phone or e-mail, at registration and restore', async () => {
    const c = client()
    const phone = newPhone()
    const email = `anna.k${phoneSeq}@example.com`
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
      `anna.k${phoneSeq}`,
    ]) {
      const res = await reg(own)
      expect(res.status, own).toBe(422)
      expect(res.body.errors, own).toEqual({ password: 'The password must not contain your phone or e-mail' })
    }
    expect(scalar('SELECT count(*) FROM users WHERE phone = ?', digits(phone))).toBe(0)
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
    const unknownEmail = `ghost${phoneSeq}@example.com`
    const unknownPhone = newPhone()
    const shift = (login: string, ms: number) => {
      db()
        .$client.prepare('UPDATE rate_limits SET reset_at = reset_at - ? WHERE key LIKE ?')
        .run(ms, `restore:%${login}`)
      db().$client.prepare('UPDATE auth_codes SET created_at = created_at - ? WHERE login = ?').run(ms, digits(phone))
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
      shift(shiftKey, 30_000)
      await ask() // 429, wait 30
      for (let i = 0; i < 4; i++) {
        shift(shiftKey, 61_000)
        await ask() // requests 2..5 of the hour
      }
      shift(shiftKey, 61_000)
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

describe('one-time codes', () => {
  it('20 wrong codes a day for one phone: every check answers 429, even the right code, until the day ends', async () => {
    const phone = newPhone()
    let wrongs = 0
    const c = client()
    // Several codes in a row (each burns after 5 wrong tries): the daily count spans them all.
    while (wrongs < 20) {
      db().$client.prepare('UPDATE auth_codes SET created_at = created_at - 61000 WHERE login = ?').run(digits(phone))
      expect((await c.post('/api/user-sms/', { phone })).status).toBe(200)
      const code = await lastCode(c, phone)
      for (let i = 0; i < 5 && wrongs < 20; i++, wrongs++) {
        // A fresh client address each time: the per-address limit is not what stops this.
        const res = await client().post('/api/user-login-code/', { phone, code: wrongOf(code) })
        expect(res.status).toBe(422)
      }
    }
    db().$client.prepare('UPDATE auth_codes SET created_at = created_at - 61000 WHERE login = ?').run(digits(phone))
    await c.post('/api/user-sms/', { phone })
    const right = await client().post('/api/user-login-code/', { phone, code: await lastCode(c, phone) })
    expect(right.status).toBe(429)
    expect(right.body.message).toBe('Too many wrong codes for this number today. Try again later')
    expect(right.body.timeout).toBeGreaterThan(23 * 3600)
    expect(scalar('SELECT count(*) FROM users WHERE phone = ?', digits(phone))).toBe(0)
    // Another phone is not affected.
    const other = newPhone()
    await c.post('/api/user-sms/', { phone: other })
    expect((await c.post('/api/user-login-code/', { phone: other, code: await lastCode(c, other) })).status).toBe(200)
    // When the day is over, the right code works again.
    db()
      .$client.prepare('UPDATE rate_limits SET reset_at = ? WHERE key = ?')
      .run(Date.now() - 1, `code:wrong:${digits(phone)}`)
    const later = await client().post('/api/user-login-code/', { phone, code: await lastCode(c, phone) })
    expect(later.status).toBe(200)
  })

  it('the daily cap covers restore codes and contact codes of the same phone', async () => {
    const { phone } = await register(client())
    db()
      .$client.prepare('INSERT INTO rate_limits (key, count, reset_at) VALUES (?, 20, ?)')
      .run(`code:wrong:${digits(phone)}`, Date.now() + 3600_000)
    const c = client()
    await c.post('/api/user-password-restore/', { login: phone })
    const res = await c.post('/api/user-password-restore/', {
      login: phone,
      code: await lastCode(c, phone),
      password: 'Локоны-42-весна',
    })
    expect(res.status).toBe(429)
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
      expect(scalar('SELECT count(*) FROM auth_codes WHERE login = ?', digits(phone))).toBe(0)
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

describe('demo-only routes', () => {
  it('the SMS outbox and the test OAuth provider exist only in demo mode', async () => {
    const c = client()
    expect((await c.get('/api/dev/sms-outbox/', { phone: newPhone() })).status).toBe(200)
    try {
      setEnvForTests({
        SHOP_MODE: 'production',
        APP_ORIGIN: ORIGIN,
        SMS_PROVIDER: 'smsru',
        SMSRU_API_ID: 'a-real-looking-api-id-123456',
        PAYMENT_PROVIDER: 'yookassa',
        YOOKASSA_SHOP_ID: '123456',
        YOOKASSA_SECRET_KEY: 'live_a-real-looking-secret-key',
        MAIL_PROVIDER: 'none',
      })
      expect((await c.get('/api/dev/sms-outbox/', { phone: newPhone() })).status).toBe(404)
      expect((await c.get('/api/oauth/providers/')).body.list).toEqual([])
      expect((await c.post('/api/oauth/test/start/')).status).toBe(404)
      expect((await c.raw('GET', '/api/oauth/test/callback/?state=x&code=y')).status).toBe(404)
      expect(
        (
          await c.raw(
            'GET',
            `/api/oauth/test/authorize/?redirect_uri=${encodeURIComponent(`${ORIGIN}/api/oauth/test/callback/`)}&state=s&code_challenge=x`,
          )
        ).status,
      ).toBe(404)
      expect(
        (await c.post('/api/oauth/test/token/', { code: 'x', code_verifier: 'y', redirect_uri: 'z' })).status,
      ).toBe(404)
      expect((await c.get('/api/oauth/test/userinfo/', { access_token: 'x' })).status).toBe(404)
      expect((await c.trpc().caller.user.socialProviders({})).map((p) => p.code)).toEqual([])
    } finally {
      setEnvForTests({})
    }
    // Demo mode with a real SMS gateway: no outbox either.
    try {
      setEnvForTests({ SMS_PROVIDER: 'smsru', SMSRU_API_ID: 'x'.repeat(20) })
      expect((await c.get('/api/dev/sms-outbox/', { phone: newPhone() })).status).toBe(404)
    } finally {
      setEnvForTests({})
    }
  })
})

// ---------------------------------------------------------------------------------------------
// OAuth: identities, never an e-mail match

async function oauthRound(
  c: ApiClient,
  profile: { email?: string; phone?: string; name?: string },
  back = '/personal/',
) {
  const start = await c.form('POST', '/api/oauth/test/start/', [['back', back]])
  expect(start.status).toBe(302)
  const q = new URL(start.headers.get('location')!).searchParams
  const decided = await c.form('POST', '/api/oauth/test/authorize/', [
    ['redirect_uri', q.get('redirect_uri')!],
    ['state', q.get('state')!],
    ['code_challenge', q.get('code_challenge')!],
    ['code_challenge_method', 'S256'],
    ['name', profile.name ?? 'Соц Сеть'],
    ['email', profile.email ?? ''],
    ['phone', profile.phone ?? ''],
    ['decision', 'allow'],
  ])
  const done = await c.raw('GET', rel(decided.headers.get('location')))
  expect(done.status).toBe(302)
  return rel(done.headers.get('location'))
}

describe('OAuth', () => {
  it('an e-mail (or phone) match alone signs nobody in: the answer says to sign in and link', async () => {
    const { email, phone } = await register(client())
    const userId = scalar<number>('SELECT id FROM users WHERE email = ?', email)
    const c = client()
    expect(await oauthRound(c, { email: email.toUpperCase() })).toBe('/login/?oauth=account-exists')
    expect((await c.get('/api/user-info/')).body.isAuthorized).toBe(false)
    expect(scalar('SELECT count(*) FROM user_identities WHERE user_id = ?', userId)).toBe(0)
    const c2 = client()
    expect(await oauthRound(c2, { phone })).toBe('/login/?oauth=account-exists')
    expect((await c2.get('/api/user-info/')).body.isAuthorized).toBe(false)
    expect(scalar('SELECT count(*) FROM users WHERE email = ?', email)).toBe(1)
  })

  it('a signed-in shopper links a new identity; afterwards it signs in to that account', async () => {
    const owner = client()
    const { email } = await register(owner)
    const userId = scalar<number>('SELECT id FROM users WHERE email = ?', email)
    const sid = owner.cookies.get('sid')
    expect(await oauthRound(owner, { email }, '/personal/')).toBe('/personal/')
    expect(rows('SELECT provider, subject FROM user_identities WHERE user_id = ?', userId)).toEqual([
      { provider: 'test', subject: `test:${email}` },
    ])
    // Linking keeps the session.
    expect(owner.cookies.get('sid')).toBe(sid)
    expect((await owner.get('/api/user-info/')).body.id).toBe(userId)

    const later = client()
    expect(await oauthRound(later, { email }, '/cart/')).toBe('/cart/')
    expect((await later.get('/api/user-info/')).body).toMatchObject({ isAuthorized: true, id: userId })
  })

  it('an identity linked to one account cannot be linked to another', async () => {
    const email = `solo${++phoneSeq}@oauth.test`
    const first = client()
    expect(await oauthRound(first, { email })).toBe('/personal/')
    const firstId = (await first.get('/api/user-info/')).body.id
    const second = client()
    await register(second)
    const secondId = (await second.get('/api/user-info/')).body.id
    expect(await oauthRound(second, { email })).toBe('/personal/?oauth=linked-elsewhere')
    expect((await second.get('/api/user-info/')).body.id).toBe(secondId)
    expect(scalar('SELECT user_id FROM user_identities WHERE subject = ?', `test:${email}`)).toBe(firstId)
  })

  it('a new identity makes a new account with the contacts the provider verified', async () => {
    const c = client()
    const email = `brandnew${++phoneSeq}@oauth.test`
    expect(await oauthRound(c, { email })).toBe('/personal/')
    expect(rows('SELECT email_verified_at IS NOT NULL AS v FROM users WHERE email = ?', email)).toEqual([{ v: 1 }])
  })
})
