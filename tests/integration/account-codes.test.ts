import { describe, expect, it } from 'vitest'
import { accountKit, digits } from '../helpers/account'
import { rows, scalar, exec } from '../helpers/db'

/** Accounts (contract §6): SMS codes, password restore, the outbox route, logs. */

const { client, newPhone, register, lastCode } = accountKit({
  peerNet: '10.0',
  phoneArea: '900',
  firstPhoneSeq: 1000,
  registration: { emailPrefix: 'user', fullname: 'Анна Смирнова', password: 'secret123', type: 'individual' },
  codeRequired: true,
})

describe('SMS codes', () => {
  it('sends a 4-digit code, 429 within 60 s with the seconds left, then again after the timeout', async () => {
    const c = client()
    const phone = newPhone()
    const sent = await c.post('/api/user-sms/', { phone })
    expect(sent.status).toBe(200)
    expect(sent.body).toEqual({ success: true, message: 'The code has been sent by SMS', timeout: 60 })
    expect(JSON.stringify(sent.body)).not.toMatch(/\d{4}"/)
    const outbox = await c.get('/api/dev/sms-outbox/', { phone })
    expect(outbox.body.list).toHaveLength(1)
    expect(outbox.body.list[0]).toMatchObject({ phone: digits(phone), code: expect.stringMatching(/^\d{4}$/) })
    expect(outbox.body.list[0].text).toContain(outbox.body.list[0].code)
    // The code is stored hashed.
    const stored = await rows<{ code_hash: string }>('SELECT code_hash FROM auth_codes WHERE login = ?', digits(phone))
    expect(stored[0]!.code_hash).not.toContain(outbox.body.list[0].code)

    const again = await c.post('/api/user-sms/', { phone })
    expect(again.status).toBe(429)
    expect(again.body.timeout).toBeGreaterThan(55)
    expect(again.body.timeout).toBeLessThanOrEqual(60)

    await exec('UPDATE auth_codes SET created_at = created_at - 45000 WHERE login = ?', digits(phone))
    const later = await c.post('/api/user-sms/', { phone })
    expect(later.status).toBe(429)
    expect(later.body.timeout).toBeLessThanOrEqual(15)

    await exec('UPDATE auth_codes SET created_at = created_at - 61000 WHERE login = ?', digits(phone))
    expect((await c.post('/api/user-sms/', { phone })).status).toBe(200)
    const list = (await c.get('/api/dev/sms-outbox/', { phone })).body.list
    expect(list).toHaveLength(2)
    expect(new Date(list[0].createdAt).getTime()).toBeGreaterThanOrEqual(new Date(list[1].createdAt).getTime())
  })

  it('a new phone signs in with the code and gets an account; the code is single use', async () => {
    const c = client()
    const phone = newPhone()
    await c.post('/api/user-sms/', { phone })
    const code = await lastCode(c, phone)
    const res = await c.post('/api/user-login-code/', { phone, code })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ success: true, user: { isAuthorized: true, info: { phone } } })
    expect(await scalar('SELECT count(*) FROM users WHERE phone = ?', digits(phone))).toBe(1)

    const reuse = await client().post('/api/user-login-code/', { phone, code })
    expect(reuse.status).toBe(422)
    expect(reuse.body.errors).toEqual({ code: 'Wrong or expired code' })
  })

  it('an existing phone signs into its account', async () => {
    const { phone } = await register(client())
    // A phone the account has proven (an unproven one is a squatter's claim: account-takeover.test.ts).
    await exec('UPDATE users SET phone_verified_at = ? WHERE phone = ?', Date.now(), digits(phone))
    const c = client()
    await c.post('/api/user-sms/', { phone })
    const res = await c.post('/api/user-login-code/', { phone, code: await lastCode(c, phone) })
    expect(res.body.user.info.fullname).toBe('Анна Смирнова')
    expect(await scalar('SELECT count(*) FROM users WHERE phone = ?', digits(phone))).toBe(1)
  })

  it('expires after 10 minutes', async () => {
    const c = client()
    const phone = newPhone()
    await c.post('/api/user-sms/', { phone })
    const code = await lastCode(c, phone)
    await exec(
      'UPDATE auth_codes SET created_at = created_at - 601000, expires_at = expires_at - 601000 WHERE login = ?',
      digits(phone),
    )
    const res = await c.post('/api/user-login-code/', { phone, code })
    expect(res.status).toBe(422)
    expect((await c.get('/api/user-info/')).body.isAuthorized).toBe(false)
  })

  it('5 wrong attempts burn the code', async () => {
    const c = client()
    const phone = newPhone()
    await c.post('/api/user-sms/', { phone })
    const code = await lastCode(c, phone)
    const wrong = code === '0000' ? '1111' : '0000'
    for (let i = 0; i < 4; i++) {
      const r = await c.post('/api/user-login-code/', { phone, code: wrong })
      expect(r.status).toBe(422)
      expect(r.body.message).toBe('Wrong or expired code')
    }
    const fifth = await c.post('/api/user-login-code/', { phone, code: wrong })
    expect(fifth.body.message).toBe('Too many wrong attempts. Request a new code')
    const right = await c.post('/api/user-login-code/', { phone, code })
    expect(right.status).toBe(422)
    expect((await c.get('/api/user-info/')).body.isAuthorized).toBe(false)
  })

  it('throttles codes per client address', async () => {
    const c = client()
    const key = `sms:ip:${c.peer}`
    await exec('INSERT INTO rate_limits (key, count, reset_at) VALUES (?, 20, ?)', key, Date.now() + 600_000)
    const res = await c.post('/api/user-sms/', { phone: newPhone() })
    expect(res.status).toBe(429)
    expect(res.body.timeout).toBeGreaterThan(500)
  })

  it('the code is never in any answer but the outbox route, and the tRPC twin works', async () => {
    const c = client()
    const phone = newPhone()
    const { caller } = c.trpc()
    const sent = await caller.user.sms({ phone })
    expect(sent).toEqual({ success: true, message: expect.any(String), timeout: 60 })
    await expect(caller.user.sms({ phone })).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' })
  })
})

describe('password restore', () => {
  it('sends a code, then sets the new password, signs in and ends other sessions', async () => {
    const other = client()
    const { phone, email } = await register(other)
    const c = client()
    const step1 = await c.post('/api/user-password-restore/', { login: email })
    expect(step1.status).toBe(200)
    expect(step1.body).toMatchObject({ success: true, timeout: 60 })
    const unknown = await client().post('/api/user-password-restore/', { login: 'ghost@example.com' })
    expect(unknown.body).toEqual(step1.body)

    const code = await lastCode(c, phone)
    const weak = await c.post('/api/user-password-restore/', { login: email, code, password: 'short' })
    expect(weak.status).toBe(422)
    const bad = await c.post('/api/user-password-restore/', {
      login: email,
      code: code === '0000' ? '1111' : '0000',
      password: 'newpass123',
    })
    expect(bad.status).toBe(422)
    const done = await c.post('/api/user-password-restore/', { login: email, code, password: 'newpass123' })
    expect(done.status).toBe(200)
    expect(done.body).toMatchObject({ success: true, user: { isAuthorized: true } })
    expect((await other.get('/api/user-info/')).body.isAuthorized).toBe(false)
    expect((await client().post('/api/user-login/', { login: phone, password: 'secret123' })).status).toBe(401)
    expect((await client().post('/api/user-login/', { login: phone, password: 'newpass123' })).status).toBe(200)
  })
})

describe('the outbox route', () => {
  it('requires a phone and never lists another phone', async () => {
    const c = client()
    expect((await c.get('/api/dev/sms-outbox/')).status).toBe(422)
    const res = await c.get('/api/dev/sms-outbox/', { phone: '+7 (999) 999-99-99' })
    expect(res.body).toEqual({ list: [] })
  })
})

describe('logs', () => {
  it('in production the outbox log line has no code and a masked phone; no password is ever logged', async () => {
    const { setEnvForTests } = await import('../../server/env')
    const lines: string[] = []
    const original = process.stdout.write.bind(process.stdout)
    process.stdout.write = (chunk: string | Uint8Array) => {
      lines.push(String(chunk))
      return true
    }
    try {
      setEnvForTests({ NODE_ENV: 'production', LOG_LEVEL: 'info' })
      const c = client()
      const phone = newPhone()
      await c.post('/api/user-sms/', { phone })
      const code = await lastCode(c, phone)
      await c.post('/api/user-login/', { login: phone, password: 'my-secret-99' })
      const log = lines.join('')
      expect(log).toContain('SMS stored in the outbox')
      expect(log).not.toContain(digits(phone))
      expect(log).not.toContain(`: ${code}`)
      expect(log).not.toContain('my-secret-99')
    } finally {
      process.stdout.write = original
      setEnvForTests({ NODE_ENV: 'test', LOG_LEVEL: 'silent' })
    }
  })
})
