import { describe, expect, it } from 'vitest'
import { accountKit, digits } from '../helpers/account'
import { scalar } from '../helpers/db'

/** Accounts (contract §6): the profile, the account pages, tRPC twins. */

const { client, newPhone, register, phoneSeq } = accountKit({
  peerNet: '10.0',
  phoneArea: '900',
  firstPhoneSeq: 1000,
  registration: { emailPrefix: 'user', fullname: 'Анна Смирнова', password: 'secret123', type: 'individual' },
  codeRequired: true,
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

  it('a correspondent account whose control key does not match the BIC is refused on that field', async () => {
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
      bic: '044525225',
      bankName: 'ПАО Сбербанк',
      // Sovcombank's (BIC 043469743) correspondent account: a true one, but not Sberbank's.
      correspondentAccount: '30101810300000000743',
      currentAccount: '40702810938000000001',
    }
    const bad = await c.post('/api/user-account-update/', legal)
    expect(bad.status).toBe(422)
    expect(bad.body.errors).toEqual({ correspondentAccount: 'Correspondent account does not match the BIC' })
    const ru = client('ru')
    const signUp = await ru.post('/api/user-registration/', {
      ...legal,
      phone: newPhone(),
      email: `legal-key${phoneSeq()}@example.com`,
      password: 'secret123',
    })
    expect(signUp.status).toBe(422)
    expect(signUp.body.errors).toEqual({ correspondentAccount: 'Корреспондентский счёт не соответствует БИК' })
    expect(await scalar('SELECT correspondent_account FROM users WHERE phone = ?', digits(phone))).toBe('')
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
