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
  let output = () => ''

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
    ;({ base, server, output } = await startBuiltServer(build!))
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

  it('an address no page can have answers at once and quietly: 414 for an over-long one, 404 for /_serverFn/', async () => {
    const logged = output().length
    const timed = async (url: string, init?: RequestInit) => {
      const started = performance.now()
      const res = await fetch(url, init)
      await res.arrayBuffer()
      return { status: res.status, ms: performance.now() - started }
    }
    // The page entity's own limits (server/contracts/entity.ts): the query string, then the path.
    const answers = [
      [await timed(`${base}/catalog/?q=${'a'.repeat(5000)}`), 414],
      [await timed(`${base}/${'b'.repeat(2500)}/`), 414],
      [await timed(`${base}/_serverFn/x`), 404],
      [await timed(`${base}/_serverFn/x`, { method: 'POST', headers: { origin: base } }), 404],
    ] as const
    for (const [answer, status] of answers) {
      expect(answer.status).toBe(status)
      // A failing page render waited a second for its retry before its 500.
      expect(answer.ms).toBeLessThan(800)
    }
    // Within the limits an unknown address is still the shop's 404 page.
    expect((await fetch(`${base}/${'b'.repeat(1500)}/?q=${'a'.repeat(3000)}`)).status).toBe(404)
    const log = output().slice(logged)
    expect(log).not.toMatch(/Error|\n\s+at /)
  })

  it('the 404 page says the spec words (§2) in the visitor language, with the search box and popular sections', async () => {
    const texts = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, '')
    const ru = await fetch(`${base}/no-such-page/`)
    expect(ru.status).toBe(404)
    const page = texts(await ru.text())
    expect(page).toContain('>Упс…<')
    expect(page).toMatch(/<h1[^>]*>Страница не найдена<\/h1>/)
    expect(page).toMatch(/<a[^>]*href="\/"[^>]*>На главную<\/a>/)
    expect(page).toMatch(/role="search"/)
    expect(page).toMatch(/href="\/catalog\/[^"/]+\/"/)
    const en = texts(await (await fetch(`${base}/no-such-page/`, { headers: { cookie: 'locale=en' } })).text())
    expect(en).toContain('>Oops...<')
    expect(en).toMatch(/<h1[^>]*>Page not found<\/h1>/)
    expect(en).toMatch(/<a[^>]*href="\/"[^>]*>Go to the Home Page<\/a>/)
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
