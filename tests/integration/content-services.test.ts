import { describe, expect, it } from 'vitest'
import { visitor } from '../helpers/api'
import { jsonValue, rows, scalar } from '../helpers/db'
import { calculateServicePrice } from '../../server/contracts/services'

const entity = (path: string, query?: string, locale?: string) =>
  visitor(locale ? { locale } : undefined).get('/api/entity/', query ? { path, query } : { path })

describe('services entities', () => {
  it('/services/ lists every section with its services and prices from', async () => {
    const res = await entity('/services/')
    expect(res.status).toBe(200)
    expect(res.body.type).toBe('services')
    expect(res.body.meta).toMatchObject({
      title: expect.any(String),
      description: expect.any(String),
      canonical: '/services/',
    })
    const sections = res.body.data.sections
    expect(sections).toHaveLength(await scalar('select count(*) from service_sections'))
    const cards = sections.flatMap((s: { services: unknown[] }) => s.services)
    expect(cards).toHaveLength(await scalar('select count(*) from services'))
    for (const c of cards) {
      expect(c.link).toMatch(/^\/services\/[\w-]+\/[\w-]+\/$/)
      expect(Number.isInteger(c.priceFrom)).toBe(true)
    }
  })

  it('/services/{section}/ has its services, breadcrumbs and canonical', async () => {
    const res = await entity('/services/coloring/')
    expect(res.status).toBe(200)
    expect(res.body.type).toBe('services-section')
    expect(res.body.meta.canonical).toBe('/services/coloring/')
    expect(res.body.breadcrumbs.map((b: { link: string }) => b.link)).toEqual([
      '/',
      '/services/',
      '/services/coloring/',
    ])
    const n = await scalar(
      "select count(*) from services s join service_sections x on x.id = s.section_id where x.slug = 'coloring'",
    )
    expect(res.body.data.services).toHaveLength(n)
  })

  it('/services/{section}/{service}/ carries params, the server price, related services and the booking form', async () => {
    const res = await entity('/services/haircuts/womens-haircut/')
    expect(res.status).toBe(200)
    expect(res.body.type).toBe('service')
    const { service, booking, related } = res.body.data
    expect(service.params.map((p: { code: string }) => p.code)).toEqual(['length', 'density'])
    expect(service.price).toBe(service.basePrice)
    expect(res.body.meta).toMatchObject({
      canonical: '/services/haircuts/womens-haircut/',
      description: expect.stringMatching(/\S/),
    })
    expect(related.length).toBeGreaterThan(0)
    expect(
      related.every(
        (r: { id: number; link: string }) => r.link.startsWith('/services/haircuts/') && r.id !== service.id,
      ),
    ).toBe(true)
    expect(booking.code).toBe('service-booking')
    expect(booking.fields.some((f: { type: string }) => f.type === 'phone')).toBe(true)
  })

  it('localizes titles and params in English', async () => {
    const res = await entity('/services/haircuts/womens-haircut/', undefined, 'en')
    expect(res.body.meta.title).toBe("Women's haircut")
    expect(res.body.data.service.params[0].label).toBe('Hair length')
  })

  it('answers 404 for unknown sections, unknown services and a service under the wrong section', async () => {
    expect((await entity('/services/no-such/')).status).toBe(404)
    expect((await entity('/services/haircuts/no-such/')).status).toBe(404)
    expect((await entity('/services/coloring/womens-haircut/')).status).toBe(404)
    expect((await entity('/services/haircuts/womens-haircut/extra/')).status).toBe(404)
  })
})

describe('service price (REST and tRPC)', () => {
  const id = () => scalar("select id from services where slug = 'womens-haircut'")
  const strandsId = () => scalar("select id from services where slug = 'capsule-extensions'")

  it('computes the price with the shared function, GET with bracket notation and POST JSON', async () => {
    const row = (
      await rows<{ basePrice: number; params: unknown }>(
        `select base_price as "basePrice", params from services where slug = 'womens-haircut'`,
      )
    )[0]!
    const expected = calculateServicePrice(
      { basePrice: row.basePrice, params: jsonValue(row.params) },
      { length: 'long', density: 'thick' },
    )
    const get = await visitor().raw(
      'GET',
      `/api/service-price/?id=${await id()}&values[length]=long&values[density]=thick`,
    )
    expect(get.status).toBe(200)
    expect(get.body).toMatchObject({ id: await id(), price: expected, values: { length: 'long', density: 'thick' } })
    expect(expected).toBe(Math.round(row.basePrice * 1.6 * 1.3))
    const post = await visitor().post('/api/service-price/', {
      id: await id(),
      values: { length: 'long', density: 'thick' },
    })
    expect(post.body.price).toBe(expected)
    const form = await visitor().form('POST', '/api/service-price', [
      ['id', String(await strandsId())],
      ['values[strands]', '100'],
    ])
    expect(form.status).toBe(200)
    expect(form.body.price).toBe(12000 + 90 * 50)
    const trpc = await visitor()
      .trpc()
      .caller.services.price({ id: await id(), values: { length: 'medium' } })
    expect(trpc.price).toBe(Math.round(row.basePrice * 1.3))
  })

  it('defaults missing inputs', async () => {
    const res = await visitor().get('/api/service-price/', { id: await id() })
    expect(res.status).toBe(200)
    expect(res.body.values).toEqual({ length: 'short', density: 'thin' })
  })

  it('rejects bad input with 422 and a per-field message, never a 5xx', async () => {
    const bad = await visitor({ locale: 'en' }).post('/api/service-price/', {
      id: await id(),
      values: { length: 'huge' },
    })
    expect(bad.status).toBe(422)
    expect(bad.body.success).toBe(false)
    expect(bad.body.errors['values.length']).toBe('Choose one of the options')
    const off = await visitor({ locale: 'en' }).post('/api/service-price/', {
      id: await strandsId(),
      values: { strands: 1000 },
    })
    expect(off.status).toBe(422)
    expect(off.body.errors['values.strands']).toBe('Maximum value: 300')
    expect(
      (await visitor().post('/api/service-price/', { id: await strandsId(), values: { strands: 60 } })).status,
    ).toBe(422)
    expect((await visitor().post('/api/service-price/', { id: 'abc' })).status).toBe(422)
    expect((await visitor().post('/api/service-price/', {})).status).toBe(422)
    expect((await visitor().post('/api/service-price/', { id: 999999 })).status).toBe(404)
    expect((await visitor().post('/api/service-price/', { id: await id(), values: 'x' })).status).toBe(422)
    expect((await visitor().post('/api/service-price/', { id: await id(), values: { length: { a: 1 } } })).status).toBe(
      422,
    )
    await expect(
      visitor()
        .trpc()
        .caller.services.price({ id: await id(), values: { length: 'huge' } }),
    ).rejects.toMatchObject({ code: 'UNPROCESSABLE_CONTENT' })
  })
})
