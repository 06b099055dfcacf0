import { beforeAll, describe, expect, it } from 'vitest'
import { visitor, type ApiClient } from '../helpers/api'
import { rows, exec } from '../helpers/db'
import { setStock, signIn } from '../helpers/commerce'
import { sharedEntityLoads } from '../../server/services/entity-cache'

/**
 * Issue 14 §3: the entity of catalog, section, product and content pages is resolved once per
 * data version and shared; each caller's hearts (`isFavorite`) are put in per request. Two
 * shoppers with different favorites and cities and a visitor ask for the same pages at once,
 * through REST and tRPC, many times: each answer carries its own hearts only, everything else is
 * the same for all, and the pages were resolved once. A write shows on the next request.
 */

interface Heart {
  id: number
  isFavorite: boolean
  price?: { value: number }
  inStock?: boolean
}

/** Every object of an answer that carries a heart. */
function hearts(value: unknown, out: Heart[] = []): Heart[] {
  if (Array.isArray(value)) value.forEach((v) => hearts(v, out))
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>
    if ('isFavorite' in o) out.push(o as unknown as Heart)
    Object.values(o).forEach((v) => hearts(v, out))
  }
  return out
}

/** The answer with every heart off: what must be equal for everyone. */
const withoutHearts = (body: unknown) =>
  JSON.parse(JSON.stringify(body).replaceAll('"isFavorite":true', '"isFavorite":false'))

interface Caller {
  name: string
  client: ApiClient
  favorites: number[]
}

describe('entity API shared per data version (issue 14 §3)', () => {
  const callers: Caller[] = []
  let sectionPath = ''
  let productPath = ''
  let productId = 0
  let pages: string[] = []

  const rest = async (c: ApiClient, path: string) => {
    const res = await c.get('/api/entity/', { path })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    return res.body as unknown
  }
  const trpc = async (c: ApiClient, path: string) => c.trpc().caller.page.entity({ path }) as Promise<unknown>

  /** Each heart of the answer pressed exactly when the product is the caller's favorite. */
  const expectOwnHearts = (caller: Caller, body: unknown, where: string) => {
    const all = hearts(body)
    expect(all.length, where).toBeGreaterThan(0)
    for (const h of all)
      expect(h.isFavorite, `${caller.name} ${where} product ${h.id}`).toBe(caller.favorites.includes(h.id))
  }

  beforeAll(async () => {
    const [city1, city2] = (await rows<{ id: number }>('select id from cities order by id limit 2')).map((r) => r.id)
    sectionPath = (
      await rows<{ slug: string }>(
        'select s.slug from catalog_sections s join products p on p.section_id = s.id where p.hidden = false group by s.id order by count(*) desc limit 1',
      )
    )[0]!.slug
    sectionPath = `/catalog/${sectionPath}/`
    const listing = (await rest(visitor(), sectionPath)) as {
      data: { products: { items: { id: number; link: string }[] } }
    }
    const items = listing.data.products.items
    productPath = items[0]!.link
    productId = items[0]!.id
    pages = ['/', sectionPath, productPath, '/catalog/']
    const signedIn = visitor()
    await signedIn.post('/api/user-city/', { id: city2 })
    await signIn(signedIn)
    const guest = visitor()
    await guest.post('/api/user-city/', { id: city1 })
    const a: Caller = { name: 'signed in, city 2', client: signedIn, favorites: [productId, items[2]!.id] }
    const b: Caller = { name: 'guest, city 1', client: guest, favorites: [items[1]!.id, items[3]!.id] }
    for (const c of [a, b])
      for (const id of c.favorites) expect((await c.client.post('/api/favorites-list/', { id })).status).toBe(200)
    callers.push(a, b, { name: 'visitor', client: visitor(), favorites: [] })
  })

  it('gives each caller its own hearts from one shared entity, concurrently, many times', async () => {
    const before = sharedEntityLoads()
    const rounds = 12
    const jobs: Promise<{ caller: Caller; page: string; via: string; body: unknown }>[] = []
    for (let r = 0; r < rounds; r++)
      for (const caller of callers)
        for (const page of pages)
          for (const [via, get] of [
            ['rest', rest],
            ['trpc', trpc],
          ] as const)
            jobs.push(get(caller.client, page).then((body) => ({ caller, page, via, body })))
    const answers = await Promise.all(jobs)
    const reference = new Map<string, string>()
    for (const { caller, page, via, body } of answers) {
      expectOwnHearts(caller, body, `${via} ${page}`)
      // Prices, stock and every other field are the same for every caller.
      const plain = JSON.stringify(withoutHearts(body))
      const seen = reference.get(page)
      if (seen === undefined) reference.set(page, plain)
      else expect(plain, `${caller.name} ${via} ${page}`).toBe(seen)
    }
    // The product's own heart.
    const product = answers.find((x) => x.page === productPath && x.caller === callers[0])!.body as { data: Heart }
    expect(product.data.isFavorite).toBe(true)
    // One resolve per page for all of them (nothing was written meanwhile).
    expect(sharedEntityLoads() - before).toBeLessThanOrEqual(pages.length)
  })

  it('resolves the pages that depend on the session for each caller, whoever asks first', async () => {
    const [a, , v] = callers as [Caller, Caller, Caller]
    const expected = {
      '/login/': { visitor: 'login', signedIn: 'redirect' },
      '/personal/': { visitor: 'redirect', signedIn: 'personal-info' },
      '/favorites/': { visitor: 'favorites', signedIn: 'favorites' },
    }
    for (const order of [
      [v, a],
      [a, v],
    ])
      for (const [path, types] of Object.entries(expected)) {
        const answers = await Promise.all(order.map((c) => rest(c.client, path) as Promise<{ type: string }>))
        order.forEach((c, i) =>
          expect(answers[i]?.type, `${c.name} ${path}`).toBe(c === a ? types.signedIn : types.visitor),
        )
      }
    const favorites = (await rest(a.client, '/favorites/')) as { data: { items: { id: number }[] } }
    expect(favorites.data.items.map((i) => i.id).sort()).toEqual([...a.favorites].sort())
    expect(((await rest(v.client, '/favorites/')) as { data: { items: unknown[] } }).data.items).toEqual([])
  })

  it('shows a price change, a product out of stock and a new favorite on the next request', async () => {
    const [a, b, v] = callers as [Caller, Caller, Caller]
    await Promise.all(callers.map((c) => rest(c.client, sectionPath)))
    // A price.
    const [offer] = await rows<{ id: number; price: number }>(
      'select id, price from product_offers where product_id = ? order by price, id limit 1',
      productId,
    )
    await exec('update product_offers set price = ? where id = ?', 1, offer!.id)
    for (const c of callers) {
      const body = (await rest(c.client, productPath)) as {
        data: Heart & { offers: { id: number; price: { value: number } }[] }
      }
      expect(body.data.offers.find((o) => o.id === offer!.id)?.price.value).toBe(1)
      expect(body.data.price?.value).toBe(1)
      expectOwnHearts(c, body, 'after the price change')
    }
    // Stock: every offer of the product out of stock.
    for (const o of await rows<{ id: number }>('select id from product_offers where product_id = ?', productId))
      await setStock(o.id, 0)
    for (const c of callers) {
      const card = hearts(await trpc(c.client, sectionPath)).find((h) => h.id === productId)
      expect(card?.inStock, c.name).toBe(false)
    }
    // A new favorite of B: B's next answer has it, nobody else's.
    expect((await b.client.post('/api/favorites-list/', { id: productId })).status).toBe(200)
    b.favorites.push(productId)
    for (const c of [a, b, v]) {
      expectOwnHearts(c, await rest(c.client, sectionPath), 'after a new favorite')
      expectOwnHearts(c, await trpc(c.client, productPath), 'after a new favorite')
    }
  })
})
