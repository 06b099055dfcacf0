/** The fake YooKassa server: its API (`/v3/…`), state, failure injection and webhook notifications. */
import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { checkoutPage } from './checkout-page'
import { page, postJson, readBody, send } from './http'
import {
  FAKE_SECRET_KEY,
  FAKE_SHOP_ID,
  type FailMode,
  type FakePayment,
  type FakeRefund,
  type FakeRequest,
  type FakeYooKassa,
  type Json,
} from './types'
import { ApiFail, bad, checkAmount, checkReceipt, errorBody, kopecks, money, obj, yid } from './validate'

export async function startFakeYooKassa(
  opts: { port?: number; host?: string; shopId?: string; secretKey?: string; webhook?: string | null } = {},
): Promise<FakeYooKassa> {
  const shopId = opts.shopId ?? FAKE_SHOP_ID
  const secretKey = opts.secretKey ?? FAKE_SECRET_KEY
  const host = opts.host ?? '127.0.0.1'
  let webhook = opts.webhook ?? null
  const payments = new Map<string, FakePayment>()
  const refunds = new Map<string, FakeRefund>()
  const requests: FakeRequest[] = []
  const notifications: { body: Json; status: number }[] = []
  const idem = new Map<string, { hash: string; status: number; body: unknown }>()
  const fails: { mode: FailMode; afterProcessing: boolean }[] = []
  const hanging = new Set<ServerResponse>()
  let origin = ''

  const view = <T extends object>(o: T): Json =>
    Object.fromEntries(Object.entries(o).filter(([k, v]) => !k.startsWith('_') && v !== undefined))

  async function notify(event: string, object: Json) {
    if (!webhook) return
    const body = { type: 'notification', event, object }
    const status = await postJson(webhook, body)
    notifications.push({ body, status })
  }

  async function complete(id: string, outcome: 'succeeded' | 'canceled') {
    const p = payments.get(id)
    if (!p || p.status !== 'pending') return
    if (outcome === 'succeeded') {
      p.status = 'succeeded'
      p.paid = true
      p.captured_at = new Date().toISOString()
      p.refundable = true
      if (p._receipt) p.receipt_registration = 'succeeded'
    } else {
      p.status = 'canceled'
      p.cancellation_details = { party: 'yoo_money', reason: 'expired_on_confirmation' }
    }
    delete p.confirmation
    await notify(`payment.${outcome}`, view(p))
  }

  function createPayment(body: Json): Json {
    const amount = checkAmount(body.amount, 'amount')
    const c = obj(body.confirmation)
    if (c.type !== 'redirect') throw bad('confirmation.type')
    if (typeof c.return_url !== 'string' || !/^https?:\/\//.test(c.return_url) || c.return_url.length > 2048)
      throw bad('confirmation.return_url')
    if ('capture' in body && typeof body.capture !== 'boolean') throw bad('capture')
    if ('description' in body && (typeof body.description !== 'string' || body.description.length > 128))
      throw bad('description')
    const metadata = obj(body.metadata)
    if (Object.keys(metadata).length > 16 || Object.values(metadata).some((v) => typeof v !== 'string'))
      throw bad('metadata')
    if (body.receipt !== undefined && checkReceipt(body.receipt) !== kopecks(amount.value))
      throw bad('receipt', 'The sum of the receipt items does not match the payment amount')
    const id = yid()
    const p: FakePayment = {
      id,
      status: 'pending',
      paid: false,
      amount,
      description: typeof body.description === 'string' ? body.description : undefined,
      recipient: { account_id: shopId, gateway_id: '100700' },
      created_at: new Date().toISOString(),
      confirmation: { type: 'redirect', confirmation_url: `${origin}/checkout/${id}`, return_url: c.return_url },
      metadata: metadata as Record<string, string>,
      refundable: false,
      test: true,
      receipt_registration: body.receipt ? 'pending' : undefined,
      _return_url: c.return_url,
      _receipt: body.receipt ? obj(body.receipt) : undefined,
    }
    payments.set(id, p)
    return view(p)
  }

  function createRefund(body: Json): Json {
    if (typeof body.payment_id !== 'string') throw bad('payment_id')
    const p = payments.get(body.payment_id)
    if (!p) throw new ApiFail(404, 'not_found', 'Payment not found', 'payment_id')
    if (p.status !== 'succeeded') throw bad('payment_id', 'Payment is not succeeded')
    const amount = checkAmount(body.amount, 'amount')
    const already = p.refunded_amount ? kopecks(p.refunded_amount.value) : 0
    if (kopecks(amount.value) + already > kopecks(p.amount.value))
      throw bad('amount', 'Refund amount exceeds the payment amount available for refund')
    if (body.receipt !== undefined && checkReceipt(body.receipt) !== kopecks(amount.value))
      throw bad('receipt', 'The sum of the receipt items does not match the refund amount')
    const r: FakeRefund = {
      id: yid(),
      payment_id: p.id,
      status: 'succeeded',
      amount,
      created_at: new Date().toISOString(),
      description: typeof body.description === 'string' ? body.description : undefined,
      receipt_registration: body.receipt ? 'succeeded' : undefined,
      _receipt: body.receipt ? obj(body.receipt) : undefined,
    }
    refunds.set(r.id, r)
    p.refunded_amount = { value: money(already + kopecks(amount.value)), currency: 'RUB' }
    if (kopecks(p.refunded_amount.value) >= kopecks(p.amount.value)) p.refundable = false
    void notify('refund.succeeded', view(r))
    return view(r)
  }

  async function api(req: IncomingMessage, res: ServerResponse, path: string) {
    const method = req.method ?? 'GET'
    const raw = method === 'POST' ? await readBody(req) : ''
    let body: unknown = null
    const record = (status: number) => requests.push({ method, path, headers: { ...req.headers }, body, status })

    const auth = req.headers.authorization ?? ''
    const expected = `Basic ${Buffer.from(`${shopId}:${secretKey}`).toString('base64')}`
    if (auth !== expected) {
      record(401)
      return send(
        res,
        401,
        errorBody(
          new ApiFail(401, 'invalid_credentials', 'Authentication by given credentials failed', 'Authorization'),
        ),
      )
    }
    if (method === 'POST') {
      try {
        body = raw ? JSON.parse(raw) : null
      } catch {
        record(400)
        return send(res, 400, errorBody(bad('body', 'Request body is not valid JSON')))
      }
    }

    const fail = fails.shift()
    if (fail && !fail.afterProcessing) return failWith(fail.mode)

    let status = 200
    let answer: unknown
    try {
      let m: RegExpExecArray | null
      if (method === 'POST' && (path === '/v3/payments' || path === '/v3/refunds')) {
        const key = req.headers['idempotence-key']
        if (typeof key !== 'string' || !key || key.length > 64)
          throw bad('Idempotence-Key', 'Idempotence-Key header is required (at most 64 characters)')
        const hash = `${path}\n${raw}`
        const seen = idem.get(key)
        if (seen) {
          if (seen.hash !== hash) throw bad('Idempotence-Key', 'Idempotence key duplicated')
          status = seen.status
          answer = seen.body
        } else {
          const b = obj(body)
          try {
            answer = path === '/v3/payments' ? createPayment(b) : createRefund(b)
          } catch (e) {
            if (!(e instanceof ApiFail)) throw e
            status = e.status
            answer = errorBody(e)
          }
          idem.set(key, { hash, status, body: answer })
        }
      } else if (method === 'GET' && (m = /^\/v3\/payments\/([^/]+)$/.exec(path))) {
        const p = payments.get(decodeURIComponent(m[1]!))
        if (!p) throw new ApiFail(404, 'not_found', 'Payment not found')
        answer = view(p)
      } else if (method === 'GET' && (m = /^\/v3\/refunds\/([^/]+)$/.exec(path))) {
        const r = refunds.get(decodeURIComponent(m[1]!))
        if (!r) throw new ApiFail(404, 'not_found', 'Refund not found')
        answer = view(r)
      } else {
        throw new ApiFail(404, 'not_found', 'Unknown method')
      }
    } catch (e) {
      if (!(e instanceof ApiFail)) throw e
      status = e.status
      answer = errorBody(e)
    }
    if (fail) return failWith(fail.mode)
    record(status)
    return send(res, status, answer)

    function failWith(mode: FailMode) {
      if (mode === 'timeout') {
        record(0)
        hanging.add(res)
        res.on('close', () => hanging.delete(res))
        return // never answers; the client's timeout ends it
      }
      record(mode)
      if (mode === 202) return send(res, 202, { type: 'processing', description: 'Request accepted', retry_after: 50 })
      return send(res, mode, errorBody(new ApiFail(mode, 'internal_server_error', 'Internal server error')))
    }
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake')
    const path = url.pathname.replace(/\/+$/, '') || '/'
    const m = /^\/checkout\/([^/]+)(?:\/(pay|cancel))?$/.exec(path)
    const work = path.startsWith('/v3/')
      ? api(req, res, path)
      : m
        ? checkoutPage(req, res, payments, complete, decodeURIComponent(m[1]!), m[2])
        : Promise.resolve(page(res, 404, '<h1>Not found</h1>'))
    work.catch((e: unknown) => {
      if (!res.headersSent)
        send(res, 500, { type: 'error', id: randomUUID(), code: 'internal_server_error', description: String(e) })
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port ?? 0, host, () => resolve())
  })
  const port = (server.address() as AddressInfo).port
  origin = `http://${host}:${port}`

  return {
    url: `${origin}/v3`,
    origin,
    shopId,
    secretKey,
    payments,
    refunds,
    requests,
    notifications,
    failNext(n, mode = 503, o = {}) {
      fails.length = 0
      for (let i = 0; i < n; i++) fails.push({ mode, afterProcessing: o.afterProcessing ?? false })
    },
    setWebhook(url) {
      webhook = url
    },
    complete,
    close: () =>
      new Promise<void>((resolve) => {
        for (const r of hanging) r.destroy()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
