import { describe, expect, it } from 'vitest'
import { personalOf } from '../../app/start-personal'
import type { PersonalSlot } from '../../app/components/layout/personal-parts'
import { visitor } from '../helpers/api'

/** ADR 021: a session's parts are kept per data version: any write shows on the next answer. */
describe('a shopper’s personal parts', () => {
  const cartLabel = async (cookie: string) => {
    const personal = await personalOf(new Request('http://shop.test/faq/', { headers: { cookie } }))
    const slot: PersonalSlot = {
      start: 0,
      end: 0,
      original: '<a aria-label="Корзина" data-personal="cart">',
      kind: 'cart',
      id: 0,
      locale: 'ru',
    }
    return personal?.fill(slot)
  }

  it('follow the session’s writes, and are never another session’s', async () => {
    const a = visitor()
    const b = visitor()
    expect((await a.post('/api/cart-list/', { id: 1 })).status).toBe(200)
    expect((await b.post('/api/cart-list/', { id: 2, quantity: 3 })).status).toBe(200)
    expect(await cartLabel(a.cookieHeader())).toContain('aria-label="Корзина: 1"')
    expect(await cartLabel(a.cookieHeader())).toContain('aria-label="Корзина: 1"')
    expect(await cartLabel(b.cookieHeader())).toContain('aria-label="Корзина: 3"')
    expect((await a.post('/api/cart-list/', { id: 3 })).status).toBe(200)
    expect(await cartLabel(a.cookieHeader())).toContain('aria-label="Корзина: 2"')
    expect(await cartLabel(b.cookieHeader())).toContain('aria-label="Корзина: 3"')
  })
})
