import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { visitor, ORIGIN } from '../helpers/api'
import { sql } from 'drizzle-orm'
import { closeDatabase, openDatabaseAsync } from '../../db/client'
import { execute } from '../../db/engine'
import { testDatabaseTarget } from '../helpers/setup-file'
import { scalar, exec } from '../helpers/db'

describe('REST general rules (contract §1)', () => {
  it('answers an unknown route with a JSON 404', async () => {
    const res = await visitor().get('/api/no-such-route/')
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(res.body).toMatchObject({ success: false, message: expect.any(String) })
  })

  it('answers a wrong method with 405 and an Allow header', async () => {
    const res = await visitor().send('PUT', '/api/site-options/', {})
    expect(res.status).toBe(405)
    expect(res.body.success).toBe(false)
    expect(res.headers.get('allow')).toContain('GET')
  })

  it('answers the same with and without the trailing slash, without a redirect', async () => {
    const a = await visitor().get('/api/site-options/')
    const b = await visitor().get('/api/site-options')
    expect(a.status).toBe(200)
    expect(b.status).toBe(200)
    expect(b.body).toEqual(a.body)
  })

  it('refuses a body over 1 MiB with 413', async () => {
    const big = JSON.stringify({ phone: '+7 (912) 345-67-89', page: 'x'.repeat(1024 * 1024 + 10) })
    const res = await visitor().raw('POST', '/api/form-callback/', {
      body: big,
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status).toBe(413)
    expect(await scalar('select count(*) from callback_requests')).toBe(0)
  })

  it('refuses an unsupported content type with 415', async () => {
    const res = await visitor().raw('POST', '/api/form-callback/', {
      body: '<phone/>',
      headers: { 'content-type': 'application/xml' },
    })
    expect(res.status).toBe(415)
    expect(res.body.success).toBe(false)
  })

  it('answers broken JSON with a 4xx, never a 5xx', async () => {
    const res = await visitor().raw('POST', '/api/form-callback/', {
      body: '{"phone": ',
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status).toBe(400)
  })

  it('answers validation failures with 422, per-field messages of the spec, in the request locale', async () => {
    const en = await visitor({ locale: 'en' }).post('/api/form-callback/', { phone: '+7 (912) 345' })
    expect(en.status).toBe(422)
    expect(en.body.success).toBe(false)
    expect(en.body.errors.phone).toBe('Enter the full phone number')
    const missing = await visitor({ locale: 'en' }).post('/api/form-callback/', {})
    expect(missing.body.errors.phone).toBe('Required field')
    const ru = await visitor({ locale: 'ru' }).post('/api/form-callback/', {})
    expect(ru.body.errors.phone).toBe('Обязательное поле')
  })

  it('picks the locale from Accept-Language when there is no cookie', async () => {
    const res = await visitor({ headers: { 'accept-language': 'en-US,en;q=0.9,ru;q=0.5' } }).post(
      '/api/form-callback/',
      {},
    )
    expect(res.body.errors.phone).toBe('Required field')
  })

  it('refuses a mutation from a foreign Origin with 403 and changes nothing', async () => {
    const client = visitor()
    const res = await client.post(
      '/api/form-callback/',
      { phone: '+79123456789', page: '/' },
      { origin: 'https://evil.example' },
    )
    expect(res.status).toBe(403)
    expect(await scalar('select count(*) from callback_requests')).toBe(0)
    const same = await client.post('/api/form-callback/', { phone: '+79123456789', page: '/' }, { origin: ORIGIN })
    expect(same.status).toBe(200)
    expect(await scalar('select count(*) from callback_requests')).toBe(1)
  })

  it('accepts snake_case keys (the original client) as well as camelCase', async () => {
    const client = visitor()
    const snake = await client.form('POST', '/api/user-city/', [['id', '2']])
    expect(snake.status).toBe(200)
    const res = await client.post('/api/form/question/', { your_name: 'x' })
    // Unknown fields are ignored, the required ones are reported by their camelCase names.
    expect(res.status).toBe(422)
  })

  it('reads form-encoded bodies with bracket notation and coerces numeric strings', async () => {
    const client = visitor()
    const res = await client.form('POST', '/api/composite/', [
      ['requests[0][key]', 'city'],
      ['requests[0][route]', '/user-city/'],
      ['requests[1][key]', 'page'],
      ['requests[1][route]', '/entity/'],
      ['requests[1][params][path]', '/about/'],
    ])
    expect(res.status).toBe(200)
    expect(res.body.data.city.result).toBe(true)
    expect(res.body.data.page.data.type).toBe('page')
  })

  it('sets an HttpOnly, SameSite=Lax session cookie only when state is needed', async () => {
    const client = visitor()
    const read = await client.get('/api/site-options/')
    expect(read.headers.get('set-cookie')).toBeNull()
    const write = await client.post('/api/user-city/', { id: 3 })
    const cookie = write.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(/^sid=[\w-]{40,};/)
    expect(cookie).toContain('HttpOnly')
    expect(cookie).toContain('SameSite=Lax')
    expect(cookie).toContain('Path=/')
    expect(cookie).not.toContain('Secure')
    // Only a hash of the token is stored.
    const token = client.cookies.get('sid') ?? ''
    expect(await scalar('select count(*) from sessions where id = ?', token)).toBe(0)
    expect(
      await scalar('select count(*) from sessions where id = ?', createHash('sha256').update(token).digest('hex')),
    ).toBe(1)
  })
})

describe('startup batch (contract §2)', () => {
  const STARTUP = [
    '/user-city/',
    '/site-contacts/',
    '/site-options/',
    '/site-cities/',
    '/nav-header/',
    '/nav-footer/',
    '/catalog-sections/',
    '/services-sections/',
  ]

  it('answers the original client batch (form-encoded, 8 entries) with result:true and the documented shapes', async () => {
    const keys = [
      'userCity',
      'siteContacts',
      'siteOptions',
      'siteCities',
      'navHeader',
      'navFooter',
      'catalogSections',
      'servicesSections',
    ]
    const pairs: [string, string][] = STARTUP.flatMap((route, i) => [
      [`requests[${i}][key]`, keys[i] as string],
      [`requests[${i}][route]`, route],
    ])
    const res = await visitor().form('POST', '/api/composite/', pairs)
    expect(res.status).toBe(200)
    const d = res.body.data
    for (const k of keys) expect(d[k].result, k).toBe(true)
    expect(d.userCity.data).toEqual({ id: 1, name: 'Москва', isConfirmed: false })
    expect(d.siteOptions.data).toEqual({
      title: expect.any(String),
      copyright: expect.any(String),
      privacy: { link: '/privacy/', label: expect.any(String) },
    })
    const contact = d.siteContacts.data[0]
    expect(contact).toEqual({
      id: expect.any(Number),
      city: null,
      common: true,
      contacts: [{ phones: expect.any(Array), emails: expect.any(Array) }],
      workhours: expect.any(Array),
      address: expect.any(Array),
      social: expect.any(Array),
    })
    expect(d.siteContacts.data.filter((c: any) => c.city !== null).length).toBeGreaterThan(5)
    const cities = d.siteCities.data as { name: string; region: string; latitude: number; longitude: number }[]
    expect(cities.length).toBe(15)
    expect(Object.keys(cities[0] as object).sort()).toEqual(['id', 'latitude', 'longitude', 'name', 'region'])
    const names = cities.map((c) => c.name)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'ru')))
    expect(d.navHeader.data[0]).toEqual({
      id: expect.any(Number),
      label: expect.any(String),
      link: expect.any(String),
      items: expect.any(Array),
    })
    expect(d.navHeader.data.some((i: any) => i.items.length > 0)).toBe(true)
    expect(d.catalogSections.data).toHaveLength(8)
    expect(d.catalogSections.data[0]).toEqual({
      id: expect.any(Number),
      title: expect.any(String),
      link: expect.stringMatching(/^\/catalog\/[\w-]+\/$/),
    })
    expect(d.servicesSections.data).toHaveLength(6)
  })

  it('gives each startup route as a plain GET too', async () => {
    for (const route of STARTUP) {
      const res = await visitor().get('/api' + route)
      expect(res.status, route).toBe(200)
    }
  })

  it('isolates failing entries: unknown route, 4xx, nested composite', async () => {
    const res = await visitor().post('/api/composite/', {
      requests: [
        { key: 'ok', route: '/site-options/' },
        { key: 'unknown', route: '/nope/' },
        { key: 'missing', route: '/entity/', params: { path: '/no-such-page/' } },
        { key: 'nested', route: '/composite/' },
        { key: 'bad', route: '/link/' },
        { key: 'prefixed', route: '/api/site-cities/' },
      ],
    })
    expect(res.status).toBe(200)
    const d = res.body.data
    expect(d.ok.result).toBe(true)
    for (const k of ['unknown', 'missing', 'nested', 'bad'])
      expect(d[k], k).toMatchObject({ result: false, data: null, message: expect.any(String) })
    expect(d.prefixed.result).toBe(true)
  })

  it('limits a batch to 20 entries and refuses duplicate keys with 422', async () => {
    const many = Array.from({ length: 21 }, (_, i) => ({ key: `k${i}`, route: '/site-options/' }))
    expect((await visitor().post('/api/composite/', { requests: many })).status).toBe(422)
    const twenty = many.slice(0, 20)
    expect((await visitor().post('/api/composite/', { requests: twenty })).status).toBe(200)
    const dup = [
      { key: 'a', route: '/site-options/' },
      { key: 'a', route: '/site-cities/' },
    ]
    const res = await visitor().post('/api/composite/', { requests: dup })
    expect(res.status).toBe(422)
    expect(res.body.success).toBe(false)
  })

  it('serves cached public answers only until the data changes, from this process or another', async () => {
    const title = async () =>
      (await visitor().post('/api/composite/', { requests: [{ key: 'o', route: '/site-options/' }] })).body.data.o.data
        .title as string
    const before = await title()
    expect(await title()).toBe(before)
    // A write through the server's own connection (what an order or a form does)…
    const setTitle = "UPDATE site_options SET value = ? WHERE key = 'title'"
    await exec(setTitle, JSON.stringify('Первое название'))
    expect(await title()).toBe('Первое название')
    expect((await visitor().get('/api/site-options/')).body.title).toBe('Первое название')
    // …and one committed by another connection (another server process, `npm run db:sql`): seen
    // by the next request at once (ADR 018).
    const other = await openDatabaseAsync(testDatabaseTarget(), { migrate: false })
    await execute(other, sql`UPDATE site_options SET value = ${JSON.stringify('Второе название')} WHERE key = 'title'`)
    await closeDatabase(other)
    expect(await title()).toBe('Второе название')
    expect((await visitor().get('/api/site-options/')).body.title).toBe('Второе название')
  })

  it('shares a kept batch only between callers without a session', async () => {
    const batch = {
      requests: [
        { key: 'c', route: '/user-city/' },
        { key: 'o', route: '/site-options/' },
      ],
    }
    const anonymous = async () => (await visitor().post('/api/composite/', batch)).body.data.c.data
    const chooser = visitor()
    await chooser.post('/api/user-city/', { id: 2 })
    // Kept after the last write, so only the session tells the two callers apart.
    expect(await anonymous()).toEqual({ id: 1, name: 'Москва', isConfirmed: false })
    expect(await anonymous()).toEqual({ id: 1, name: 'Москва', isConfirmed: false })
    const own = await chooser.post('/api/composite/', batch)
    expect(own.body.data.c.data).toMatchObject({ id: 2, isConfirmed: true })
    expect((await chooser.get('/api/user-city/')).body).toMatchObject({ id: 2 })
    expect(await anonymous()).toEqual({ id: 1, name: 'Москва', isConfirmed: false })
  })

  it('runs entries with the caller session (city chosen before shows in the batch)', async () => {
    const client = visitor()
    await client.post('/api/user-city/', { id: 2 })
    const res = await client.post('/api/composite/', { requests: [{ key: 'c', route: '/user-city/' }] })
    expect(res.body.data.c.data).toMatchObject({ id: 2, isConfirmed: true })
  })
})
