import { describe, expect, it } from 'vitest'
import type { ApiClient } from '../helpers/api'
import { accountKit, digits } from '../helpers/account'
import { rows, scalar, exec } from '../helpers/db'
import { sessionIdOf } from '../helpers/commerce'

/** Accounts (contract §6): what the visitor had joins the account at sign-in. */

const { client, newPhone, register, lastCode, phoneSeq } = accountKit({
  peerNet: '10.0',
  phoneArea: '900',
  firstPhoneSeq: 1000,
  registration: { emailPrefix: 'user', fullname: 'Анна Смирнова', password: 'secret123', type: 'individual' },
  codeRequired: true,
})

describe('merge on sign-in', () => {
  const offer = () =>
    rows<{ id: number; product_id: number; stock: number }>(
      'SELECT id, product_id, stock FROM product_offers WHERE stock >= 5 ORDER BY id LIMIT 3',
    )

  it("joins the visitor's cart lines (added, bounded by stock) and favorites into the account's", async () => {
    const [a, b, low] = await offer()
    expect(a && b && low).toBeTruthy()
    const owner = client()
    const { phone, password } = await register(owner)
    const userId = await scalar<number>('SELECT id FROM users WHERE phone = ?', digits(phone))
    const now = Date.now()
    const userCart = await scalar<number>(
      'INSERT INTO carts (user_id, updated_at) VALUES (?, ?) RETURNING id',
      userId,
      now,
    )
    await exec(
      'INSERT INTO cart_lines (cart_id, offer_id, quantity, added_at) VALUES (?, ?, ?, ?)',
      userCart,
      a!.id,
      2,
      now,
    )
    await exec(
      'INSERT INTO cart_lines (cart_id, offer_id, quantity, added_at) VALUES (?, ?, ?, ?)',
      userCart,
      low!.id,
      low!.stock - 1,
      now,
    )
    await exec('INSERT INTO favorites (user_id, product_id, created_at) VALUES (?, ?, ?)', userId, a!.product_id, now)
    await owner.post('/api/user-logout/')

    const c = client()
    await c.post('/api/user-city/', { id: 1 })
    const sessionId = sessionIdOf(c)
    const visitorCart = await scalar<number>(
      'INSERT INTO carts (session_id, promocode, updated_at) VALUES (?, ?, ?) RETURNING id',
      sessionId,
      'WELCOME',
      now,
    )
    await exec(
      'INSERT INTO cart_lines (cart_id, offer_id, quantity, added_at) VALUES (?, ?, ?, ?)',
      visitorCart,
      a!.id,
      1,
      now,
    )
    await exec(
      'INSERT INTO cart_lines (cart_id, offer_id, quantity, added_at) VALUES (?, ?, ?, ?)',
      visitorCart,
      b!.id,
      3,
      now,
    )
    await exec(
      'INSERT INTO cart_lines (cart_id, offer_id, quantity, added_at) VALUES (?, ?, ?, ?)',
      visitorCart,
      low!.id,
      5,
      now,
    )
    await exec(
      'INSERT INTO favorites (session_id, product_id, created_at) VALUES (?, ?, ?)',
      sessionId,
      a!.product_id,
      now,
    )
    await exec(
      'INSERT INTO favorites (session_id, product_id, created_at) VALUES (?, ?, ?)',
      sessionId,
      b!.product_id,
      now,
    )

    expect((await c.post('/api/user-login/', { login: phone, password })).status).toBe(200)
    const lines = await rows<{ offer_id: number; quantity: number }>(
      'SELECT offer_id, quantity FROM cart_lines WHERE cart_id = ? ORDER BY offer_id',
      userCart,
    )
    expect(Object.fromEntries(lines.map((l) => [l.offer_id, l.quantity]))).toEqual({
      [a!.id]: 3,
      [b!.id]: 3,
      [low!.id]: low!.stock,
    })
    expect(await scalar('SELECT promocode FROM carts WHERE id = ?', userCart)).toBe('WELCOME')
    expect(await scalar('SELECT count(*) FROM carts WHERE id = ?', visitorCart)).toBe(0)
    expect(await rows('SELECT product_id FROM favorites WHERE user_id = ? ORDER BY product_id', userId)).toHaveLength(
      a!.product_id === b!.product_id ? 1 : 2,
    )
    expect(
      await scalar(
        'SELECT count(*) FROM favorites WHERE session_id IS NOT NULL AND user_id IS NULL AND session_id = ?',
        sessionId,
      ),
    ).toBe(0)

    // After logout the cart stays with the account and the visitor starts empty.
    await c.post('/api/user-logout/')
    expect(await scalar('SELECT count(*) FROM cart_lines WHERE cart_id = ?', userCart)).toBe(3)
    expect((await c.get('/api/user-info/')).body.isAuthorized).toBe(false)
  })

  it("a visitor's cart becomes the account's when the account has none", async () => {
    const [a] = await offer()
    const phone = newPhone()
    const c = client()
    await c.post('/api/user-city/', { id: 1 })
    const sessionId = sessionIdOf(c)
    const cart = await scalar<number>(
      'INSERT INTO carts (session_id, updated_at) VALUES (?, ?) RETURNING id',
      sessionId,
      Date.now(),
    )
    await exec(
      'INSERT INTO cart_lines (cart_id, offer_id, quantity, added_at) VALUES (?, ?, 2, ?)',
      cart,
      a!.id,
      Date.now(),
    )
    await c.post('/api/user-sms/', { phone })
    await c.post('/api/user-login-code/', { phone, code: await lastCode(c, phone) })
    const userId = await scalar<number>('SELECT id FROM users WHERE phone = ?', digits(phone))
    expect(await rows('SELECT user_id, session_id FROM carts WHERE id = ?', cart)).toEqual([
      { user_id: userId, session_id: null },
    ])
    expect(await scalar('SELECT quantity FROM cart_lines WHERE cart_id = ?', cart)).toBe(2)
  })

  it("guest orders of this session with the account's phone or e-mail join the account; never another session's", async () => {
    const [a] = await offer()
    const phone = newPhone()
    const email = `guest${phoneSeq()}@example.com`
    const address = 'г. Москва, ул. Тверская, д. 1, кв. 5'
    const order = async (v: ApiClient, contacts: { phone: string; email: string }) => {
      await v.post('/api/cart-list/', { id: a!.id })
      const res = await v.post('/api/orders-checkout-offline/', {
        fullname: 'Анна Смирнова',
        ...contacts,
        delivery: 'courier',
        address,
      })
      expect(res.status).toBe(200)
      return res.body.order.id as number
    }
    const c = client()
    const byPhone = await order(c, { phone, email: 'someone@example.com' })
    const byEmail = await order(c, { phone: newPhone(), email: email.toUpperCase() })
    const neither = await order(c, { phone: newPhone(), email: 'someone@example.com' })
    const stranger = await order(client(), { phone, email })

    const res = await c.post('/api/user-registration/', {
      fullname: 'Анна Смирнова',
      phone,
      email,
      password: 'secret123',
      type: 'individual',
    })
    expect(res.status).toBe(200)
    const list = (await c.get('/api/orders-list/')).body.list.map((o: { id: number }) => o.id)
    expect(list).toEqual([byEmail, byPhone])
    expect((await c.get('/api/order/', { id: byPhone })).status).toBe(200)
    expect(await scalar('SELECT user_id FROM orders WHERE id = ?', neither)).toBeNull()
    expect(await scalar('SELECT user_id FROM orders WHERE id = ?', stranger)).toBeNull()
  })
})
