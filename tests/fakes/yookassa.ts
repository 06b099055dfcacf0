/**
 * A local YooKassa (API v3) for tests and the production-mode e2e run, written from YooKassa's
 * public documentation (yookassa.ru/developers: "Формат взаимодействия", "Коды ответа HTTP",
 * "Входящие уведомления", payments and refunds in the API reference):
 *
 * - `POST /v3/payments`, `GET /v3/payments/{id}`, `POST /v3/refunds`, `GET /v3/refunds/{id}`;
 * - HTTP Basic auth `shopId:secretKey`, else 401 `{type:"error", id, code:"invalid_credentials"}`;
 * - `Idempotence-Key` required on every POST; the same key with the same body answers the first
 *   answer again, with another body 400 `invalid_request` "Idempotence key duplicated"
 *   (parameter `Idempotence-Key`); 5xx answers are not remembered;
 * - bodies checked: amount `{value: "1234.00", currency: "RUB"}`, `confirmation.type` redirect
 *   with `return_url`, description ≤ 128, 54-FZ `receipt` (customer email or phone; items with
 *   description ≤ 128, quantity, amount, vat_code, payment_subject, payment_mode; Σ amount ×
 *   quantity equal to the payment's amount) — 400 `invalid_request` naming the parameter;
 * - the payment page at `confirmation_url` with «Оплатить» / «Отменить»: the payment becomes
 *   `succeeded` (paid) or `canceled`, a notification `{type: "notification", event, object}` is
 *   POSTed to the webhook, and the browser is sent to `return_url`;
 * - `failNext(n, 503 | 500 | 202 | 'timeout', {afterProcessing})` makes the next n API calls
 *   fail (after processing: the operation happens but its answer is lost).
 *
 * As a process (the e2e run starts it beside the server):
 *   npx tsx tests/fakes/yookassa.ts --port 4311 --webhook http://127.0.0.1:3000/api/payment-notify/yookassa/
 *     [--shop-id 123456] [--secret-key ...]
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { pathToFileURL } from 'node:url'

export const FAKE_SHOP_ID = '123456'
export const FAKE_SECRET_KEY = 'fake-yookassa-secret-key-0001'

type Json = Record<string, unknown>
type Amount = { value: string; currency: string }

export interface FakePayment {
  id: string
  status: 'pending' | 'waiting_for_capture' | 'succeeded' | 'canceled'
  paid: boolean
  amount: Amount
  description?: string
  recipient: { account_id: string; gateway_id: string }
  created_at: string
  captured_at?: string
  confirmation?: { type: 'redirect'; confirmation_url: string; return_url: string }
  metadata: Record<string, string>
  refundable: boolean
  refunded_amount?: Amount
  test: boolean
  cancellation_details?: { party: string; reason: string }
  receipt_registration?: string
  /** Not part of the API answer: what the shop sent (for assertions). */
  _return_url: string
  _receipt?: Json
}

export interface FakeRefund {
  id: string
  payment_id: string
  status: 'pending' | 'succeeded' | 'canceled'
  amount: Amount
  created_at: string
  description?: string
  receipt_registration?: string
  _receipt?: Json
}

export interface FakeRequest {
  method: string
  path: string
  headers: Record<string, string | string[] | undefined>
  body: unknown
  status: number
}

export type FailMode = 500 | 502 | 503 | 202 | 'timeout'

export interface FakeYooKassa {
  /** The API base to put in YOOKASSA_API_URL (…/v3). */
  url: string
  /** scheme://host:port of the fake (its payment pages). */
  origin: string
  shopId: string
  secretKey: string
  payments: Map<string, FakePayment>
  refunds: Map<string, FakeRefund>
  /** Every API call, in order (with the answer's status). */
  requests: FakeRequest[]
  /** Notifications sent to the webhook, with the webhook's answer status (0 = unreachable). */
  notifications: { body: Json; status: number }[]
  /** The next n API calls fail (replacing what was queued; 0 = answer normally again). */
  failNext(n: number, mode?: FailMode, opts?: { afterProcessing?: boolean }): void
  setWebhook(url: string | null): void
  /** Moves a payment to succeeded / canceled as the payment page does (and notifies). */
  complete(id: string, outcome: 'succeeded' | 'canceled'): Promise<void>
  close(): Promise<void>
}

const MONEY = /^\d{1,12}\.\d{2}$/
const kopecks = (v: string) => {
  const [a = '0', b = '00'] = v.split('.')
  return Number(a) * 100 + Number(b)
}
const money = (k: number) => `${Math.floor(k / 100)}.${String(k % 100).padStart(2, '0')}`
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {})
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** YooKassa-shaped ids: 8-4-4-4-12 hex with the 000f-5000 middle its examples show. */
const yid = () => {
  const h = randomBytes(10).toString('hex')
  return `${h.slice(0, 8)}-000f-5000-${h.slice(8, 12)}-${h.slice(12, 20)}${randomBytes(2).toString('hex')}`
}

class ApiFail extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    public readonly description: string,
    public readonly parameter?: string,
  ) {
    super(description)
  }
}

const bad = (parameter: string, description = `Invalid value of ${parameter}`) =>
  new ApiFail(400, 'invalid_request', description, parameter)

function checkAmount(v: unknown, parameter: string): Amount {
  const a = obj(v)
  if (typeof a.value !== 'string' || !MONEY.test(a.value) || kopecks(a.value) <= 0)
    throw bad(
      `${parameter}.value`,
      `${parameter}.value must be a positive decimal string with 2 digits after the point`,
    )
  if (a.currency !== 'RUB') throw bad(`${parameter}.currency`)
  return { value: a.value, currency: a.currency }
}

/** A 54-FZ receipt; answers Σ amount × quantity in kopecks. */
function checkReceipt(v: unknown): number {
  const r = obj(v)
  const customer = obj(r.customer)
  const email = typeof customer.email === 'string' ? customer.email : ''
  const phone = typeof customer.phone === 'string' ? customer.phone : ''
  if (!email && !phone) throw bad('receipt.customer', 'receipt.customer: email or phone is required')
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw bad('receipt.customer.email')
  if (phone && !/^\d{11,15}$/.test(phone)) throw bad('receipt.customer.phone')
  if (
    'tax_system_code' in r &&
    !(Number.isInteger(r.tax_system_code) && Number(r.tax_system_code) >= 1 && Number(r.tax_system_code) <= 6)
  )
    throw bad('receipt.tax_system_code')
  if (!Array.isArray(r.items) || r.items.length === 0 || r.items.length > 100) throw bad('receipt.items')
  let sum = 0
  r.items.forEach((raw: unknown, i) => {
    const it = obj(raw)
    const p = `receipt.items[${i}]`
    if (typeof it.description !== 'string' || !it.description || it.description.length > 128)
      throw bad(`${p}.description`)
    const q = typeof it.quantity === 'string' ? Number(it.quantity) : it.quantity
    if (typeof q !== 'number' || !Number.isFinite(q) || q <= 0) throw bad(`${p}.quantity`)
    const a = checkAmount(it.amount, `${p}.amount`)
    if (!Number.isInteger(it.vat_code) || Number(it.vat_code) < 1 || Number(it.vat_code) > 12)
      throw bad(`${p}.vat_code`)
    if (typeof it.payment_subject !== 'string' || !it.payment_subject) throw bad(`${p}.payment_subject`)
    if (typeof it.payment_mode !== 'string' || !it.payment_mode) throw bad(`${p}.payment_mode`)
    sum += Math.round(kopecks(a.value) * q)
  })
  return sum
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let s = ''
    req.setEncoding('utf8')
    req.on('data', (c: string) => (s += c))
    req.on('end', () => resolve(s))
    req.on('error', reject)
  })
}

/** POSTs JSON with node:http (no Origin header, as a server-to-server call). */
function postJson(url: string, body: Json): Promise<number> {
  return new Promise((resolve) => {
    const data = JSON.stringify(body)
    try {
      const req = httpRequest(
        url,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
          timeout: 10_000,
        },
        (res) => {
          res.resume()
          res.on('end', () => resolve(res.statusCode ?? 0))
        },
      )
      req.on('error', () => resolve(0))
      req.on('timeout', () => req.destroy())
      req.end(data)
    } catch {
      resolve(0)
    }
  })
}

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

  function send(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' })
    res.end(JSON.stringify(body))
  }
  const errorBody = (e: ApiFail) => ({
    type: 'error',
    id: randomUUID(),
    code: e.code,
    description: e.description,
    ...(e.parameter ? { parameter: e.parameter } : {}),
  })

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

  function page(res: ServerResponse, status: number, html: string) {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
    res.end(
      `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,"><title>ЮKassa (тестовая)</title>
<style>body{font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f4f4f5}main{background:#fff;padding:32px;border-radius:16px;max-width:420px}button{font:inherit;padding:12px 24px;margin:16px 8px 0 0;border:0;border-radius:999px;cursor:pointer}.pay{background:#15803d;color:#fff}</style></head><body><main>${html}</main></body></html>`,
    )
  }

  async function checkoutPage(req: IncomingMessage, res: ServerResponse, id: string, action: string | undefined) {
    const p = payments.get(id)
    if (!p) return page(res, 404, '<h1>Платёж не найден</h1>')
    if (req.method === 'POST' && (action === 'pay' || action === 'cancel')) {
      await readBody(req)
      await complete(id, action === 'pay' ? 'succeeded' : 'canceled')
      res.writeHead(303, { location: p._return_url, 'cache-control': 'no-store' })
      return res.end()
    }
    if (req.method !== 'GET') return page(res, 405, '<h1>Метод не поддерживается</h1>')
    const head = `<h1>Оплата заказа</h1><p>${esc(p.description ?? '')}</p><p><strong>${esc(p.amount.value)} ₽</strong></p>`
    if (p.status !== 'pending')
      return page(
        res,
        200,
        `${head}<p>Платёж ${p.status === 'succeeded' ? 'проведён' : 'отменён'}.</p><p><a href="${esc(p._return_url)}">Вернуться в магазин</a></p>`,
      )
    return page(
      res,
      200,
      `${head}<form method="post" action="/checkout/${esc(id)}/pay" style="display:inline"><button class="pay" type="submit">Оплатить</button></form>` +
        `<form method="post" action="/checkout/${esc(id)}/cancel" style="display:inline"><button type="submit">Отменить</button></form>`,
    )
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake')
    const path = url.pathname.replace(/\/+$/, '') || '/'
    const m = /^\/checkout\/([^/]+)(?:\/(pay|cancel))?$/.exec(path)
    const work = path.startsWith('/v3/')
      ? api(req, res, path)
      : m
        ? checkoutPage(req, res, decodeURIComponent(m[1]!), m[2])
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

/* ---------- as a process ---------- */

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? process.argv[i + 1] : undefined
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const fake = await startFakeYooKassa({
    port: Number(arg('port') ?? 4311),
    host: arg('host'),
    shopId: arg('shop-id'),
    secretKey: arg('secret-key'),
    webhook: arg('webhook') ?? null,
  })
  process.stdout.write(
    `Fake YooKassa: YOOKASSA_API_URL=${fake.url} YOOKASSA_SHOP_ID=${fake.shopId} YOOKASSA_SECRET_KEY=${fake.secretKey}\n`,
  )
  const stop = () => void fake.close().then(() => process.exit(0))
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}
