import { createHash } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { setEnvForTests } from '../../server/env'
import { SESSION_MAX_LIFETIME_MS, SESSION_TTL_MS } from '../../server/auth/session'
import { visitor, type ApiClient } from '../helpers/api'
import { userInfo } from '../../server/services/account'
import { signIn } from '../helpers/commerce'
import { scalar, exec, recordStatements } from '../helpers/db'

const DAY = 24 * 3600 * 1000
const hash = (token: string) => createHash('sha256').update(token).digest('hex')

/** A production configuration with every real part set (nothing here talks to them). */
const PRODUCTION = {
  SHOP_MODE: 'production',
  APP_ORIGIN: 'https://shop.test',
  SMS_PROVIDER: 'smsru',
  SMSRU_API_ID: 'A1B2C3D4-E5F6-A7B8-C9D0-E1F2A3B4C5D6',
  PAYMENT_PROVIDER: 'yookassa',
  YOOKASSA_SHOP_ID: '123456',
  YOOKASSA_SECRET_KEY: 'live_Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZg',
  MAIL_PROVIDER: 'none',
}

afterEach(() => setEnvForTests({}))

const signedIn = async (v: ApiClient) => (await v.get('/api/user-info/')).body.isAuthorized as boolean

describe('session lifetime', () => {
  it('ends 90 days after sign-in however active the session is', async () => {
    const v = visitor()
    await signIn(v)
    expect(await signedIn(v)).toBe(true)
    const id = hash(v.cookies.get('sid') ?? '')
    const now = Date.now()
    // Used every day: the sliding expiry is far away, but sign-in was 90 days ago.
    await exec(
      'update sessions set created_at = ?, last_seen_at = ?, expires_at = ? where id = ?',
      now - SESSION_MAX_LIFETIME_MS - 1000,
      now - 60_000,
      now + 29 * DAY,
      id,
    )
    expect(await signedIn(v)).toBe(false)
  })

  it('slides by 30 days on use, but never past the absolute end', async () => {
    const v = visitor()
    await signIn(v)
    const id = hash(v.cookies.get('sid') ?? '')
    const now = Date.now()
    const createdAt = now - SESSION_MAX_LIFETIME_MS + 5 * DAY
    await exec(
      'update sessions set created_at = ?, last_seen_at = ?, expires_at = ? where id = ?',
      createdAt,
      now - 2 * DAY,
      now + 28 * DAY,
      id,
    )
    const res = await v.get('/api/user-info/')
    expect(res.body.isAuthorized).toBe(true)
    const expiresAt = await scalar<number>('select expires_at from sessions where id = ?', id)
    expect(expiresAt).toBe(createdAt + SESSION_MAX_LIFETIME_MS)
    const maxAge = Number(/Max-Age=(\d+)/.exec(res.headers.get('set-cookie') ?? '')?.[1])
    expect(maxAge).toBeGreaterThan(5 * 24 * 3600 - 60)
    expect(maxAge).toBeLessThanOrEqual(5 * 24 * 3600)

    // A young session slides the full 30 days.
    const w = visitor()
    await signIn(w)
    const wid = hash(w.cookies.get('sid') ?? '')
    await exec('update sessions set last_seen_at = ? where id = ?', now - 2 * 3600 * 1000, wid)
    await w.get('/api/user-info/')
    expect(await scalar<number>('select expires_at from sessions where id = ?', wid)).toBeGreaterThan(
      now + SESSION_TTL_MS - 60_000,
    )
  })
})

describe('session cookie name', () => {
  it('in production over https: __Host-sid, Secure, Path=/, no Domain; a plain sid is not read', async () => {
    const userId = await signIn(visitor())
    setEnvForTests(PRODUCTION)
    const v = visitor()
    const res = await v.post('/api/user-city/', { id: 3 })
    const cookie = res.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(/^__Host-sid=[\w-]{40,}; /)
    expect(cookie).toContain('; Secure')
    expect(cookie).toContain('; Path=/;')
    expect(cookie).toContain('HttpOnly')
    expect(cookie).not.toMatch(/domain=/i)
    const token = v.cookies.get('__Host-sid') ?? ''
    await exec('update sessions set user_id = ? where id = ?', userId, hash(token))
    expect(await signedIn(v)).toBe(true)

    // The same token under the demo name (planted by a subdomain or a plain-http page): ignored.
    const planted = await visitor({ headers: { cookie: `sid=${token}` } }).get('/api/user-info/')
    expect(planted.body.isAuthorized).toBe(false)
  })

  it('in demo mode (or without https): sid, and __Host-sid is not read', async () => {
    setEnvForTests({ ...PRODUCTION, SHOP_MODE: 'demo' })
    const v = visitor()
    const res = await v.post('/api/user-city/', { id: 3 })
    expect(res.headers.get('set-cookie')).toMatch(/^sid=/)
    await signIn(v)
    expect(await signedIn(v)).toBe(true)
    const token = v.cookies.get('sid') ?? ''
    const other = await visitor({ headers: { cookie: `__Host-sid=${token}` } }).get('/api/user-info/')
    expect(other.body.isAuthorized).toBe(false)
  })
})

describe('one read of the session a request', () => {
  it('the context reads the row once; every later read of the request is in memory', async () => {
    const v = visitor()
    const userId = await signIn(v)
    const statements = recordStatements()
    try {
      const { ctx, caller } = v.trpc()
      const context = await ctx
      const sessionReads = () => statements.texts().filter((q) => /from "sessions"/i.test(q)).length
      expect(sessionReads()).toBe(1)
      expect(context.session.userId).toBe(userId)
      expect((await userInfo(context)).id).toBe(userId)
      expect((await caller.user.info()).id).toBe(userId)
      expect(context.session.get()?.userId).toBe(userId)
      expect(sessionReads()).toBe(1)
    } finally {
      statements.restore()
    }
  })
})
