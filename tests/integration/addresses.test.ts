import { describe, expect, it } from 'vitest'
import { visitor, type ApiClient } from '../helpers/api'
import { scalar } from '../helpers/db'

let seq = 0
const client = () => visitor({ locale: 'en', peer: `10.9.0.${++seq}` })

async function signedIn(): Promise<ApiClient> {
  const c = client()
  const n = String(5000 + seq).padStart(4, '0')
  const res = await c.post('/api/user-registration/', {
    fullname: 'Олег Иванов',
    phone: `+7 (901) 000-${n.slice(0, 2)}-${n.slice(2)}`,
    email: `addr${n}@example.com`,
    password: 'secret123',
  })
  expect(res.status).toBe(200)
  return c
}

const address = { postal: '101000', city: 'Москва', street: 'ул. Тверская', house: '14', flat: '7' }

describe('user-address-list', () => {
  it('visitors get 401 on every method', async () => {
    const c = client()
    expect((await c.get('/api/user-address-list/')).status).toBe(401)
    expect((await c.post('/api/user-address-list/', address)).status).toBe(401)
    expect((await c.patch('/api/user-address-list/', { id: 1, ...address })).status).toBe(401)
    expect((await c.delete('/api/user-address-list/', { id: 1 })).status).toBe(401)
    expect((await c.get('/api/user-address-list/')).body).toMatchObject({ success: false, message: 'Please sign in' })
  })

  it('adds, lists, edits and deletes; user-info carries the list', async () => {
    const c = await signedIn()
    expect((await c.get('/api/user-address-list/')).body).toEqual({ success: true, message: '', list: [] })
    const added = await c.post('/api/user-address-list/', address)
    expect(added.status).toBe(200)
    expect(added.body).toMatchObject({ success: true, message: 'Address saved' })
    expect(added.body.list).toEqual([
      {
        id: expect.any(Number),
        full: '101000, Москва, ул. Тверская, 14, кв. 7',
        postal: '101000',
        country: 'Россия',
        city: 'Москва',
        street: 'ул. Тверская',
        house: '14',
        flat: '7',
        entrance: '',
        floor: '',
        intercom: '',
      },
    ])
    const id = added.body.list[0].id as number
    const edited = await c.form('PATCH', '/api/user-address-list/', [
      ['id', String(id)],
      ['city', 'Москва'],
      ['street', 'ул. Арбат'],
      ['house', '21к2'],
      ['flat', ''],
    ])
    expect(edited.status).toBe(200)
    expect(edited.body.list[0]).toMatchObject({
      id,
      street: 'ул. Арбат',
      house: '21к2',
      full: '101000, Москва, ул. Арбат, 21к2',
    })
    expect((await c.get('/api/user-info/')).body.addresses).toEqual(edited.body.list)
    // PATCH changes only the fields sent; the result must stay valid.
    const partial = await c.patch('/api/user-address-list/', { id, flat: '15' })
    expect(partial.body.list[0]).toMatchObject({
      street: 'ул. Арбат',
      house: '21к2',
      flat: '15',
      full: '101000, Москва, ул. Арбат, 21к2, кв. 15',
    })
    const emptied = await c.patch('/api/user-address-list/', { id, street: '' })
    expect(emptied.status).toBe(422)
    expect(emptied.body.errors).toEqual({ street: 'Required field' })
    const line = await c.patch('/api/user-address-list/', { id, full: 'Москва, Арбат, 21к2, офис 3' })
    expect(line.body.list[0].full).toBe('Москва, Арбат, 21к2, офис 3')
    const second = await c.post('/api/user-address-list/', { full: 'Санкт-Петербург, Невский проспект, 11' })
    expect(second.body.list).toHaveLength(2)
    expect((await c.get('/api/user-address-list/')).body.list[0].flat).toBe('15')
    const removed = await c.delete('/api/user-address-list/', { id })
    expect(removed.body).toMatchObject({ success: true, message: 'Address deleted' })
    expect(removed.body.list).toHaveLength(1)
  })

  it('keeps entrance, floor and intercom for the courier; patchable; too long is a 422 on the field (issue 17)', async () => {
    const c = await signedIn()
    const added = await c.post('/api/user-address-list/', { ...address, entrance: '2', floor: '5', intercom: '25К' })
    expect(added.body.list[0]).toMatchObject({ entrance: '2', floor: '5', intercom: '25К' })
    const id = added.body.list[0].id as number
    const patched = await c.patch('/api/user-address-list/', { id, floor: '6' })
    expect(patched.body.list[0]).toMatchObject({ entrance: '2', floor: '6', intercom: '25К' })
    const long = await c.patch('/api/user-address-list/', { id, intercom: 'x'.repeat(21) })
    expect(long.status).toBe(422)
    expect(long.body.errors).toHaveProperty('intercom')
  })

  it('validation: street and house unless a full address; postal code has 6 digits', async () => {
    const c = await signedIn()
    const res = await c.post('/api/user-address-list/', { city: 'Москва', postal: '12' })
    expect(res.status).toBe(422)
    expect(res.body.errors).toEqual({
      postal: 'The postal code has 6 digits',
      street: 'Required field',
      house: 'Required field',
    })
    expect((await c.patch('/api/user-address-list/', { id: 'abc', ...address })).status).toBe(422)
    expect((await c.delete('/api/user-address-list/', {})).status).toBe(422)
  })

  it("another user's address is 404 and stays untouched (IDOR)", async () => {
    const owner = await signedIn()
    const id = (await owner.post('/api/user-address-list/', address)).body.list[0].id as number
    const intruder = await signedIn()
    const patch = await intruder.patch('/api/user-address-list/', { id, ...address, street: 'Взлом' })
    expect(patch.status).toBe(404)
    expect(patch.body.success).toBe(false)
    expect((await intruder.delete('/api/user-address-list/', { id })).status).toBe(404)
    expect((await intruder.patch('/api/user-address-list/', { id: 999999, ...address })).status).toBe(404)
    expect(await scalar('SELECT street FROM user_addresses WHERE id = ?', id)).toBe('ул. Тверская')
    expect((await intruder.get('/api/user-address-list/')).body.list).toEqual([])
  })

  it('at most 20 addresses (409)', async () => {
    const c = await signedIn()
    for (let i = 0; i < 20; i++)
      expect((await c.post('/api/user-address-list/', { ...address, flat: String(i) })).status).toBe(200)
    const over = await c.post('/api/user-address-list/', address)
    expect(over.status).toBe(409)
    expect(over.body.message).toBe('No more than 20 addresses')
  })

  it('works through tRPC with the same rules', async () => {
    const c = await signedIn()
    const { caller } = c.trpc()
    const r = await caller.user.addAddress({ street: 'ул. Покровка', house: '14', city: 'Москва' })
    expect(r.list).toHaveLength(1)
    await expect(caller.user.deleteAddress({ id: 987654 })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    await expect(client().trpc().caller.user.addresses()).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
  })
})
