import Database from 'better-sqlite3'
import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { closeDatabase, openDatabaseAsync, pgChangeSignal, type DB } from '../../db/client'
import { productOffers } from '../../db/schema'
import { contentVersion, dataVersion } from '../../server/cache'
import { cachedPage, PAGE_MAX_AGE_MS } from '../../server/page-cache'
import { ApiClient } from '../helpers/api'
import { offersInStock, setStock } from '../helpers/commerce'
import { db, exec, onPostgres } from '../helpers/db'
import { testDatabaseTarget } from '../helpers/setup-file'

/**
 * Issue 25 §1, ADR 038: shared caches are keyed by the version of what pages show (catalog,
 * offers and stock, content, site…), not by the whole database: shoppers writing carts, sessions
 * and rate limits beside readers leave cached pages in place, while a price or stock change —
 * from this process, another one, a seed or `db:sql` — shows on the next request.
 */

const N = '0123456789abcdef0123'
let renders = 0
/** A page render that counts itself (the page cache's `render`). */
const render = () => {
  renders++
  return Promise.resolve(
    new Response(`<html><script nonce="${N}">${renders}</script></html>`, {
      headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': `script-src 'nonce-${N}'` },
    }),
  )
}
let nonces = 0
const nonce = () => `fedcba98765432100${nonces++}`
const visit = (path: string, headers: Record<string, string> = {}) =>
  cachedPage(
    new Request(`http://shop.test${path}`, { headers: { 'accept-language': 'ru', ...headers } }),
    nonce,
    render,
  )

/** Another process's connection to this file's database (SQLite file or PostgreSQL pool). */
async function otherProcess(): Promise<{ db: DB; close: () => Promise<void> }> {
  const other = await openDatabaseAsync(testDatabaseTarget(), { migrate: false })
  return { db: other, close: () => closeDatabase(other) }
}

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 10))
  }
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('the page cache beside shoppers who write (issue 25 §1)', () => {
  it('keeps a page while anonymous shoppers add to carts, sign up for rate limits and favorites', async () => {
    const [offer] = await offersInStock(1)
    renders = 0
    await visit('/faq/')
    for (let i = 0; i < 5; i++) {
      const shopper = new ApiClient({ peer: `198.51.100.${i + 1}` })
      expect((await shopper.post('/cart-list/', { id: offer!.id })).status).toBe(200)
      const hit = await visit('/faq/')
      expect(hit.headers.get('x-page-cache'), `after cart add ${i + 1}`).toBe('hit')
    }
    expect(renders).toBe(1)
  })

  it('renders again after a price or stock change, at once (this process) and from another connection', async () => {
    const [offer] = await offersInStock(2)
    renders = 0
    await visit('/catalog/')
    expect((await visit('/catalog/')).headers.get('x-page-cache')).toBe('hit')
    // Sold out, written by this process.
    await setStock(offer!.id, 0)
    expect((await visit('/catalog/')).headers.get('x-page-cache')).toBeNull()
    expect(renders).toBe(2)
    // A price, written by another process (a seed, the 1C import, `npm run db:sql`).
    const other = await otherProcess()
    try {
      if (onPostgres) await until(() => pgChangeSignal(other.db).listening && pgChangeSignal(db()).listening)
      const before = contentVersion(db())
      await other.db
        .update(productOffers)
        .set({ price: offer!.price + 100 })
        .where(eq(productOffers.id, offer!.id))
      // PostgreSQL: this process learns of it when the NOTIFY arrives; SQLite: at the next read.
      if (onPostgres) await until(() => contentVersion(db()) !== before)
      expect((await visit('/catalog/')).headers.get('x-page-cache')).toBeNull()
      expect(renders).toBe(3)
    } finally {
      await other.close()
    }
  })

  it('the content version moves for page tables only; the whole-database version for every write', async () => {
    const [offer] = await offersInStock(1)
    const content = contentVersion(db())
    const data = dataVersion(db())
    const shopper = new ApiClient({ peer: '198.51.100.77' })
    expect((await shopper.post('/cart-list/', { id: offer!.id })).status).toBe(200)
    await exec('delete from rate_limits')
    expect(dataVersion(db())).not.toBe(data)
    expect(contentVersion(db())).toBe(content)
    await exec('update cities set name = name')
    expect(contentVersion(db())).not.toBe(content)
  })

  it('SQLite: a raw write from another connection (`npm run db:sql`) moves it for the next read', async () => {
    if (onPostgres) return
    const before = contentVersion(db())
    const raw = new Database(testDatabaseTarget())
    try {
      raw.prepare('update product_offers set price = price + 1 where id = (select min(id) from product_offers)').run()
      raw.prepare('insert into rate_limits (key, count, reset_at) values (?, 1, 0)').run(`cv-${Date.now()}`)
    } finally {
      raw.close()
    }
    await Promise.resolve() // the next request: another synchronous run
    expect(contentVersion(db())).not.toBe(before)
    const after = contentVersion(db())
    const raw2 = new Database(testDatabaseTarget())
    try {
      raw2.prepare('insert into rate_limits (key, count, reset_at) values (?, 1, 0)').run(`cv2-${Date.now()}`)
    } finally {
      raw2.close()
    }
    await Promise.resolve()
    expect(contentVersion(db())).toBe(after)
  })

  it('keys pages by the parameters pages read: an ad’s or a random parameter shares the page', async () => {
    renders = 0
    await visit('/services/')
    for (const q of ['?utm_source=yandex&utm_campaign=sale', '?yclid=123456789', '?gclid=abc&fbclid=def', '?r=0.123'])
      expect((await visit(`/services/${q}`)).headers.get('x-page-cache'), q).toBe('hit')
    // Unrelated cookies and another Accept-Language of the same locale do not count either.
    expect((await visit('/services/', { cookie: '_ym_uid=1; _ga=GA1.2.3' })).headers.get('x-page-cache')).toBe('hit')
    expect((await visit('/services/', { 'accept-language': 'ru-RU,ru;q=0.9' })).headers.get('x-page-cache')).toBe('hit')
    expect(renders).toBe(1)
    // What a page reads does: its page, the locale, the cookie notice.
    expect((await visit('/services/?page=2')).headers.get('x-page-cache')).toBeNull()
    expect((await visit('/services/', { cookie: 'locale=en' })).headers.get('x-page-cache')).toBeNull()
    expect((await visit('/services/', { cookie: 'cookie_agree=1' })).headers.get('x-page-cache')).toBeNull()
    expect(renders).toBe(4)
  })

  it('an expired page is rendered once while the other requests for it wait', async () => {
    renders = 0
    await visit('/blog/')
    const now = Date.now()
    vi.spyOn(Date, 'now').mockReturnValue(now + PAGE_MAX_AGE_MS + 1)
    const answers = await Promise.all(Array.from({ length: 10 }, () => visit('/blog/')))
    expect(renders).toBe(2)
    expect(answers.filter((a) => a.headers.get('x-page-cache') === 'hit')).toHaveLength(9)
  })
})
