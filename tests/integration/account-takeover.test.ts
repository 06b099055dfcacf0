import { describe, expect, it } from 'vitest'
import { accountKit, digits, wrongOf } from '../helpers/account'
import { rows, scalar, exec } from '../helpers/db'
import { setEnvForTests } from '../../server/env'

/** Accounts hardening of issue 12: pre-account takeover, and proving a new phone or e-mail (point 5). */

const { client, newPhone, register, lastCode, phoneSeq } = accountKit({
  peerNet: '10.12',
  phoneArea: '901',
  firstPhoneSeq: 3000,
  registration: { emailPrefix: 'harden', fullname: 'Ольга Петрова', password: 'Attacker-pass-77' },
  expectRegistered: true,
})
const lastMailCode = (email: string) =>
  scalar<string>('SELECT code FROM mail_outbox WHERE email = ? ORDER BY id DESC LIMIT 1', email)

describe('pre-account takeover', () => {
  it("an attacker registers with the victim's phone; the victim signs in by SMS: attacker out, password dead, victim in", async () => {
    const attacker = client()
    const { phone, password } = await register(attacker)
    const userId = await scalar<number>('SELECT id FROM users WHERE phone = ?', digits(phone))
    // Registration keeps its contract: signed in at once, the phone only claimed.
    expect((await attacker.get('/api/user-info/')).body.isAuthorized).toBe(true)
    expect(await scalar('SELECT phone_verified_at FROM users WHERE id = ?', userId)).toBeNull()
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
    expect(await scalar('SELECT password_hash FROM users WHERE id = ?', userId)).toBeNull()
    expect(await scalar('SELECT phone_verified_at FROM users WHERE id = ?', userId)).toEqual(expect.any(Number))
    expect(await scalar('SELECT count(*) FROM sessions WHERE user_id = ?', userId)).toBe(1)
    expect((await victim.get('/api/user-info/')).body).toMatchObject({ isAuthorized: true, id: userId })
    // The squatter's name and e-mail go too: the owner does not inherit them, nor can they sign in by it.
    expect(signedIn.body.user.info).toMatchObject({ phone, fullname: '', email: '' })
    expect(await rows('SELECT fullname, email, email_verified_at FROM users WHERE id = ?', userId)).toEqual([
      { fullname: '', email: null, email_verified_at: null },
    ])
  })

  it("proving the phone by password restore clears the squatter's name and e-mail too", async () => {
    const { phone, email } = await register(client())
    const userId = await scalar<number>('SELECT id FROM users WHERE phone = ?', digits(phone))
    const owner = client()
    expect((await owner.post('/api/user-password-restore/', { login: phone })).status).toBe(200)
    const res = await owner.post('/api/user-password-restore/', {
      login: phone,
      code: await lastCode(owner, phone),
      password: 'Локоны-42-весна',
    })
    expect(res.status).toBe(200)
    expect(res.body.user.info).toMatchObject({ phone, fullname: '', email: '' })
    expect(await scalar('SELECT count(*) FROM users WHERE email = ?', email)).toBe(0)
    expect(await scalar('SELECT phone_verified_at FROM users WHERE id = ?', userId)).toEqual(expect.any(Number))
  })

  it('a verified phone signing in by SMS keeps its password and its other sessions', async () => {
    const first = client()
    const phone = newPhone()
    await first.post('/api/user-sms/', { phone })
    await first.post('/api/user-login-code/', { phone, code: await lastCode(first, phone) })
    const userId = await scalar<number>('SELECT id FROM users WHERE phone = ?', digits(phone))
    expect(await scalar('SELECT phone_verified_at FROM users WHERE id = ?', userId)).toEqual(expect.any(Number))
    await exec('UPDATE auth_codes SET created_at = created_at - 61000 WHERE login = ?', digits(phone))
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
    const userId = await scalar<number>('SELECT id FROM users WHERE phone = ?', digits(phone))
    const fresh = newPhone()
    const base = { fullname: 'Ольга Петрова', email, type: 'individual' }

    // Unchanged contacts need no code.
    expect((await c.post('/api/user-account-update/', { ...base, phone, fullname: 'Ольга П.' })).status).toBe(200)

    const noCode = await c.post('/api/user-account-update/', { ...base, phone: fresh })
    expect(noCode.status).toBe(422)
    expect(noCode.body.errors).toEqual({ phoneCode: 'Enter the code sent to the new contact' })
    expect(await scalar('SELECT phone FROM users WHERE id = ?', userId)).toBe(digits(phone))

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
    expect(await rows('SELECT purpose FROM auth_codes WHERE login = ?', digits(fresh))).toEqual([
      { purpose: 'contact' },
    ])
    const code = await lastCode(c, fresh)

    // A code sent for signing in to that phone is not a contact code.
    const wrong = await c.post('/api/user-account-update/', { ...base, phone: fresh, phoneCode: wrongOf(code) })
    expect(wrong.status).toBe(422)
    expect(wrong.body.errors).toEqual({ phoneCode: 'Wrong or expired code' })
    expect(await scalar('SELECT phone FROM users WHERE id = ?', userId)).toBe(digits(phone))

    const ok = await c.post('/api/user-account-update/', { ...base, phone: fresh, phoneCode: code })
    expect(ok.status).toBe(200)
    expect(ok.body.user.info.phone).toBe(fresh)
    expect(
      await rows(
        'SELECT phone, CASE WHEN phone_verified_at IS NOT NULL THEN 1 ELSE 0 END AS verified FROM users WHERE id = ?',
        userId,
      ),
    ).toEqual([{ phone: digits(fresh), verified: 1 }])
    // Single use.
    const again = await c.post('/api/user-account-update/', { ...base, phone: phone, phoneCode: code })
    expect(again.status).toBe(422)
  })

  it('a new e-mail needs the code sent by mail; both codes are spent only together', async () => {
    const c = client()
    const { phone, email } = await register(c)
    const userId = await scalar<number>('SELECT id FROM users WHERE phone = ?', digits(phone))
    const newEmail = `changed${phoneSeq()}@example.com`
    const base = { fullname: 'Ольга Петрова', phone, type: 'individual' }
    expect((await c.post('/api/user-account-update/', { ...base, email: newEmail })).body.errors).toEqual({
      emailCode: 'Enter the code sent to the new contact',
    })
    const sent = await c.post('/api/user-contact-code/', { email: newEmail.toUpperCase() })
    expect(sent.status).toBe(200)
    expect(sent.body.message).toBe('The code has been sent by e-mail')
    const code = await lastMailCode(newEmail)
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
    expect(await scalar('SELECT email FROM users WHERE id = ?', userId)).toBe(email)

    const ok = await c.post('/api/user-account-update/', { ...base, email: newEmail, emailCode: code })
    expect(ok.status).toBe(200)
    expect(
      await rows(
        'SELECT email, CASE WHEN email_verified_at IS NOT NULL THEN 1 ELSE 0 END AS verified FROM users WHERE id = ?',
        userId,
      ),
    ).toEqual([{ email: newEmail, verified: 1 }])
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

      // An account created by SMS (no e-mail) saves its profile with the e-mail left empty.
      const sms = client()
      const smsPhone = newPhone()
      await sms.post('/api/user-sms/', { phone: smsPhone })
      expect((await sms.post('/api/user-login-code/', { phone: smsPhone, code: await lastCode(sms, smsPhone) })).status).toBe(200)
      for (const body of [
        { fullname: 'Мария', phone: smsPhone, type: 'individual' },
        { fullname: 'Мария Ивановна', phone: smsPhone, email: '', type: 'individual' },
      ]) {
        const saved = await sms.post('/api/user-account-update/', body)
        expect(saved.status, JSON.stringify(saved.body)).toBe(200)
        expect(saved.body.user.info).toMatchObject({ fullname: body.fullname, phone: smsPhone, email: '' })
      }
      expect(await scalar('SELECT email FROM users WHERE phone = ?', digits(smsPhone))).toBeNull()
    } finally {
      setEnvForTests({})
    }
  })
})
