import { describe, expect, it } from 'vitest'
import { visitor } from '../helpers/api'
import { scalar } from '../helpers/db'

const ids = (body: { items: { id: number }[] }) => body.items.map((i) => i.id).sort((a, b) => a - b)

describe('favorites (contract §4)', () => {
  it('adds idempotently, lists cards with isFavorite, removes one or many', async () => {
    const v = visitor()
    expect((await v.get('/api/favorites-list/')).body).toEqual({ items: [] })
    const a = await v.post('/api/favorites-list/', { id: 1 })
    expect(a.status).toBe(200)
    expect(a.body).toMatchObject({ success: true, message: expect.any(String) })
    await v.post('/api/favorites-list/', { id: 1 })
    await v.form('POST', '/api/favorites-list/', [['id', '2']])
    const list = await v.get('/api/favorites-list/')
    expect(ids(list.body)).toEqual([1, 2])
    expect(list.body.items.every((c: { isFavorite: boolean }) => c.isFavorite)).toBe(true)
    expect(await scalar('select count(*) from favorites where product_id = 1')).toBe(1)
    // The catalog shows the heart for this visitor only.
    const page = await v.get('/api/catalog-list/?page_size=60&sort=popular')
    const mine = page.body.products.items
      .filter((c: { isFavorite: boolean }) => c.isFavorite)
      .map((c: { id: number }) => c.id)
    for (const id of mine) expect([1, 2]).toContain(id)
    await v.post('/api/favorites-list/', { id: 3 })
    const del = await v.delete('/api/favorites-list/', { id: [1, 3, 999999] })
    expect(del.status).toBe(200)
    expect(ids(del.body)).toEqual([2])
    expect(ids((await v.delete('/api/favorites-list/', { id: 2 })).body)).toEqual([])
  })

  it('refuses an unknown product with 404 and bad ids with 422', async () => {
    const v = visitor()
    expect((await v.post('/api/favorites-list/', { id: 999999 })).status).toBe(404)
    expect((await v.post('/api/favorites-list/', { id: 'abc' })).status).toBe(422)
    expect((await v.post('/api/favorites-list/', {})).status).toBe(422)
    // An offer id is not a product.
    expect((await v.post('/api/favorites-list/', { id: 1_000_001 })).status).toBe(404)
  })

  it('keeps two sessions apart', async () => {
    const a = visitor()
    const b = visitor()
    await a.post('/api/favorites-list/', { id: 5 })
    await b.post('/api/favorites-list/', { id: 6 })
    expect(ids((await a.get('/api/favorites-list/')).body)).toEqual([5])
    expect(ids((await b.get('/api/favorites-list/')).body)).toEqual([6])
    // B cannot remove A's favorite.
    await b.delete('/api/favorites-list/', { id: 5 })
    expect(ids((await a.get('/api/favorites-list/')).body)).toEqual([5])
    // A stranger without a session sees nothing.
    expect((await visitor().get('/api/favorites-list/')).body.items).toEqual([])
  })

  it('tRPC add / list / remove share the session with REST', async () => {
    const v = visitor()
    await v.post('/api/favorites-list/', { id: 7 })
    const { caller } = v.trpc()
    expect((await caller.favorites.list()).items.map((i) => i.id)).toEqual([7])
    expect((await caller.favorites.add({ id: 8 })).items.map((i) => i.id).sort()).toEqual([7, 8])
    expect((await caller.favorites.remove({ id: [7] })).items.map((i) => i.id)).toEqual([8])
    await expect(caller.favorites.add({ id: 999999 })).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })

  it('the favorites page entity lists the same cards', async () => {
    const v = visitor()
    await v.post('/api/favorites-list/', { id: 9 })
    const res = await v.get('/api/local/entity/', { path: '/favorites/' })
    expect(res.body.type).toBe('favorites')
    expect(res.body.data.items.map((i: { id: number }) => i.id)).toEqual([9])
  })
})
