import type { ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scalar } from '../helpers/db'
import { offersInStock, setStock, stockOf } from '../helpers/commerce'
import { startBuiltServer } from '../helpers/built-server'

/**
 * Two server processes started on two ports against one database (issue 13: the scale-out layout
 * of docs/deploying.md §10, where a proxy spreads requests over app machines): a shopper's
 * session and cart follow them from one to the other, and a race for the last unit split across
 * both sells it once. On PostgreSQL in `npm run test:pg` (and on the SQLite file in the SQLite
 * suite) when BUILD_DIR names a build.
 */
const build = process.env.BUILD_DIR
const servers: ChildProcess[] = []
const bases: string[] = []

const json = (base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json', origin: base }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })

describe.skipIf(!build || !existsSync(`${build}/server/index.mjs`))(
  'two server processes on two ports, one database',
  () => {
    beforeAll(async () => {
      const started = await Promise.all([1, 2].map(() => startBuiltServer(build!, { TRUSTED_PROXIES: '127.0.0.1' })))
      for (const { base, server } of started) {
        bases.push(base)
        servers.push(server)
      }
    }, 90_000)

    afterAll(() => {
      for (const s of servers) s.kill('SIGTERM')
    })

    it("a shopper's session and cart follow them from one process to the other", async () => {
      const [a, b] = bases as [string, string]
      const [offer] = await offersInStock(1)
      await setStock(offer!.id, 5)
      const added = await json(a, 'POST', '/api/cart-list/', { id: offer!.id, quantity: 2 })
      expect(added.status).toBe(200)
      const cookie = (added.headers.get('set-cookie') ?? '').split(';')[0]!
      expect(cookie).toMatch(/=/)
      const seen = (await (await json(b, 'GET', '/api/cart-list/', undefined, { cookie })).json()) as {
        items: { quantity: number }[]
      }
      expect(seen.items.map((i) => i.quantity)).toEqual([2])
      // A change made through the second process is what the first one answers next.
      const patched = await json(b, 'PATCH', '/api/cart-list/', { id: offer!.id, quantity: 3 }, { cookie })
      expect(patched.status).toBe(200)
      const back = (await (await json(a, 'GET', '/api/cart-list/', undefined, { cookie })).json()) as {
        items: { quantity: number }[]
      }
      expect(back.items.map((i) => i.quantity)).toEqual([3])
    })

    it('30 one-click orders for the last unit, split over both ports: exactly one succeeds', async () => {
      const [offer] = await offersInStock(1)
      await setStock(offer!.id, 1)
      const orders = await scalar<number>('select count(*) from orders')
      const statuses = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          json(
            bases[i % 2]!,
            'POST',
            '/api/orders-fast-buy/',
            { id: offer!.id, phone: `+7912400${String(i + 1).padStart(4, '0')}` },
            { 'x-forwarded-for': `198.51.100.${i + 1}` },
          ).then((r) => r.status),
        ),
      )
      expect(statuses.filter((s) => s === 200)).toHaveLength(1)
      expect(statuses.filter((s) => s === 409)).toHaveLength(29)
      expect(await stockOf(offer!.id)).toBe(0)
      expect(await scalar<number>('select count(*) from orders')).toBe(orders + 1)
    }, 60_000)
  },
)
