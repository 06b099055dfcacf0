import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { visitor } from '../helpers/api'
import { db, rows, scalar } from '../helpers/db'
import { setEnvForTests } from '../../server/env'
import { processDue } from '../../server/services/outbound'
import { clearJobs, registerShopJobs, runJob } from '../../server/jobs'

/** A local call-tracking receiver: fails the first `failFirst` posts, records the rest. */
let server: Server
let received: Record<string, string>[] = []
let failFirst = 0
let url = ''

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      if (failFirst > 0) {
        failFirst--
        res.writeHead(503).end()
        return
      }
      received.push(Object.fromEntries(new URLSearchParams(body)))
      res.writeHead(200).end('ok')
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/track`
  setEnvForTests({ CALLTRACKING_URL: url })
})

afterAll(async () => {
  setEnvForTests({ CALLTRACKING_URL: '' })
  await new Promise((r) => server.close(r))
})

describe('call tracking through the durable queue', () => {
  it('answers the visitor at once and the outbound-posts job delivers the post from the queue', async () => {
    received = []
    const res = await visitor().post('/api/form-callback/', { phone: '+7 (912) 345-67-89', page: '/catalog/shampoo/' })
    expect(res.status).toBe(200)
    expect(await scalar("select count(*) from outbound_queue where status = 'pending'")).toBe(1)
    expect(received).toHaveLength(0)
    // The periodic job every server process runs (server/jobs.ts) is what sends it.
    registerShopJobs()
    try {
      await runJob('outbound-posts')
    } finally {
      clearJobs()
    }
    expect(received).toHaveLength(1)
    expect(received[0]).toMatchObject({
      subject: expect.any(String),
      phoneNumber: '+7 (912) 345-67-89',
      sessionId: expect.stringMatching(/^[0-9a-f]{32}$/),
      url: 'http://shop.test/catalog/shampoo/',
    })
    expect(await scalar('select status from outbound_queue')).toBe('delivered')
  })

  it('retries with back-off after the receiver first fails', async () => {
    received = []
    failFirst = 1
    await visitor().post('/api/form-callback/', { phone: '+79001112233', page: '/' })
    const first = await processDue(db())
    expect(first.failed).toBe(1)
    const row = (
      await rows<{ attempts: number; next_attempt_at: number; status: string }>(
        'select attempts, next_attempt_at, status from outbound_queue order by id desc limit 1',
      )
    )[0]!
    expect(row).toMatchObject({ attempts: 1, status: 'pending' })
    expect(row.next_attempt_at).toBeGreaterThan(Date.now())
    // Not due yet: nothing is sent.
    expect((await processDue(db())).delivered).toBe(0)
    const second = await processDue(db(), row.next_attempt_at + 1)
    expect(second.delivered).toBe(1)
    expect(received).toHaveLength(1)
    expect(received[0]?.phoneNumber).toBe('+7 (900) 111-22-33')
  })

  it('sends nothing when CALLTRACKING_URL is empty', async () => {
    setEnvForTests({ CALLTRACKING_URL: '' })
    const before = await scalar('select count(*) from outbound_queue')
    await visitor().post('/api/form-callback/', { phone: '+79001112233', page: '/' })
    expect(await scalar('select count(*) from outbound_queue')).toBe(before)
    setEnvForTests({ CALLTRACKING_URL: url })
  })

  it('hands call tracking a link of this site only: a javascript: or foreign page becomes the home page', async () => {
    received = []
    for (const page of ['javascript:alert(1)', 'https://evil.example/']) {
      const res = await visitor({ peer: '192.0.2.71' }).post('/api/form-callback/', { phone: '+79001112233', page })
      expect(res.status).toBe(200)
    }
    await processDue(db())
    expect(received.map((r) => r.url)).toEqual(['http://shop.test/', 'http://shop.test/'])
  })
})
