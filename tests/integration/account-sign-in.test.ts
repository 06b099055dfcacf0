import { describe, expect, it } from 'vitest'
import { visitor } from '../helpers/api'
import { accountKit } from '../helpers/account'
import { scalar, exec } from '../helpers/db'
import { sessionIdOf } from '../helpers/commerce'

/** Accounts (contract §6): user-info, sign-up, sign-in and sign-out. */

const { client, newPhone, register, phoneSeq } = accountKit({
  peerNet: '10.0',
  phoneArea: '900',
  firstPhoneSeq: 1000,
  registration: { emailPrefix: 'user', fullname: 'Анна Смирнова', password: 'secret123', type: 'individual' },
  codeRequired: true,
})

describe('user-info', () => {
  it('a visitor is not authorized, id -1, empty info, the session city', async () => {
    const c = client()
    const res = await c.get('/api/user-info/')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      isAuthorized: false,
      id: -1,
      info: { fullname: '', taxId: '', organization: '', contactPerson: '', phone: '', email: '' },
      meta: { type: 'individual', subtype: null },
      addresses: [],
    })
    expect(res.body.city).toMatchObject({ id: expect.any(Number), name: expect.any(String), isConfirmed: false })
  })
})

describe('user-check and user-registration', () => {
  it('registers, signs in, and a second account with the same phone or e-mail is 409', async () => {
    const c = client()
    const { res, phone, email } = await register(c)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      success: true,
      message: 'Registration completed',
      user: { isAuthorized: true, info: { fullname: 'Анна Смирнова', email } },
    })
    expect(res.body.user.info.phone).toBe(phone)
    expect(JSON.stringify(res.body)).not.toMatch(/scrypt|password/i)
    expect(res.headers.getSetCookie().join()).toMatch(/sid=.+HttpOnly; SameSite=Lax/)
    const stored = await scalar<string>('SELECT password_hash FROM users WHERE email = ?', email)
    expect(stored).toMatch(/^scrypt\$/)

    const info = await c.get('/api/user-info/')
    expect(info.body.isAuthorized).toBe(true)

    const c2 = client()
    const dupPhone = await c2.post('/api/user-registration/', {
      fullname: 'X',
      phone,
      email: 'other@example.com',
      password: 'secret123',
    })
    expect(dupPhone.status).toBe(409)
    expect(dupPhone.body).toMatchObject({ success: false, errors: { phone: expect.any(String) } })
    const dupEmail = await c2.post('/api/user-registration/', {
      fullname: 'X',
      phone: newPhone(),
      email: email.toUpperCase(),
      password: 'secret123',
    })
    expect(dupEmail.status).toBe(409)
    expect(dupEmail.body.errors).toHaveProperty('email')

    expect((await c2.post('/api/user-check/', { phone })).body).toEqual({ success: true, exists: true })
    expect((await c2.post('/api/user-check/', { email })).body).toEqual({ success: true, exists: true })
    expect((await c2.post('/api/user-check/', { phone: newPhone() })).body).toEqual({ success: true, exists: false })
    expect((await c2.post('/api/user-check/', {})).status).toBe(422)
  })

  it('validation: spec messages, snake_case form bodies, legal INN checksum', async () => {
    const c = client()
    const bad = await c.post('/api/user-registration/', {
      fullname: '',
      phone: '+7 (900) 1',
      email: 'nope',
      password: 'short',
    })
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toEqual({
      fullname: 'Required field',
      phone: 'Enter the full phone number',
      email: 'Invalid E-mail',
      password: 'Minimum length: 8',
    })
    const legal = await c.form('POST', '/api/user-registration/', [
      ['fullname', 'Пётр'],
      ['phone', newPhone()],
      ['email', `legal${phoneSeq()}@example.com`],
      ['password', 'secret123'],
      ['type', 'legal'],
      ['subtype', 'organization'],
      ['tax_id', '7707083894'],
      ['organization', 'ООО Ромашка'],
    ])
    expect(legal.status).toBe(422)
    expect(legal.body.errors).toEqual({ taxId: 'Invalid taxpayer number (INN)' })
    const ok = await c.form('POST', '/api/user-registration/', [
      ['fullname', 'Пётр'],
      ['phone', newPhone()],
      ['email', `legal${phoneSeq()}@example.com`],
      ['password', 'secret123'],
      ['type', 'legal'],
      ['subtype', 'organization'],
      ['tax_id', '7707083893'],
      ['organization', 'ООО Ромашка'],
      ['contact_person', 'Пётр Петров'],
    ])
    expect(ok.status).toBe(200)
    expect(ok.body.user).toMatchObject({
      meta: { type: 'legal', subtype: 'organization' },
      info: { taxId: '7707083893', contactPerson: 'Пётр Петров' },
    })
  })

  it('garbage never gives a 5xx', async () => {
    const c = client()
    for (const body of [[], 'x', { phone: { a: 1 } }, { login: ['a'], password: 5 }, { code: null }]) {
      for (const path of [
        '/api/user-registration/',
        '/api/user-login/',
        '/api/user-sms/',
        '/api/user-login-code/',
        '/api/user-password-restore/',
        '/api/user-check/',
      ]) {
        const res = await c.post(path, body)
        expect(res.status, path).toBeLessThan(500)
      }
    }
  })
})

describe('user-login and user-logout', () => {
  it('signs in by phone or e-mail; a wrong password and an unknown login get the same 401', async () => {
    const { phone, email, password } = await register(client())
    const c = client()
    const byPhone = await c.post('/api/user-login/', { login: phone, password })
    expect(byPhone.status).toBe(200)
    expect(byPhone.body).toMatchObject({ success: true, user: { isAuthorized: true } })
    const c2 = client()
    expect((await c2.post('/api/user-login/', { login: email.toUpperCase(), password })).status).toBe(200)

    const wrong = await client().post('/api/user-login/', { login: phone, password: 'wrong1234' })
    const unknown = await client().post('/api/user-login/', { login: 'nobody@example.com', password: 'wrong1234' })
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(wrong.body).toEqual(unknown.body)
    expect(wrong.body).toEqual({ success: false, message: 'Wrong login or password' })
  })

  it('rotates the session id at sign-in: the visitor cookie stops working', async () => {
    const { phone, password } = await register(client())
    const c = client()
    await c.post('/api/user-city/', { id: 2 })
    const before = c.cookies.get('sid')
    expect(before).toBeTruthy()
    await c.post('/api/user-login/', { login: phone, password })
    const after = c.cookies.get('sid')
    expect(after).toBeTruthy()
    expect(after).not.toBe(before)
    // The city chosen as a visitor survives the rotation.
    expect((await c.get('/api/user-info/')).body.city).toMatchObject({ id: 2, isConfirmed: true })
    const stale = visitor({ headers: { cookie: `sid=${before}` } })
    expect((await stale.get('/api/user-info/')).body.isAuthorized).toBe(false)
    expect(
      await scalar(
        'SELECT count(*) FROM sessions WHERE user_id IS NOT NULL AND id = (SELECT id FROM sessions ORDER BY created_at DESC LIMIT 1)',
      ),
    ).toBe(1)
  })

  it('logout destroys the session: the old cookie no longer works', async () => {
    const c = client()
    await register(c)
    const sid = c.cookies.get('sid')
    const out = await c.post('/api/user-logout/')
    expect(out.status).toBe(200)
    expect(out.body).toEqual({ success: true, message: 'You are signed out' })
    expect(out.headers.getSetCookie().join()).toMatch(/sid=;.*Max-Age=0/)
    expect(c.cookies.has('sid')).toBe(false)
    const replay = visitor({ headers: { cookie: `sid=${sid}` } })
    expect((await replay.get('/api/user-info/')).body.isAuthorized).toBe(false)
    expect((await replay.get('/api/user-address-list/')).status).toBe(401)
  })

  it('logout keeps the chosen city and its confirmation in a new visitor session', async () => {
    const c = client()
    await c.post('/api/user-city/', { id: 2 })
    await register(c)
    const signedIn = c.cookies.get('sid')
    const city = (await c.get('/api/user-info/')).body.city
    expect(city).toMatchObject({ id: 2, isConfirmed: true })
    const out = await c.post('/api/user-logout/')
    expect(out.status).toBe(200)
    const sid = c.cookies.get('sid')
    expect(sid).toBeTruthy()
    expect(sid).not.toBe(signedIn)
    const info = (await c.get('/api/user-info/')).body
    expect(info.isAuthorized).toBe(false)
    expect(info.city).toEqual(city)
    // The signed-in session itself is gone, the new one belongs to no one.
    expect((await visitor({ headers: { cookie: `sid=${signedIn}` } }).get('/api/user-info/')).body.isAuthorized).toBe(
      false,
    )
    expect(await scalar('SELECT user_id FROM sessions WHERE id = ?', sessionIdOf(c))).toBeNull()
  })

  it('throttles sign-in per login and client address (429 with the wait), and per client address', async () => {
    const { phone } = await register(client())
    const c = client()
    for (let i = 0; i < 10; i++)
      expect((await c.post('/api/user-login/', { login: phone, password: `wrong${i}xx` })).status).toBe(401)
    // The guesser's address is stopped for this login; another address (the owner's) is not.
    const blocked = await c.post('/api/user-login/', { login: phone, password: 'secret123' })
    expect(blocked.status).toBe(429)
    expect((await client().post('/api/user-login/', { login: phone, password: 'secret123' })).status).toBe(200)
    expect(blocked.body.timeout).toBeGreaterThan(0)
    expect(blocked.body.message).toMatch(/Try again in \d+ s/)

    const ip = client()
    await exec(
      'INSERT INTO rate_limits (key, count, reset_at) VALUES (?, 100, ?)',
      `login:ip:${ip.peer}`,
      Date.now() + 60_000,
    )
    const byIp = await ip.post('/api/user-login/', { login: newPhone(), password: 'whatever1' })
    expect(byIp.status).toBe(429)
    expect(byIp.body.timeout).toBeGreaterThan(0)
  })
})
