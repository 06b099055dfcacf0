import { spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { db, scalar } from '../helpers/db'
import { sessions } from '../../db/schema'
import { startBuiltServer } from '../helpers/built-server'
import { testDatabaseUrl } from '../helpers/setup-file'

/**
 * What only a production build shows: the page middleware (app/start.ts) marks pages rendered
 * for a session `private, no-store`, and the nitro plugin starts the periodic jobs when the
 * process boots. Runs when BUILD_DIR names a build:
 * `BUILD_DIR=.output-x npx vitest run tests/integration/built-server.test.ts`.
 */
const build = process.env.BUILD_DIR
describe.skipIf(!build || !existsSync(`${build}/server/index.mjs`))('production build', () => {
  let server: ChildProcess
  let base = ''

  beforeAll(async () => {
    // A session that died a day ago: the purge job must delete it soon after boot.
    const now = Date.now()
    await db()
      .insert(sessions)
      .values({
        id: 'dead-at-boot',
        createdAt: now - 40 * 86_400_000,
        lastSeenAt: now - 31 * 86_400_000,
        expiresAt: now - 86_400_000,
        cityConfirmed: false,
      })
    ;({ base, server } = await startBuiltServer(build!))
  }, 60_000)

  afterAll(() => {
    server?.kill('SIGTERM')
  })

  it('pages rendered for a session are private, no-store; visitor pages are shared', async () => {
    const anonymous = await fetch(`${base}/`)
    expect(anonymous.status).toBe(200)
    expect(anonymous.headers.get('cache-control') ?? '').not.toMatch(/private/)
    const again = await fetch(`${base}/`)
    expect(again.headers.get('x-page-cache')).toBe('hit')
    expect(again.headers.get('cache-control') ?? '').not.toMatch(/private/)

    const city = await fetch(`${base}/api/user-city/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ id: 3 }),
    })
    expect(city.headers.get('cache-control')).toBe('private, no-store')
    const sid = /^sid=([^;]+)/.exec(city.headers.get('set-cookie') ?? '')?.[1]
    expect(sid).toBeTruthy()
    const personal = await fetch(`${base}/`, { headers: { cookie: `sid=${sid}` } })
    expect(personal.status).toBe(200)
    expect(personal.headers.get('cache-control')).toBe('private, no-store')
    expect(personal.headers.get('x-page-cache')).toBeNull()
    const account = await fetch(`${base}/personal/`, { headers: { cookie: `sid=${sid}` }, redirect: 'manual' })
    expect(account.headers.get('cache-control')).toBe('private, no-store')

    // The payment pages, whoever asks.
    const payment = await fetch(`${base}/payment/test/no-such-payment/`)
    expect(payment.headers.get('cache-control')).toBe('private, no-store')

    const trpc = await fetch(`${base}/api/trpc/cart.get`, { headers: { cookie: `sid=${sid}` } })
    expect(trpc.status).toBe(200)
    expect(trpc.headers.get('cache-control')).toBe('private, no-store')
  })

  it('the periodic jobs run in the server process from boot (the purge deletes a dead session)', async () => {
    for (let i = 0; i < 150 && (await scalar("select count(*) from sessions where id = 'dead-at-boot'")) > 0; i++) {
      await new Promise((r) => setTimeout(r, 200))
    }
    expect(await scalar("select count(*) from sessions where id = 'dead-at-boot'")).toBe(0)
  }, 40_000)

  it('started directly in production with demo parts, the server refuses: exit 1, one line per problem', () => {
    const r = spawnSync(process.execPath, [`${build}/server/index.mjs`], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        SHOP_MODE: 'production',
        PORT: '1',
        DATABASE_URL: testDatabaseUrl(),
      },
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(r.status).toBe(1)
    const lines = r.stderr.trim().split('\n')
    expect(lines[0]).toBe('SHOP_MODE=production refuses to start:')
    expect(lines.slice(1).map((l) => l.trim().split(':')[0])).toEqual([
      'APP_ORIGIN',
      'SMS_PROVIDER',
      'PAYMENT_PROVIDER',
      'MAIL_PROVIDER',
    ])
  }, 40_000)
})
