import type { ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scalar, exec, onPostgres } from '../helpers/db'
import { startBuiltServer } from '../helpers/built-server'

/**
 * Issue 14 §4, ADR 021: shoppers with a session share the page rendered for the visitors of their
 * city, with their own parts put in at serve time. Many concurrent requests of four different
 * callers for the same pages: each answer carries its own caller's badges, account link, hearts,
 * city and state, and nobody else's; a write shows on everyone's next request. Runs when BUILD_DIR
 * names a build: `BUILD_DIR=.output-x npx vitest run tests/integration/page-cache-personal.test.ts`.
 */
const build = process.env.BUILD_DIR
describe.skipIf(!build || !existsSync(`${build}/server/index.mjs`))('personal parts after the page cache', () => {
  let server: ChildProcess
  let base = ''

  const post = async (path: string, body: unknown, cookie = '') => {
    const res = await fetch(`${base}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, cookie },
      body: JSON.stringify(body),
    })
    expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(200)
    return /^(sid=[^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1] ?? cookie
  }

  interface Caller {
    name: string
    cookie: string
    cart: number
    favorites: number[]
    signedIn: boolean
    city: string
  }
  const callers: Caller[] = []
  const pages: string[] = []
  let products: number[] = []
  let offerOf: Record<number, number> = {}

  beforeAll(async () => {
    ;({ base, server } = await startBuiltServer(build!))
    const sections = (await (await fetch(`${base}/api/catalog-sections/`)).json()) as { link: string }[]
    const section = sections[0]!.link
    const entity = (await (await fetch(`${base}/api/entity/?path=${encodeURIComponent(section)}`)).json()) as {
      data: { products: { items: { id: number; link: string; offerId: number }[] } }
    }
    const items = entity.data.products.items
    products = items.map((i) => i.id)
    offerOf = Object.fromEntries(items.map((i) => [i.id, i.offerId]))
    pages.push('/', section, items[0]!.link)
    const cities = (await (await fetch(`${base}/api/site-cities/`)).json()) as { id: number; name: string }[]
    const defaultCity = (await (await fetch(`${base}/api/user-city/`)).json()) as { name: string }

    const shopper = async (
      name: string,
      opts: { signIn: boolean; city?: { id: number; name: string }; cart: number[]; favorites: number[] },
    ): Promise<Caller> => {
      let cookie = ''
      if (opts.signIn) {
        const n = callers.length
        cookie = await post('/user-registration/', {
          fullname: name,
          phone: `+7900555010${n}`,
          email: `${name.toLowerCase().replace(/\W/g, '')}@example.com`,
          password: 'leak-Test-2026',
          type: 'individual',
        })
      }
      if (opts.city) cookie = await post('/user-city/', { id: opts.city.id }, cookie)
      for (const id of opts.cart) cookie = await post('/cart-list/', { id: offerOf[id] }, cookie)
      for (const id of opts.favorites) cookie = await post('/favorites-list/', { id }, cookie)
      const caller = {
        name,
        cookie,
        cart: opts.cart.length,
        favorites: opts.favorites,
        signedIn: opts.signIn,
        city: (opts.city ?? defaultCity).name,
      }
      callers.push(caller)
      return caller
    }
    const [p0, p1, p2, p3] = products as [number, number, number, number]
    await shopper('Alice Leaktest', { signIn: true, city: cities[1], cart: [p0, p1, p2], favorites: [p0, p1] })
    await shopper('Guest with a cart', { signIn: false, cart: [p3], favorites: [p2] })
    await shopper('Bob Leaktest', { signIn: true, city: cities[2], cart: [], favorites: [] })
    callers.push({ name: 'visitor', cookie: '', cart: 0, favorites: [], signedIn: false, city: defaultCity.name })
  }, 90_000)

  afterAll(() => {
    server?.kill('SIGTERM')
  })

  const get = async (c: Caller, path: string) => {
    const res = await fetch(`${base}${path}`, { headers: c.cookie ? { cookie: c.cookie } : {} })
    expect(res.status).toBe(200)
    return {
      html: await res.text(),
      hit: res.headers.get('x-page-cache') === 'hit',
      cache: res.headers.get('cache-control'),
    }
  }

  const tagOf = (html: string, marker: string) => {
    const at = html.indexOf(marker)
    return at < 0 ? '' : html.slice(html.lastIndexOf('<', at), html.indexOf('>', at) + 1)
  }

  /** What a page shows of its caller: badges, account link, pressed hearts, city; and its state. */
  function check(c: Caller, html: string, path: string) {
    const cartLink = html.slice(
      html.indexOf('data-personal="cart"'),
      html.indexOf('</a>', html.indexOf('data-personal="cart"')),
    )
    const badge = />(\d+)<\/span>$/.exec(cartLink)?.[1]
    expect(Number(badge ?? 0), `${c.name} cart badge on ${path}`).toBe(c.cart)
    expect(tagOf(html, 'data-personal="favorites"')).toMatch(
      c.favorites.length ? `: ${c.favorites.length}"` : /"[^:"]*"/,
    )
    expect(tagOf(html, 'data-personal="account"')).toContain(c.signedIn ? 'href="/personal/"' : 'href="/login/"')
    const pressed = [...html.matchAll(/<button[^>]*aria-pressed="true"[^>]*data-heart="(\d+)"/g)].map((m) =>
      Number(m[1]),
    )
    const shown = [...html.matchAll(/data-heart="(\d+)"/g)].map((m) => Number(m[1]))
    expect(pressed.sort(), `${c.name} hearts on ${path}`).toEqual(c.favorites.filter((id) => shown.includes(id)).sort())
    expect(html, `${c.name} city on ${path}`).toContain(c.city)
    for (const other of callers) if (other.name !== c.name) expect(html).not.toContain(other.name)
    const state = /<script type="application\/json" id="personal-state">(.*?)<\/script>/.exec(html)?.[1]
    if (!c.cookie) {
      expect(state).toBeUndefined()
      return
    }
    const data = JSON.parse(state ?? 'null') as {
      user: { isAuthorized: boolean }
      cart: { amount: { quantity: number } }
      favorites: { items: { id: number }[] }
    }
    expect(data.user.isAuthorized).toBe(c.signedIn)
    expect(data.cart.amount.quantity).toBe(c.cart)
    expect(data.favorites.items.map((i) => i.id).sort()).toEqual([...c.favorites].sort())
  }

  it('concurrent requests of four callers for the same pages each carry only their own parts', async () => {
    let hits = 0
    for (let round = 0; round < 12; round++) {
      const answers = await Promise.all(
        callers.flatMap((c) => pages.map(async (path) => ({ c, path, ...(await get(c, path)) }))),
      )
      for (const a of answers) {
        check(a.c, a.html, a.path)
        if (a.c.cookie) expect(a.cache).toBe('private, no-store')
        if (a.hit && a.c.cookie) hits++
      }
    }
    // The shoppers were served from the shared pages, not rendered each time.
    expect(hits).toBeGreaterThan(12 * 3 * pages.length * 0.8)
  }, 120_000)

  it('a write shows on the next request of everyone concerned', async () => {
    const [alice, guest] = callers as [Caller, Caller]
    const section = pages[1]!
    // Another process's commit: SQLite's data_version shows it to the server's very next request;
    // PostgreSQL's caches learn of it when its NOTIFY arrives, milliseconds later (ADR 023), so
    // there the first caller waits for it and the others then see it at once.
    const committedElsewhere = async (path: string, seen: (html: string) => boolean) => {
      if (onPostgres)
        await expect.poll(async () => seen((await get(callers[0]!, path)).html), { timeout: 2_000, interval: 10 }).toBe(true)
      for (const c of callers) expect(seen((await get(c, path)).html), c.name).toBe(true)
    }
    // A price change.
    await exec('update product_offers set price = 98765, old_price = null where product_id = ?', products[4])
    await committedElsewhere(section, (html) => /98\s?765/.test(html))
    // Out of stock: the product page says so to everyone.
    const product = pages[2]!
    const alert = 'Сообщить о поступлении'
    for (const c of callers) expect((await get(c, product)).html).not.toContain(alert)
    await exec('update product_offers set stock = 0 where product_id = ?', products[0])
    await exec('update products set total_stock = 0 where id = ?', products[0])
    await committedElsewhere(product, (html) => html.includes(alert))
    // A new favorite: its owner's next page has the heart pressed and the count, nobody else's.
    guest.favorites = [...guest.favorites, products[5]!]
    await post('/favorites-list/', { id: products[5] }, guest.cookie)
    for (const c of callers) check(c, (await get(c, section)).html, section)
    expect(await scalar('select count(*) from favorites where product_id = ?', products[5])).toBe(1)
    // Signing out: the account link goes back to the login page at once, and the cart and
    // favorites stay with the account.
    await post('/user-logout/', {}, alice.cookie)
    const after = (await get(alice, section)).html
    expect(tagOf(after, 'data-personal="account"')).toContain('href="/login/"')
    expect(after).not.toMatch(/<button[^>]*aria-pressed="true"[^>]*data-heart=/)
    expect(after).not.toContain(alice.name)
  }, 60_000)
})
