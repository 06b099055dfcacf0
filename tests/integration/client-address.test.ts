import type { ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { setEnvForTests } from '../../server/env'
import { LIMITS } from '../../server/services/account'
import { visitor } from '../helpers/api'
import { rows, scalar, exec } from '../helpers/db'
import { startBuiltServer } from '../helpers/built-server'

/**
 * The address every per-address limit counts against (issue 12, point 4): the socket's peer;
 * X-Forwarded-For only through TRUSTED_PROXIES, read right to left. The limit used here is the
 * account-check one (`POST /api/user-check/`, LIMITS.checkPerIp a minute).
 */
const MAX = LIMITS.checkPerIp.max
const check = (c: ReturnType<typeof visitor>, headers: Record<string, string> = {}, peer?: string) =>
  c.raw('POST', '/api/user-check/', {
    body: JSON.stringify({ phone: '+7 (900) 111-22-33' }),
    headers: { 'content-type': 'application/json', ...headers },
    peer,
  })
const keys = async () =>
  (await rows<{ key: string }>(`SELECT key FROM rate_limits WHERE key LIKE 'check:ip:%' ORDER BY key`)).map(
    (r) => r.key,
  )
let n = 0
const randomXff = () => `198.51.100.${++n % 250}, 203.0.113.${n % 200}`

afterEach(async () => {
  await exec(`DELETE FROM rate_limits WHERE key LIKE 'check:ip:%'`)
  setEnvForTests({})
})

describe('without TRUSTED_PROXIES', () => {
  it('a spoofed X-Forwarded-For is ignored: one peer sending many different values still trips the limit', async () => {
    const c = visitor({ peer: '192.0.2.10' })
    for (let i = 0; i < MAX; i++) expect((await check(c, { 'x-forwarded-for': randomXff() })).status).toBe(200)
    const over = await check(c, { 'x-forwarded-for': '8.8.8.8' })
    expect(over.status).toBe(429)
    expect(over.body.timeout).toBeGreaterThan(0)
    expect(await keys()).toEqual(['check:ip:192.0.2.10'])
    expect(await scalar(`SELECT count FROM rate_limits WHERE key = 'check:ip:192.0.2.10'`)).toBeGreaterThanOrEqual(MAX)

    // another peer has its own budget
    expect((await check(visitor({ peer: '192.0.2.11' }))).status).toBe(200)
  })

  it('X-Real-IP is not believed either', async () => {
    const c = visitor({ peer: '192.0.2.20' })
    for (let i = 0; i < 5; i++) await check(c, { 'x-real-ip': `198.51.100.${i}` })
    expect(await keys()).toEqual(['check:ip:192.0.2.20'])
  })

  it('even a loopback or private peer is not a proxy unless listed', async () => {
    await check(visitor({ peer: '127.0.0.1' }), { 'x-forwarded-for': '1.2.3.4' })
    await check(visitor({ peer: '10.0.0.5' }), { 'x-forwarded-for': '1.2.3.4' })
    expect(await keys()).toEqual(['check:ip:10.0.0.5', 'check:ip:127.0.0.1'])
  })

  it('tRPC and REST count the same address', async () => {
    const c = visitor({ peer: '192.0.2.30' })
    expect((await c.trpc().ctx).clientIp).toBe('192.0.2.30')
    await c.raw('POST', '/api/trpc/user.check', {
      body: JSON.stringify({ phone: '+7 (900) 111-22-33' }),
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '1.2.3.4' },
    })
    await check(c, { 'x-forwarded-for': '5.6.7.8' })
    expect(await keys()).toEqual(['check:ip:192.0.2.30'])
  })
})

describe('with TRUSTED_PROXIES', () => {
  beforeAll(() => setEnvForTests({ TRUSTED_PROXIES: '10.0.0.0/8' }))

  it('honoured through a trusted hop: peer 10.0.0.5, "1.2.3.4, 10.0.0.7" → 1.2.3.4', async () => {
    setEnvForTests({ TRUSTED_PROXIES: '10.0.0.0/8' })
    const proxy = visitor({ peer: '10.0.0.5' })
    expect((await check(proxy, { 'x-forwarded-for': '1.2.3.4, 10.0.0.7' })).status).toBe(200)
    expect(await keys()).toEqual(['check:ip:1.2.3.4'])
  })

  it('clients behind one proxy have their own budgets; a client writing its own X-Forwarded-For gains nothing', async () => {
    setEnvForTests({ TRUSTED_PROXIES: '10.0.0.0/8' })
    const proxy = visitor({ peer: '10.0.0.5' })
    // the proxy appends the address it saw; whatever the client sent stays to the left
    for (let i = 0; i < MAX; i++)
      expect((await check(proxy, { 'x-forwarded-for': `${randomXff()}, 1.2.3.4` })).status).toBe(200)
    expect((await check(proxy, { 'x-forwarded-for': '9.9.9.9, 1.2.3.4' })).status).toBe(429)
    expect((await check(proxy, { 'x-forwarded-for': '5.6.7.8' })).status).toBe(200)
    expect(await keys()).toEqual(['check:ip:1.2.3.4', 'check:ip:5.6.7.8'])
  })

  it('the rightmost untrusted entry wins', async () => {
    setEnvForTests({ TRUSTED_PROXIES: '10.0.0.0/8' })
    await check(visitor({ peer: '10.0.0.5' }), { 'x-forwarded-for': '6.6.6.6, 1.2.3.4, 10.0.0.9, 10.0.0.7' })
    expect(await keys()).toEqual(['check:ip:1.2.3.4'])
  })

  it('an untrusted peer is the client even when it sends X-Forwarded-For', async () => {
    setEnvForTests({ TRUSTED_PROXIES: '10.0.0.0/8' })
    await check(visitor({ peer: '192.0.2.40' }), { 'x-forwarded-for': '1.2.3.4, 10.0.0.7' })
    expect(await keys()).toEqual(['check:ip:192.0.2.40'])
  })
})

describe('IPv6 and IPv4-mapped peers', () => {
  it('an IPv4-mapped peer is its IPv4 address', async () => {
    await check(visitor({ peer: '::ffff:192.0.2.50' }))
    await check(visitor({ peer: '192.0.2.50' }))
    expect(await keys()).toEqual(['check:ip:192.0.2.50'])
    expect(await scalar(`SELECT count FROM rate_limits WHERE key = 'check:ip:192.0.2.50'`)).toBe(2)
  })

  it('IPv6 clients count by their /64: rotating addresses inside it does not escape the limit', async () => {
    for (let i = 0; i < MAX; i++)
      expect((await check(visitor({ peer: `2001:db8:5:6::${(i + 1).toString(16)}` }))).status).toBe(200)
    expect((await check(visitor({ peer: '2001:db8:5:6:ffff:ffff:ffff:ffff' }))).status).toBe(429)
    expect((await check(visitor({ peer: '2001:db8:5:7::1' }))).status).toBe(200)
    expect(await keys()).toEqual(['check:ip:2001:db8:5:6::/64', 'check:ip:2001:db8:5:7::/64'])
  })

  it('an IPv6 proxy and IPv6 hops', async () => {
    setEnvForTests({ TRUSTED_PROXIES: 'fd00::/8' })
    await check(visitor({ peer: 'fd00::5' }), { 'x-forwarded-for': '2001:db8:9:9::1, fd00::7' })
    expect(await keys()).toEqual(['check:ip:2001:db8:9:9::/64'])
  })
})

/**
 * The same over real HTTP against a production build (the socket peer of srvx's Node adapter).
 * Runs when BUILD_DIR names a build: `BUILD_DIR=.output-x npx vitest run tests/integration/client-address.test.ts`.
 */
const build = process.env.BUILD_DIR
describe.skipIf(!build || !existsSync(`${build}/server/index.mjs`))('over real HTTP, built server', () => {
  const servers: ChildProcess[] = []

  /** The built server on its own port over this file's database. */
  async function startBuilt(trustedProxies: string): Promise<string> {
    const { base, server } = await startBuiltServer(build!, { TRUSTED_PROXIES: trustedProxies })
    servers.push(server)
    return base
  }

  afterAll(() => {
    for (const s of servers) s.kill('SIGTERM')
  })

  const post = (base: string, headers: Record<string, string>) =>
    fetch(`${base}/api/user-check/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ phone: '+7 (900) 111-22-33' }),
    })

  it('the socket peer 127.0.0.1 is the client; X-Forwarded-For and X-Real-IP change nothing', async () => {
    const base = await startBuilt('')
    for (let i = 0; i < MAX; i++)
      expect((await post(base, { 'x-forwarded-for': randomXff(), 'x-real-ip': `198.51.100.${i}` })).status).toBe(200)
    const over = await post(base, { 'x-forwarded-for': '8.8.8.8' })
    expect(over.status).toBe(429)
    expect(await keys()).toEqual(['check:ip:127.0.0.1'])
  }, 60_000)

  it('behind a proxy on 127.0.0.1 listed in TRUSTED_PROXIES: the client the proxy appended', async () => {
    const base = await startBuilt('127.0.0.1')
    expect((await post(base, { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' })).status).toBe(200)
    expect(await keys()).toEqual(['check:ip:203.0.113.9'])
  }, 60_000)
})
