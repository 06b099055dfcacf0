import { describe, expect, it } from 'vitest'
import { hit } from '../../server/auth/throttle'
import { LIMITS } from '../../server/services/account'
import { visitor } from '../helpers/api'
import { db, scalar } from '../helpers/db'

/**
 * The throttle's counters stay exact when hits arrive together (issue 13): every hit is counted
 * once, exactly `max` pass, the rest answer 429, whether the calls start in one tick (in-process)
 * or as parallel requests through the REST adapter.
 */
describe('throttle under parallel hits', () => {
  it('hits started together on one key: exactly max pass, the rest are 429', async () => {
    const limit = { max: 10, windowMs: 60_000 }
    const settled = await Promise.allSettled(Array.from({ length: 40 }, () => hit(db(), 'test:parallel', limit)))
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(10)
    const refused = settled.flatMap((s) => (s.status === 'rejected' ? [(s.reason as { status: number }).status] : []))
    expect(refused).toEqual(Array.from({ length: 30 }, () => 429))
    expect(await scalar("SELECT count FROM rate_limits WHERE key = 'test:parallel'")).toBe(10)
    // The window ended: the next hit opens a new one.
    await hit(db(), 'test:parallel', limit, Date.now() + limit.windowMs + 1)
    expect(await scalar("SELECT count FROM rate_limits WHERE key = 'test:parallel'")).toBe(1)
  })

  it('parallel requests from one address: the per-address limit passes exactly max of them', async () => {
    const max = LIMITS.checkPerIp.max
    const c = visitor({ peer: '192.0.2.77' })
    const answers = await Promise.all(
      Array.from({ length: max + 20 }, () =>
        c.raw('POST', '/api/user-check/', {
          body: JSON.stringify({ phone: '+7 (900) 111-22-33' }),
          headers: { 'content-type': 'application/json' },
        }),
      ),
    )
    const statuses = answers.map((r) => r.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(max)
    expect(statuses.filter((s) => s === 429)).toHaveLength(20)
    expect(await scalar("SELECT count FROM rate_limits WHERE key = 'check:ip:192.0.2.77'")).toBe(max)
  })
})
