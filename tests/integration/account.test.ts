import { describe, expect, it } from 'vitest'
import { visitor, type ApiClient } from '../helpers/api'
import { rows, scalar, db } from '../helpers/db'

let ipSeq = 0
/** Each client gets its own address, so per-IP throttling is tested only where meant. */
const client = (locale = 'en') => visitor({ locale, peer: `10.0.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}` })

let phoneSeq = 1000
const newPhone = () => `+7 (900) 000-${String(++phoneSeq).slice(0, 2)}-${String(phoneSeq).slice(2, 4)}`
const digits = (p: string) => '+7' + p.replace(/\D/g, '').slice(1)

async function register(c: ApiClient, extra: Record<string, unknown> = {}) {
  const phone = newPhone()
  const email = `user${phoneSeq}@example.com`
  const res = await c.post('/api/user-registration/', {
    fullname: 'Анна Смирнова',
    phone,
    email,
    password: 'secret123',
    type: 'individual',
    ...extra,
  })
  return { res, phone, email, password: 'secret123' }
}

const lastCode = async (c: ApiClient, phone: string) => {
  const res = await c.get('/api/dev/sms-outbox/', { phone })
  return res.body.list[0].code as string
}

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
    const stored = scalar<string>('SELECT password_hash FROM users WHERE email = ?', email)
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
      ['email', `legal${phoneSeq}@example.com`],
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
      ['email', `legal${phoneSeq}@example.com`],
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
      scalar(
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
    expect(scalar('SELECT user_id FROM sessions ORDER BY created_at DESC, rowid DESC LIMIT 1')).toBeNull()
  })

  it('throttles sign-in per login (429 with the wait), and per client address', async () => {
    const { phone } = await register(client())
    const c = client()
    for (let i = 0; i < 10; i++)
      expect((await c.post('/api/user-login/', { login: phone, password: `wrong${i}xx` })).status).toBe(401)
    const blocked = await client().post('/api/user-login/', { login: phone, password: 'secret123' })
    expect(blocked.status).toBe(429)
    expect(blocked.body.timeout).toBeGreaterThan(0)
    expect(blocked.body.message).toMatch(/Try again in \d+ s/)

    const ip = client()
    db()
      .$client.prepare('INSERT INTO rate_limits (key, count, reset_at) VALUES (?, 100, ?)')
      .run(`login:ip:${ip.peer}`, Date.now() + 60_000)
    const byIp = await ip.post('/api/user-login/', { login: newPhone(), password: 'whatever1' })
    expect(byIp.status).toBe(429)
    expect(byIp.body.timeout).toBeGreaterThan(0)
  })
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
    const stored = rows<{ code_hash: string }>('SELECT code_hash FROM auth_codes WHERE login = ?', digits(phone))
    expect(stored[0]!.code_hash).not.toContain(outbox.body.list[0].code)

    const again = await c.post('/api/user-sms/', { phone })
    expect(again.status).toBe(429)
    expect(again.body.timeout).toBeGreaterThan(55)
    expect(again.body.timeout).toBeLessThanOrEqual(60)

    db().$client.prepare('UPDATE auth_codes SET created_at = created_at - 45000 WHERE login = ?').run(digits(phone))
    const later = await c.post('/api/user-sms/', { phone })
    expect(later.status).toBe(429)
    expect(later.body.timeout).toBeLessThanOrEqual(15)

    db().$client.prepare('UPDATE auth_codes SET created_at = created_at - 61000 WHERE login = ?').run(digits(phone))
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
    expect(scalar('SELECT count(*) FROM users WHERE phone = ?', digits(phone))).toBe(1)

    const reuse = await client().post('/api/user-login-code/', { phone, code })
    expect(reuse.status).toBe(422)
    expect(reuse.body.errors).toEqual({ code: 'Wrong or expired code' })
  })

  it('an existing phone signs into its account', async () => {
    const { phone } = await register(client())
    const c = client()
    await c.post('/api/user-sms/', { phone })
    const res = await c.post('/api/user-login-code/', { phone, code: await lastCode(c, phone) })
    expect(res.body.user.info.fullname).toBe('Анна Смирнова')
    expect(scalar('SELECT count(*) FROM users WHERE phone = ?', digits(phone))).toBe(1)
  })

  it('expires after 10 minutes', async () => {
    const c = client()
    const phone = newPhone()
    await c.post('/api/user-sms/', { phone })
    const code = await lastCode(c, phone)
    db()
      .$client.prepare(
        'UPDATE auth_codes SET created_at = created_at - 601000, expires_at = expires_at - 601000 WHERE login = ?',
      )
      .run(digits(phone))
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
    db()
      .$client.prepare('INSERT INTO rate_limits (key, count, reset_at) VALUES (?, 20, ?)')
      .run(key, Date.now() + 600_000)
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

describe('merge on sign-in', () => {
  const offer = () =>
    rows<{ id: number; product_id: number; stock: number }>(
      'SELECT id, product_id, stock FROM product_offers WHERE stock >= 5 ORDER BY id LIMIT 3',
    )

  it("joins the visitor's cart lines (added, bounded by stock) and favorites into the account's", async () => {
    const [a, b, low] = offer()
    expect(a && b && low).toBeTruthy()
    const owner = client()
    const { phone, password } = await register(owner)
    const userId = scalar<number>('SELECT id FROM users WHERE phone = ?', digits(phone))
    const now = Date.now()
    const d = db().$client
    const userCart = d.prepare('INSERT INTO carts (user_id, updated_at) VALUES (?, ?)').run(userId, now).lastInsertRowid
    d.prepare('INSERT INTO cart_lines (cart_id, offer_id, quantity, added_at) VALUES (?, ?, ?, ?)').run(
      userCart,
      a!.id,
      2,
      now,
    )
    d.prepare('INSERT INTO cart_lines (cart_id, offer_id, quantity, added_at) VALUES (?, ?, ?, ?)').run(
      userCart,
      low!.id,
      low!.stock - 1,
      now,
    )
    d.prepare('INSERT INTO favorites (user_id, product_id, created_at) VALUES (?, ?, ?)').run(
      userId,
      a!.product_id,
      now,
    )
    await owner.post('/api/user-logout/')

    const c = client()
    await c.post('/api/user-city/', { id: 1 })
    const sessionId = scalar<string>('SELECT id FROM sessions ORDER BY created_at DESC, rowid DESC LIMIT 1')
    const visitorCart = d
      .prepare('INSERT INTO carts (session_id, promocode, updated_at) VALUES (?, ?, ?)')
      .run(sessionId, 'WELCOME', now).lastInsertRowid
    d.prepare('INSERT INTO cart_lines (cart_id, offer_id, quantity, added_at) VALUES (?, ?, ?, ?)').run(
      visitorCart,
      a!.id,
      1,
      now,
    )
    d.prepare('INSERT INTO cart_lines (cart_id, offer_id, quantity, added_at) VALUES (?, ?, ?, ?)').run(
      visitorCart,
      b!.id,
      3,
      now,
    )
    d.prepare('INSERT INTO cart_lines (cart_id, offer_id, quantity, added_at) VALUES (?, ?, ?, ?)').run(
      visitorCart,
      low!.id,
      5,
      now,
    )
    d.prepare('INSERT INTO favorites (session_id, product_id, created_at) VALUES (?, ?, ?)').run(
      sessionId,
      a!.product_id,
      now,
    )
    d.prepare('INSERT INTO favorites (session_id, product_id, created_at) VALUES (?, ?, ?)').run(
      sessionId,
      b!.product_id,
      now,
    )

    expect((await c.post('/api/user-login/', { login: phone, password })).status).toBe(200)
    const lines = rows<{ offer_id: number; quantity: number }>(
      'SELECT offer_id, quantity FROM cart_lines WHERE cart_id = ? ORDER BY offer_id',
      userCart,
    )
    expect(Object.fromEntries(lines.map((l) => [l.offer_id, l.quantity]))).toEqual({
      [a!.id]: 3,
      [b!.id]: 3,
      [low!.id]: low!.stock,
    })
    expect(scalar('SELECT promocode FROM carts WHERE id = ?', userCart)).toBe('WELCOME')
    expect(scalar('SELECT count(*) FROM carts WHERE id = ?', visitorCart)).toBe(0)
    expect(rows('SELECT product_id FROM favorites WHERE user_id = ? ORDER BY product_id', userId)).toHaveLength(
      a!.product_id === b!.product_id ? 1 : 2,
    )
    expect(
      scalar(
        'SELECT count(*) FROM favorites WHERE session_id IS NOT NULL AND user_id IS NULL AND session_id = ?',
        sessionId,
      ),
    ).toBe(0)

    // After logout the cart stays with the account and the visitor starts empty.
    await c.post('/api/user-logout/')
    expect(scalar('SELECT count(*) FROM cart_lines WHERE cart_id = ?', userCart)).toBe(3)
    expect((await c.get('/api/user-info/')).body.isAuthorized).toBe(false)
  })

  it("a visitor's cart becomes the account's when the account has none", async () => {
    const [a] = offer()
    const phone = newPhone()
    const c = client()
    await c.post('/api/user-city/', { id: 1 })
    const sessionId = scalar<string>('SELECT id FROM sessions ORDER BY created_at DESC, rowid DESC LIMIT 1')
    const d = db().$client
    const cart = d
      .prepare('INSERT INTO carts (session_id, updated_at) VALUES (?, ?)')
      .run(sessionId, Date.now()).lastInsertRowid
    d.prepare('INSERT INTO cart_lines (cart_id, offer_id, quantity, added_at) VALUES (?, ?, 2, ?)').run(
      cart,
      a!.id,
      Date.now(),
    )
    await c.post('/api/user-sms/', { phone })
    await c.post('/api/user-login-code/', { phone, code: await lastCode(c, phone) })
    const userId = scalar<number>('SELECT id FROM users WHERE phone = ?', digits(phone))
    expect(rows('SELECT user_id, session_id FROM carts WHERE id = ?', cart)).toEqual([
      { user_id: userId, session_id: null },
    ])
    expect(scalar('SELECT quantity FROM cart_lines WHERE cart_id = ?', cart)).toBe(2)
  })

  it("guest orders of this session with the account's phone or e-mail join the account; never another session's", async () => {
    const [a] = offer()
    const phone = newPhone()
    const email = `guest${phoneSeq}@example.com`
    const address = 'г. Москва, ул. Тверская, д. 1, кв. 5'
    const order = async (v: ApiClient, contacts: { phone: string; email: string }) => {
      await v.post('/api/cart-list/', { id: a!.id })
      const res = await v.post('/api/orders-checkout-offline/', {
        fullname: 'Анна Смирнова',
        ...contacts,
        delivery: 'courier',
        address,
      })
      expect(res.status).toBe(200)
      return res.body.order.id as number
    }
    const c = client()
    const byPhone = await order(c, { phone, email: 'someone@example.com' })
    const byEmail = await order(c, { phone: newPhone(), email: email.toUpperCase() })
    const neither = await order(c, { phone: newPhone(), email: 'someone@example.com' })
    const stranger = await order(client(), { phone, email })

    const res = await c.post('/api/user-registration/', {
      fullname: 'Анна Смирнова',
      phone,
      email,
      password: 'secret123',
      type: 'individual',
    })
    expect(res.status).toBe(200)
    const list = (await c.get('/api/orders-list/')).body.list.map((o: { id: number }) => o.id)
    expect(list).toEqual([byEmail, byPhone])
    expect((await c.get('/api/order/', { id: byPhone })).status).toBe(200)
    expect(scalar('SELECT user_id FROM orders WHERE id = ?', neither)).toBeNull()
    expect(scalar('SELECT user_id FROM orders WHERE id = ?', stranger)).toBeNull()
  })
})

describe('user-account-update', () => {
  it('401 for a visitor', async () => {
    expect(
      (await client().post('/api/user-account-update/', { fullname: 'X', phone: newPhone(), email: 'x@example.com' }))
        .status,
    ).toBe(401)
  })

  it('switches to a legal organization with bank details, and back to individual', async () => {
    const c = client()
    const { phone, email } = await register(c)
    const legal = {
      fullname: 'Анна Смирнова',
      phone,
      email,
      type: 'legal',
      subtype: 'organization',
      taxId: '7707083893',
      organization: 'ООО «Локоны»',
      contactPerson: 'Анна',
      bic: '044525225',
      bankName: 'ПАО Сбербанк',
      correspondentAccount: '30101810400000000225',
      currentAccount: '40702810938000000001',
    }
    const bad = await c.post('/api/user-account-update/', {
      ...legal,
      currentAccount: '40702810038000000001',
      bic: '044525225',
    })
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toEqual({ currentAccount: 'Current account does not match the BIC' })
    const badBic = await c.post('/api/user-account-update/', {
      ...legal,
      bic: '144525225',
      currentAccount: '',
      correspondentAccount: '40101810400000000225',
    })
    expect(badBic.body.errors).toEqual({
      bic: 'BIC must start with 04',
      correspondentAccount: 'Correspondent account must start with 30101',
    })
    const soleTrader = await c.post('/api/user-account-update/', { ...legal, subtype: 'individual' })
    expect(soleTrader.body.errors).toEqual({ taxId: 'Invalid taxpayer number (INN)' })

    const ok = await c.post('/api/user-account-update/', legal)
    expect(ok.status).toBe(200)
    expect(ok.body).toMatchObject({
      success: true,
      message: 'Data saved',
      user: {
        meta: { type: 'legal', subtype: 'organization' },
        info: { taxId: '7707083893', organization: 'ООО «Локоны»', contactPerson: 'Анна' },
        bank: { bic: '044525225', currentAccount: '40702810938000000001' },
      },
    })
    const back = await c.post('/api/user-account-update/', { fullname: 'Анна С.', phone, email, type: 'individual' })
    expect(back.body.user).toMatchObject({
      meta: { type: 'individual', subtype: null },
      info: { taxId: '', organization: '', fullname: 'Анна С.' },
    })
  })

  it('taking another account phone or e-mail is 409', async () => {
    const first = await register(client())
    const c = client()
    const { phone } = await register(c)
    const res = await c.post('/api/user-account-update/', { fullname: 'X', phone, email: first.email })
    expect(res.status).toBe(409)
    expect(res.body.errors).toHaveProperty('email')
  })
})

describe('entities of the account pages', () => {
  it('personal pages redirect a visitor to the login page, and open for a signed-in user', async () => {
    const c = client()
    expect((await c.get('/api/entity/', { path: '/personal/' })).body).toMatchObject({ type: 'redirect' })
    await register(c)
    expect((await c.get('/api/entity/', { path: '/personal/' })).body).toMatchObject({ type: 'personal-info' })
    expect((await c.get('/api/entity/', { path: '/personal/addresses/' })).body).toMatchObject({
      type: 'personal-addresses',
    })
    expect((await c.get('/api/entity/', { path: '/login/' })).body).toMatchObject({
      type: 'redirect',
      url: '/personal/',
    })
    expect((await c.get('/api/entity/', { path: '/login/?back=/cart/' })).body).toMatchObject({
      type: 'redirect',
      url: '/cart/',
    })
    // Another site is never a return address: each attack of issue 12 ends on the home page.
    for (const back of [
      '//evil.example/',
      '%2F%09%2Fevil.example',
      '%2F%5Cevil.example',
      '%252F%252Fevil.example',
      'https%3A%2F%2Fevil.example%2F',
      'javascript%3Aalert(1)',
      '%2F%0A%2Fevil.example',
    ]) {
      expect((await c.get('/api/entity/', { path: `/registration/?back=${back}` })).body, back).toMatchObject({
        type: 'redirect',
        url: '/',
      })
    }
    expect((await client().get('/api/entity/', { path: '/login/' })).body).toMatchObject({ type: 'login' })
    expect((await client().get('/api/local/entity/', { path: '/registration/' })).body).toMatchObject({
      type: 'registration',
    })
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

describe('tRPC twins and the startup batch', () => {
  it('user.info, user.login and user.logout over tRPC share the session with REST', async () => {
    const { phone, password } = await register(client())
    const c = client()
    expect(await c.trpc().caller.user.info()).toMatchObject({ isAuthorized: false, id: -1 })
    const r = await c.trpc().caller.user.login({ login: phone, password })
    expect(r.user.isAuthorized).toBe(true)
    expect((await c.get('/api/user-info/')).body.isAuthorized).toBe(true)
    await expect(c.trpc().caller.user.login({ login: phone, password: 'nope12345' })).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'Wrong login or password',
    })
    await c.trpc().caller.user.logout()
    expect((await c.trpc().caller.user.info()).isAuthorized).toBe(false)
  })

  it('user-info and the suggestions answer inside /api/composite/', async () => {
    const res = await client().form('POST', '/api/composite/', [
      ['requests[0][key]', 'user'],
      ['requests[0][route]', '/user-info/'],
      ['requests[1][key]', 'bank'],
      ['requests[1][route]', '/suggest-bank/'],
      ['requests[1][params][query]', '044525225'],
    ])
    expect(res.body.data.user).toMatchObject({ result: true, data: { isAuthorized: false, id: -1 } })
    expect(res.body.data.bank.data.list[0]).toMatchObject({ bic: '044525225' })
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
