import { describe, expect, it } from 'vitest'
import { pageCacheKey, pageCacheMode } from '../../server/page-cache'

const get = (path: string, headers: Record<string, string> = {}) =>
  new Request(`http://shop.test${path}`, { headers: { 'accept-language': 'ru', ...headers } })
const session = { cookie: 'lang=ru; sid=abc; cookie-ok=1' }

describe('which answers the page cache shares (ADR 021)', () => {
  it('pages of visitors and of shoppers with a session; never the API, files or personal pages', () => {
    expect(pageCacheMode(get('/catalog/shampoo/'))).toBe('visitor')
    expect(pageCacheMode(get('/catalog/shampoo/?page=2', session))).toBe('session')
    expect(pageCacheMode(get('/', session))).toBe('session')
    for (const path of ['/cart/', '/order/checkout/', '/favorites/', '/login/', '/registration/', '/personal/orders/1/', '/payment/x/'])
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
    expect(pageCacheKey(get('/faq/', { cookie: 'sid=other; lang=ru; cookie-ok=1' }), { cityId: 1, cityConfirmed: true })).toBe(moscow)
    expect(pageCacheKey(get('/faq/', session), { cityId: 1, cityConfirmed: false })).not.toBe(moscow)
    // A session request needs its city to have a key at all.
    expect(pageCacheKey(get('/faq/', session))).toBeNull()
  })
})
