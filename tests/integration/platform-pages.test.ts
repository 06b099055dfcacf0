import { describe, expect, it } from 'vitest'
import { visitor } from '../helpers/api'
import { scalar } from '../helpers/db'

describe('city (contract §5)', () => {
  it('confirms a city chosen by id and keeps it on the session', async () => {
    const client = visitor({ locale: 'en' })
    const res = await client.post('/api/user-city/', { id: 2 })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      success: true,
      message: expect.any(String),
      city: { id: 2, name: expect.any(String), isConfirmed: true },
    })
    const again = await client.get('/api/user-city/')
    expect(again.body).toMatchObject({ id: 2, isConfirmed: true })
  })

  it('picks the nearest city by coordinates, unconfirmed', async () => {
    const client = visitor()
    // Kazan's Kremlin.
    const res = await client.post('/api/user-city/', { latitude: 55.798, longitude: 49.106 })
    expect(res.status).toBe(200)
    expect(res.body.city).toMatchObject({ name: 'Казань', isConfirmed: false })
    // Pulkovo airport is nearest to St Petersburg.
    const spb = await client.form('POST', '/api/user-city/', [
      ['latitude', '59.80'],
      ['longitude', '30.26'],
    ])
    expect(spb.body.city.name).toBe('Санкт-Петербург')
  })

  it('refuses an unknown id or out-of-range coordinates with 422', async () => {
    expect((await visitor().post('/api/user-city/', { id: 9999 })).status).toBe(422)
    const res = await visitor().post('/api/user-city/', { latitude: 95, longitude: 10 })
    expect(res.status).toBe(422)
    expect(res.body.success).toBe(false)
    expect((await visitor().post('/api/user-city/', { id: 'abc' })).status).toBe(422)
  })
})

describe('pages and links (contract §3)', () => {
  it('resolves paths to entities, with and without trailing slash, and 404s the unknown', async () => {
    const about = await visitor().get('/api/entity/', { path: '/about' })
    expect(about.status).toBe(200)
    expect(about.body).toMatchObject({
      type: 'page',
      meta: { title: expect.any(String), description: expect.any(String) },
      breadcrumbs: expect.any(Array),
    })
    const home = await visitor().get('/api/entity/', { path: '/' })
    expect(home.body.type).toBe('index')
    const missing = await visitor().get('/api/entity/', { path: '/no/such/page/' })
    expect(missing.status).toBe(404)
    expect(missing.body.type).toBe('not-found')
  })

  it('answers redirects from the redirects table', async () => {
    const res = await visitor().get('/api/entity/', { path: '/shampuni/' })
    expect(res.body).toMatchObject({ type: 'redirect', status: 301, url: '/catalog/shampoo/' })
  })

  it('recognises the local pages and sends visitors from personal pages to login', async () => {
    for (const [path, type] of [
      ['/cart/', 'cart'],
      ['/order/checkout/', 'checkout'],
      ['/order/offline/', 'checkout-offline'],
      ['/login/', 'login'],
      ['/registration/', 'registration'],
    ]) {
      const res = await visitor().get('/api/local/entity/', { path: path as string })
      expect(res.body.type, path).toBe(type)
    }
    const personal = await visitor().get('/api/entity/', { path: '/personal/' })
    expect(personal.body).toMatchObject({ type: 'redirect', url: expect.stringMatching(/^\/login\//) })
    expect((await visitor().get('/api/local/entity/', { path: '/about/' })).status).toBe(404)
  })

  it('accepts the query as an object or a raw string', async () => {
    const a = await visitor().raw('GET', '/api/entity/?path=/about/&query[page]=2')
    const b = await visitor().raw('GET', '/api/entity/?path=/about/&query=page%3D2')
    expect(a.status).toBe(200)
    expect(b.status).toBe(200)
  })

  it('maps named links to paths; personal links go to login for visitors', async () => {
    const expected: Record<string, string> = {
      index: '/',
      catalog: '/catalog/',
      cart: '/cart/',
      'order-checkout': '/order/checkout/',
      'order-offline': '/order/offline/',
      favorites: '/favorites/',
      search: '/search/',
      login: '/login/',
      registration: '/registration/',
      faq: '/faq/',
      blog: '/blog/',
      services: '/services/',
    }
    for (const [entity, link] of Object.entries(expected)) {
      const res = await visitor().get('/api/link/', { entity })
      expect(res.body, entity).toEqual({ link })
    }
    expect((await visitor().get('/api/link/', { entity: 'personal-info' })).body).toEqual({ link: '/login/' })
    expect((await visitor().get('/api/link/', { entity: 'personal-orders' })).body).toEqual({ link: '/login/' })
    expect((await visitor().get('/api/link/', { entity: 'nothing' })).status).toBe(404)
  })
})

describe('forms (contract §7)', () => {
  it('stores a callback request with a full phone', async () => {
    const res = await visitor({ locale: 'en' }).post('/api/form-callback/', {
      phone: '+7 (912) 345-67-89',
      page: '/catalog/',
    })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ success: true, message: expect.stringContaining('Your application is accepted') })
    expect(await scalar("select phone from callback_requests where page = '/catalog/'")).toBe('+79123456789')
  })

  it('accepts the same 11 digits without the mask', async () => {
    expect(
      (
        await visitor().form('POST', '/api/form-callback/', [
          ['phone', '89123456789'],
          ['page', '/'],
        ])
      ).status,
    ).toBe(200)
  })

  it('validates generic forms against their database definition', async () => {
    const bad = await visitor({ locale: 'en' }).post('/api/form/question/', { page: '/faq/' })
    expect(bad.status).toBe(422)
    expect(Object.values(bad.body.errors)).toContain('Required field')
    const def = await visitor().get('/api/form/question/')
    expect(def.status).toBe(200)
    const fields: Record<string, string> = {}
    for (const f of def.body.fields as { name: string; type: string; minLength?: number }[]) {
      fields[f.name] =
        f.type === 'email'
          ? 'anna@example.ru'
          : f.type === 'phone'
            ? '+7 (912) 345-67-89'
            : 'Подскажите, пожалуйста, подойдёт ли маска для окрашенных волос?'
    }
    const ok = await visitor().post('/api/form/question/', { ...fields, page: '/faq/' })
    expect(ok.status).toBe(200)
    expect(await scalar("select count(*) from form_submissions where form_code = 'question'")).toBe(1)
    expect((await visitor().post('/api/form/no-such-form/', { page: '/' })).status).toBe(404)
  })
})
