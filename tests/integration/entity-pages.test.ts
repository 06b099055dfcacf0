import { describe, expect, it } from 'vitest'
import { visitor, type ApiClient } from '../helpers/api'
import { contacts, offersInStock, signIn } from '../helpers/commerce'
import { ENTITY_TYPES, Entity } from '../../server/contracts/entity'
import { PAGES } from '../../server/contracts/pages'

/** Issue 15: every page type is declared once (server/contracts/pages/*) with the schema of its data. */

type Schema = Record<string, unknown>
type Doc = { paths: Record<string, Record<string, any>>; components: { schemas: Record<string, Schema> } }

const entityOf = (v: ApiClient, path: string) => v.get('/api/entity/', { path })

/** The body parsed by the declared schema: equal to the body when the schema describes every field. */
function checked(body: unknown): unknown {
  const parsed = Entity.safeParse(body)
  if (!parsed.success) throw new Error(`${JSON.stringify(parsed.error.issues.slice(0, 3))}`)
  return parsed.data
}

describe('page declarations', () => {
  it('declare exactly the page types of the contract (§3), each once, and their patterns once', () => {
    const contractTypes =
      'index, catalog, catalog-section, product, services, services-section, service, blog, blog-post, faq, page, cart, checkout, checkout-offline, favorites, search, login, registration, personal-info, personal-addresses, personal-orders, personal-order, not-found, redirect'.split(
        ', ',
      )
    // `promo` (issue 17) and the salon visits (issue 26) are ours on top of the contract's list.
    expect([...ENTITY_TYPES].sort()).toEqual(
      [...contractTypes, 'promo', 'personal-bookings', 'personal-booking'].sort(),
    )
    const patterns = PAGES.flatMap((p) => p.patterns)
    expect(new Set(patterns).size).toBe(patterns.length)
  })

  it('the OpenAPI document describes the data of every page type (a schema per type, not unknown)', async () => {
    const doc = (await visitor().get('/api/openapi.json')).body as Doc
    for (const path of ['/api/entity/', '/api/local/entity/']) {
      const schema = doc.paths[path]!.get.responses['200'].content['application/json'].schema as { oneOf: Schema[] }
      expect(schema.oneOf).toHaveLength(ENTITY_TYPES.length)
      const variants = schema.oneOf.map((ref) => {
        const name = String(ref.$ref).replace('#/components/schemas/', '')
        return doc.components.schemas[name] as { description?: string; properties: Record<string, Schema> }
      })
      expect(variants.map((v) => v.properties.type!.const).sort()).toEqual([...ENTITY_TYPES].sort())
      for (const v of variants) {
        const type = String(v.properties.type!.const)
        expect(v.description, type).toBeTruthy()
        const data = v.properties.data!
        // `{}` is what an unknown (or a schema that failed to convert) turns into.
        expect(Object.keys(data), type).not.toEqual([])
        if (type === 'not-found' || type === 'redirect') expect(data).toEqual({ type: 'null' })
        else expect(data.type, type).toBe('object')
      }
    }
    const product = doc.components.schemas.get_entity_output_Entity_product as { properties: Record<string, any> }
    expect(product.properties.data.required).toEqual(expect.arrayContaining(['offers', 'price', 'related']))
  })
})

describe('resolver answers match their declared schemas exactly (nothing the schema would strip)', () => {
  it('every page type a visitor, a customer and a guest who ordered can reach', async () => {
    const v = visitor()
    const seen = new Set<string>()
    const visit = async (client: ApiClient, path: string, status = 200) => {
      const res = await entityOf(client, path)
      expect(res.status, path).toBe(status)
      expect(checked(res.body), path).toEqual(res.body)
      seen.add(res.body.type)
      return res.body
    }
    const home = await visit(v, '/')
    await visit(v, home.data.products[0].link)
    await visit(v, home.data.posts[0].link)
    await visit(v, home.data.sections[0].link)
    const services = await visit(v, '/services/')
    await visit(v, services.data.sections[0].link)
    await visit(v, services.data.sections[0].services[0].link)
    const paths = ['/catalog/', '/blog/', '/faq/', '/about/', '/promo/', '/cart/', '/order/checkout/']
    for (const path of [...paths, '/order/offline/', '/favorites/', '/search/?s=шампунь', '/search/']) {
      await visit(v, path)
    }
    for (const path of ['/login/', '/registration/']) await visit(v, path)
    await visit(v, '/personal/orders/')
    await visit(v, '/no-such-page/', 404)

    // A guest's own order (the confirmation page) and its invoice.
    const [offer] = await offersInStock(1)
    if (!offer) throw new Error('seed')
    await v.post('/api/cart-list/', { id: offer.id })
    const order = await v.form('POST', '/api/orders-checkout-offline/', [
      ['fullname', contacts.fullname],
      ['phone', '+7 (912) 300-15-15'],
      ['email', contacts.email],
      ['delivery', 'courier'],
      ['address', 'г. Москва, ул. Тверская, д. 1, кв. 5'],
    ])
    expect(order.status).toBe(200)
    const id = order.body.order.id as number
    expect((await visit(v, `/personal/orders/${id}/`)).data).toEqual({ id })
    expect((await visit(v, `/personal/orders/${id}/invoice/`)).data).toEqual({ id, view: 'invoice' })
    expect((await entityOf(v, `/personal/orders/${id}/other/`)).status).toBe(404)
    // A visit's page answers any session (the page shows the visit only to its owner); `cancelHours` is BOOKING_CANCEL_HOURS.
    expect((await visit(v, '/personal/bookings/5/')).data).toEqual({ id: 5, cancelHours: 12 })
    expect((await entityOf(v, '/personal/bookings/x/')).status).toBe(404)

    const customer = visitor()
    await signIn(customer)
    for (const path of ['/personal/', '/personal/addresses/', '/personal/orders/', '/personal/bookings/'])
      await visit(customer, path)

    expect([...seen].sort()).toEqual([...ENTITY_TYPES].sort())
  })

  it('a malformed resolver answer fails its schema', async () => {
    const product = (await entityOf(visitor(), '/catalog/')).body.data.products.items[0].link as string
    const good = (await entityOf(visitor(), product)).body
    expect(Entity.safeParse(good).success).toBe(true)
    const broken = [
      { ...good, data: { ...good.data, offers: 'none' } },
      { ...good, data: { ...good.data, price: undefined } },
      { ...good, type: 'catalog' },
      { ...good, type: 'redirect' },
      { ...good, data: undefined },
    ]
    for (const body of broken) expect(Entity.safeParse(body).success).toBe(false)
  })
})

describe('REST and tRPC answer the same entity', () => {
  it('for a page, a personal page of a visitor and a path no page answers', async () => {
    const v = visitor()
    for (const path of ['/catalog/', '/personal/', '/no-such-page/']) {
      const rest = await entityOf(v, path)
      const trpc = await v.get('/api/trpc/page.entity', { input: JSON.stringify({ path }) })
      expect(trpc.body.result.data, path).toEqual(rest.body)
    }
  })
})
