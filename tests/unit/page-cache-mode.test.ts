import { describe, expect, it } from 'vitest'
import { cachedPage, pageCacheKey, pageCacheMode, type PageSlot } from '../../server/page-cache'
import { refusedAddress } from '../../server/http/request-path'
import { pageQuery, pageSearch } from '../../server/contracts/page-query'
import { fillSlot, findSlots, splicePersonal, type PersonalSlot } from '../../app/components/layout/personal-parts'

const get = (path: string, headers: Record<string, string> = {}) =>
  new Request(`http://shop.test${path}`, { headers: { 'accept-language': 'ru', ...headers } })
const session = { cookie: 'lang=ru; sid=abc; cookie-ok=1' }

describe('which answers the page cache shares (ADR 021)', () => {
  it('pages of visitors and of shoppers with a session; never the API, files or personal pages', () => {
    expect(pageCacheMode(get('/catalog/shampoo/'))).toBe('visitor')
    expect(pageCacheMode(get('/catalog/shampoo/?page=2', session))).toBe('session')
    expect(pageCacheMode(get('/', session))).toBe('session')
    for (const path of [
      '/cart/',
      '/order/checkout/',
      '/favorites/',
      '/login/',
      '/registration/',
      '/personal/orders/1/',
      '/payment/x/',
    ])
      expect(pageCacheMode(get(path, session)), path).toBeNull()
    for (const path of ['/media/a.jpg', '/robots.txt', '/healthz', '/api/cart-list/'])
      expect(pageCacheMode(get(path, session)), path).toBeNull()
    expect(pageCacheMode(get('/api/site-options/'))).toBeNull()
    expect(pageCacheMode(new Request('http://shop.test/', { method: 'POST' }))).toBeNull()
    expect(pageCacheMode(get('/', { authorization: 'Basic x' }))).toBeNull()
  })

  it('keys a session by its city alone: without one it shares the visitors’ entry', () => {
    const visitor = pageCacheKey(get('/faq/', { cookie: 'lang=ru; cookie-ok=1' }))
    expect(pageCacheKey(get('/faq/', session), { cityId: null, cityConfirmed: false })).toBe(visitor)
    const moscow = pageCacheKey(get('/faq/', session), { cityId: 1, cityConfirmed: true })
    expect(moscow).not.toBe(visitor)
    expect(moscow).not.toContain('abc')
    expect(
      pageCacheKey(get('/faq/', { cookie: 'sid=other; lang=ru; cookie-ok=1' }), { cityId: 1, cityConfirmed: true }),
    ).toBe(moscow)
    expect(pageCacheKey(get('/faq/', session), { cityId: 1, cityConfirmed: false })).not.toBe(moscow)
    // A session request needs its city to have a key at all.
    expect(pageCacheKey(get('/faq/', session))).toBeNull()
  })

  it('keys a page by the parameters pages read (ADR 038); files and personal pages by their whole query', () => {
    expect(pageCacheKey(get('/catalog/x/?utm_source=a&gclid=b&page=2'))).toBe(pageCacheKey(get('/catalog/x/?page=2')))
    expect(pageCacheKey(get('/catalog/x/?filter[brand]=a'))).not.toBe(pageCacheKey(get('/catalog/x/')))
    expect(pageQuery('?filter%5Bbrand%5D=a&yclid=1&s=mask&filter=x&pages=3&sort=price')).toBe(
      'filter%5Bbrand%5D=a&s=mask&filter=x&sort=price',
    )
    expect(pageSearch({ 'filter[price][min]': 1, utm_source: 'x', offer: 2 })).toEqual({
      'filter[price][min]': 1,
      offer: 2,
    })
    expect(pageCacheKey(get('/payment/x/?a=1'))).not.toBe(pageCacheKey(get('/payment/x/?a=2')))
    expect(pageCacheKey(get('/media/a.jpg?w=1'))).not.toBe(pageCacheKey(get('/media/a.jpg?w=2')))
  })
})

describe('a shopper’s answer from a stored page (ADR 021)', () => {
  const N = '0123456789abcdef0123'
  const html = (nonce: string) =>
    `<html lang="ru"><head><script nonce="${nonce}">1</script></head><body>` +
    '<a class="i" aria-label="Корзина" data-personal="cart" href="/cart/"><svg></svg></a>' +
    '<a class="i" aria-label="Войти" data-personal="account" href="/login/"><svg></svg></a>' +
    '<button type="button" aria-pressed="false" aria-label="Добавить в избранное" title="Добавить в избранное" class="h " data-heart="5"><svg fill="none"></svg></button>' +
    `<script nonce="${nonce}">2</script></body></html>`
  const view = { cart: 2, favorites: [5], isAuthorized: true }
  const state = () => ({ at: 1, user: { id: 1 }, cart: null, favorites: null })
  const personal = (cityId: number | null) => ({
    city: { cityId, cityConfirmed: true },
    slots: findSlots,
    fill: (slot: PageSlot) => fillSlot(slot as PersonalSlot, view, state),
    cookies: ['sid=abc; Path=/'],
  })
  let renders = 0
  const render = () => {
    renders++
    return Promise.resolve(
      new Response(html(N), {
        headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': `script-src 'nonce-${N}'` },
      }),
    )
  }
  let nonces = 0
  const nonce = () => `fedcba98765432100${nonces++}`

  it('is the stored page with a fresh nonce and the shopper’s parts, the first answer too; a visitor gets it bare', async () => {
    const asShopper = () => cachedPage(get('/faq/', session), nonce, render, personal(null))
    const first = await asShopper()
    const second = await asShopper()
    expect(renders).toBe(1)
    expect(first.headers.get('x-page-cache')).toBeNull()
    expect(second.headers.get('x-page-cache')).toBe('hit')
    expect(second.headers.get('set-cookie')).toBe('sid=abc; Path=/')
    expect(second.headers.get('content-security-policy')).toBe("script-src 'nonce-fedcba987654321001'")
    expect(await first.text()).toBe(splicePersonal(html('fedcba987654321000'), view, state))
    const text = await second.text()
    expect(text).toBe(splicePersonal(html('fedcba987654321001'), view, state))
    expect(text).toContain('aria-label="Корзина: 2"')
    expect(text).toContain('href="/personal/"')
    expect(text).toContain('aria-pressed="true"')
    expect(text).toContain('<script type="application/json" id="personal-state">{"at":1,')
    // The same entry (no city) for a visitor: as rendered, with its own nonce.
    const bare = await cachedPage(get('/faq/', { cookie: 'lang=ru; cookie-ok=1' }), nonce, render)
    expect(renders).toBe(1)
    expect(await bare.text()).toBe(html('fedcba987654321002'))
  })
})

describe('addresses no page can have (server entry, issue 25 §6)', () => {
  it('a path over 2000 characters or a query string over 4000 is 414; a server function 404; the API never', () => {
    expect(refusedAddress(`/${'a'.repeat(1998)}/`)).toBeUndefined()
    expect(refusedAddress(`/${'a'.repeat(1999)}/`)).toBe(414)
    expect(refusedAddress(`/catalog/?${'q'.repeat(4000)}`)).toBeUndefined()
    expect(refusedAddress(`/catalog/?${'q'.repeat(4001)}`)).toBe(414)
    expect(refusedAddress('/_serverFn/x')).toBe(404)
    expect(refusedAddress('/_serverFn/abc?createServerFn')).toBe(404)
    expect(refusedAddress('/catalog/_serverFn/')).toBeUndefined()
    // REST and tRPC answer their own limits (the startup batch may be a long GET).
    expect(refusedAddress(`/api/composite/?${'q'.repeat(5000)}`)).toBeUndefined()
    expect(refusedAddress(`/api/trpc/${'a'.repeat(2500)}`)).toBeUndefined()
  })
})
