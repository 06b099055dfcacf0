import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { clearJobs, jobStats, registerJob, registerShopJobs, runJob, startJobs, stopJobs } from '../../server/jobs'
import { purgeExpiredAuthRows, SESSION_MAX_LIFETIME_MS } from '../../server/auth/session'
import { visitor } from '../helpers/api'
import { db, exec, rows, scalar } from '../helpers/db'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
/** Waits until `done()` holds (the machine may be busy: no fixed sleeps for progress). */
async function until(done: () => boolean, ms = 5000) {
  const end = Date.now() + ms
  while (!done() && Date.now() < end) await sleep(10)
}
const DAY = 24 * 3600 * 1000

afterEach(() => clearJobs())

describe('jobs runner', () => {
  it('runs each job repeatedly, never two runs of one job at once, and survives failures', async () => {
    let active = 0
    let maxActive = 0
    let slowRuns = 0
    registerJob({
      name: 'slow',
      everyMs: 5,
      run: async () => {
        active++
        maxActive = Math.max(maxActive, active)
        await sleep(30)
        active--
        slowRuns++
      },
    })
    let failing = 0
    registerJob({
      name: 'failing',
      everyMs: 5,
      run: () => {
        failing++
        throw new Error('boom')
      },
    })
    startJobs()
    startJobs() // a second start in the same process changes nothing
    // Manual runs while a timer-driven run is in flight join it instead of overlapping.
    await sleep(10)
    await Promise.all([runJob('slow'), runJob('slow'), runJob('slow')])
    await until(() => slowRuns >= 4 && failing >= 3)
    stopJobs()
    expect(maxActive).toBe(1)
    expect(slowRuns).toBeGreaterThanOrEqual(4)
    // A throwing job is logged and counted, and keeps its schedule.
    expect(failing).toBeGreaterThanOrEqual(3)
    const stats = Object.fromEntries(jobStats().map((s) => [s.name, s]))
    expect(stats.failing?.failures).toBe(failing)
    expect(stats.slow?.failures).toBe(0)

    // Stopped: no further runs.
    await sleep(30)
    const after = slowRuns + failing
    await sleep(100)
    expect(slowRuns + failing).toBe(after)
  })

  it('waits about everyMs between runs (minus at most 20 % jitter), not less', async () => {
    const starts: number[] = []
    registerJob({ name: 'tick', everyMs: 50, run: () => void starts.push(Date.now()) })
    startJobs()
    await until(() => starts.length >= 5)
    stopJobs()
    expect(starts.length).toBeGreaterThanOrEqual(5)
    const gaps = starts.slice(1).map((t, i) => t - (starts[i] ?? 0))
    for (const gap of gaps) {
      expect(gap).toBeGreaterThanOrEqual(38)
      expect(gap).toBeLessThan(500)
    }
  })

  it('never keeps a process alive: a process with started jobs exits by itself', () => {
    const script = `
      const { registerJob, startJobs } = await import('./server/jobs.ts')
      registerJob({ name: 'idle', everyMs: 60_000, run: () => {} })
      startJobs()
      console.log('started')
    `
    const t0 = Date.now()
    const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: process.cwd(),
      env: { ...process.env, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(r.stdout).toContain('started')
    expect(r.status).toBe(0)
    expect(Date.now() - t0).toBeLessThan(30_000)
  })

  it('registers the shop jobs (and they run on this database)', async () => {
    registerShopJobs()
    const names = jobStats().map((s) => s.name)
    expect(names.sort()).toEqual([
      'booking-reminders',
      'expire-payment-holds',
      'outbound-posts',
      'purge-expired-auth-rows',
      'retry-pending-refunds',
      'stock-alerts',
      'sync-open-payments',
    ])
    for (const name of names) await runJob(name)
    expect(jobStats().every((s) => s.failures === 0 && s.runs === 1)).toBe(true)
  })
})

describe('purge of expired auth rows', () => {
  const hash = (token: string) => createHash('sha256').update(token).digest('hex')

  it('deletes dead sessions (sliding or absolute), their guest carts, ended windows, old codes and states, and nothing live', async () => {
    const now = Date.now()
    // Live sessions made through the API (one with a guest cart, one signed in).
    const guest = visitor()
    await guest.post('/api/user-city/', { id: 3 })
    const liveId = hash(guest.cookies.get('sid') ?? '')
    const insertSession = (id: string, createdAt: number, lastSeenAt: number, expiresAt: number) =>
      exec(
        'insert into sessions (id, created_at, last_seen_at, expires_at, city_confirmed) values (?, ?, ?, ?, false)',
        id,
        createdAt,
        lastSeenAt,
        expiresAt,
      )
    await insertSession('slid-out', now - 40 * DAY, now - 31 * DAY, now - DAY)
    await insertSession('too-old', now - SESSION_MAX_LIFETIME_MS - DAY, now - 60_000, now + 20 * DAY)
    await insertSession('young', now - DAY, now - 60_000, now + 29 * DAY)
    for (const sessionId of ['slid-out', 'young'])
      await exec('insert into carts (session_id, updated_at) values (?, ?)', sessionId, now)
    await exec('insert into rate_limits (key, count, reset_at) values (?, ?, ?)', 'test:ended', 5, now - 1000)
    await exec('insert into rate_limits (key, count, reset_at) values (?, ?, ?)', 'test:open', 5, now + 60_000)
    const code = (createdAt: number, expiresAt: number, usedAt: number | null) =>
      exec(
        "insert into auth_codes (login, purpose, code_hash, attempts, created_at, expires_at, used_at) values ('+79000000001', 'login', 'x', 0, ?, ?, ?)",
        createdAt,
        expiresAt,
        usedAt,
      )
    await code(now - 3 * DAY, now - 3 * DAY + 600_000, null)
    await code(now - 3 * DAY, now + DAY, now - 3 * DAY)
    await code(now - 60_000, now + 540_000, null)
    await code(now - 60_000, now + 540_000, now - 30_000)
    const state = (name: string, createdAt: number) =>
      exec(
        "insert into oauth_states (state, provider, code_verifier, session_id, created_at) values (?, 'test', 'v', 'young', ?)",
        name,
        createdAt,
      )
    await state('old-state', now - 2 * DAY)
    await state('new-state', now - 60_000)
    const before = {
      sessions: await scalar('select count(*) from sessions'),
      carts: await scalar('select count(*) from carts'),
    }

    const counts = await purgeExpiredAuthRows(db(), now)
    expect(counts).toEqual({ sessions: 2, carts: 1, rateLimits: 1, authCodes: 2, oauthStates: 1 })
    expect(await scalar('select count(*) from sessions')).toBe(before.sessions - 2)
    expect(await scalar("select count(*) from sessions where id in ('slid-out', 'too-old')")).toBe(0)
    expect(await scalar("select count(*) from sessions where id in ('young', ?)", liveId)).toBe(2)
    expect(await scalar('select count(*) from carts')).toBe(before.carts - 1)
    expect(await scalar("select count(*) from carts where session_id = 'young'")).toBe(1)
    expect(await scalar("select count(*) from rate_limits where key like 'test:%'")).toBe(1)
    expect(await scalar("select key from rate_limits where key like 'test:%'")).toBe('test:open')
    expect(await scalar("select count(*) from auth_codes where login = '+79000000001'")).toBe(2)
    expect((await rows<{ state: string }>('select state from oauth_states')).map((r) => r.state)).toEqual(['new-state'])
    // The live visitor still has their session.
    const again = await guest.get('/api/user-city/')
    expect(again.headers.get('set-cookie')).toBeNull()
    // A second run (another process doing the same) finds nothing more.
    expect(await purgeExpiredAuthRows(db(), now)).toEqual({
      sessions: 0,
      carts: 0,
      rateLimits: 0,
      authCodes: 0,
      oauthStates: 0,
    })
  })
})
