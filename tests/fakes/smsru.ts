/**
 * A local SMS.ru for tests, written from its public documentation (sms.ru/api/send): the send
 * method `/sms/send` with `api_id`, `to` (one or more numbers, comma-separated), `msg`, `from`,
 * `json=1`, parameters in the query or a form-encoded body. Answers as SMS.ru does:
 *
 *   {"status":"OK","status_code":100,"sms":{"79161234567":{"status":"OK","status_code":100,"sms_id":"…"}},"balance":…}
 *   {"status":"ERROR","status_code":200,"status_text":"Неправильный api_id"}          (request-level)
 *   "sms":{"7916…":{"status":"ERROR","status_code":202,"status_text":"…"}}            (per number)
 *
 * and as plain text lines without `json=1` (`100`, the SMS id, `balance=…`).
 *
 * It records every request (`requests`) and every text it "sent" (`messages`), and can be told
 * to fail the next send: an SMS.ru status code, an HTTP 500/503, an unreadable body, a hang (no
 * answer: the caller's timeout) or a reset connection. Test-only reads:
 * `GET /__fake/messages[?to=79161234567]` → `{messages: [{to, msg, from, smsId, createdAt}]}`,
 * oldest first. As a process: `npx tsx tests/fakes/smsru.ts --port 4312 --api-id <id>`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import { pathToFileURL } from 'node:url'

export interface FakeSmsRuMessage {
  to: string
  msg: string
  from: string
  smsId: string
  createdAt: string
}

export interface FakeSmsRuRequest {
  method: string
  path: string
  /** The raw query string (the api_id must not be there). */
  query: string
  contentType: string
  /** Parameters from the query and the body together, as SMS.ru reads them. */
  params: Record<string, string>
  /** The raw body. */
  body: string
}

/** What the next send answers instead of succeeding. */
export type FakeSmsRuFailure = number | 'http-500' | 'http-503' | 'garbage' | 'hang' | 'reset'

export interface FakeSmsRu {
  url: string
  close(): Promise<void>
  messages: FakeSmsRuMessage[]
  requests: FakeSmsRuRequest[]
  failNext(kind: FakeSmsRuFailure, times?: number): void
}

export interface FakeSmsRuOptions {
  apiId: string
  port?: number
  host?: string
  /** Starting balance in roubles; each text costs `price`. */
  balance?: number
  price?: number
}

/** Status texts of the send method (sms.ru/api/send), for the codes the fake answers. */
const STATUS_TEXT: Record<number, string> = {
  200: 'Неправильный api_id',
  201: 'Не хватает средств на лицевом счету',
  202: 'Неправильно указан номер телефона получателя, либо на него нет маршрута',
  203: 'Нет текста сообщения',
  204: 'Имя отправителя не согласовано с администрацией',
  205: 'Сообщение слишком длинное (превышает 8 СМС)',
  206: 'Будет превышен или уже превышен дневной лимит на отправку сообщений',
  207: 'На этот номер нет маршрута для доставки сообщений',
  208: 'Параметр time указан неправильно',
  209: 'Вы добавили этот номер (или один из номеров) в стоп-лист',
  210: 'Используется GET, где необходимо использовать POST',
  211: 'Метод не найден',
  212: 'Текст сообщения необходимо передать в кодировке UTF-8',
  213: 'Указано более 100 номеров в списке получателей',
  220: 'Сервис временно недоступен, попробуйте чуть позже',
  230: 'Превышен общий лимит количества сообщений на этот номер в день',
  231: 'Превышен лимит одинаковых сообщений на этот номер в минуту',
  232: 'Превышен лимит одинаковых сообщений на этот номер в день',
  233: 'Превышен лимит отправки повторных сообщений с кодом на этот номер за короткий промежуток времени',
  300: 'Неправильный token (возможно истек срок действия, либо ваш IP изменился)',
  301: 'Неправильный api_id, либо логин/пароль',
  302: 'Пользователь авторизован, но аккаунт не подтвержден',
  304: 'Отправлено слишком много кодов подтверждения. Пожалуйста, повторите запрос позднее',
  305: 'Слишком много неверных вводов кода, повторите попытку позднее',
  500: 'Ошибка на сервере. Повторите запрос',
}

/** Codes SMS.ru gives for one number inside an otherwise successful request; the rest are request-level. */
const PER_NUMBER = new Set([202, 207, 209, 230, 231, 232, 233])
const MAX_NUMBERS = 100
const MAX_TEXT = 8 * 70

export function startFakeSmsRu(opts: FakeSmsRuOptions): Promise<FakeSmsRu> {
  const messages: FakeSmsRuMessage[] = []
  const requests: FakeSmsRuRequest[] = []
  const failures: FakeSmsRuFailure[] = []
  const sockets = new Set<Socket>()
  let balance = opts.balance ?? 1000
  const price = opts.price ?? 3.5
  let seq = 0

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
    res.end(JSON.stringify(body))
  }
  const text = (res: ServerResponse, status: number, lines: (string | number)[]) => {
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' })
    res.end(lines.join('\n'))
  }
  const requestError = (res: ServerResponse, asJson: boolean, code: number) =>
    asJson
      ? json(res, 200, { status: 'ERROR', status_code: code, status_text: STATUS_TEXT[code] ?? 'Ошибка' })
      : text(res, 200, [code])

  async function send(req: IncomingMessage, res: ServerResponse, url: URL) {
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    const body = Buffer.concat(chunks).toString('utf8')
    const contentType = req.headers['content-type'] ?? ''
    const params: Record<string, string> = Object.fromEntries(url.searchParams)
    if (/^application\/x-www-form-urlencoded/i.test(contentType))
      Object.assign(params, Object.fromEntries(new URLSearchParams(body)))
    requests.push({ method: req.method ?? '', path: url.pathname, query: url.search, contentType, params, body })
    const asJson = params.json === '1'

    const failure = failures.shift()
    if (failure === 'hang') return // never answers; the socket is destroyed by close()
    if (failure === 'reset') return req.socket.destroy()
    if (failure === 'http-500' || failure === 'http-503')
      return text(res, failure === 'http-500' ? 500 : 503, ['Internal error'])
    if (failure === 'garbage') return text(res, 200, ['<html>bad gateway</html>'])

    if (params.api_id !== opts.apiId) return requestError(res, asJson, 200)
    if (typeof failure === 'number' && !PER_NUMBER.has(failure)) return requestError(res, asJson, failure)
    const numbers = (params.to ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
    if (numbers.length === 0) return requestError(res, asJson, 202)
    if (numbers.length > MAX_NUMBERS) return requestError(res, asJson, 213)
    const msg = params.msg ?? ''
    if (!msg.trim()) return requestError(res, asJson, 203)
    if (msg.length > MAX_TEXT) return requestError(res, asJson, 205)
    if (numbers.length * price > balance) return requestError(res, asJson, 201)

    const sms: Record<string, Record<string, unknown>> = {}
    for (const to of numbers) {
      const code = typeof failure === 'number' ? failure : /^7\d{10}$/.test(to) ? 100 : 202
      if (code !== 100) {
        sms[to] = { status: 'ERROR', status_code: code, status_text: STATUS_TEXT[code] }
        continue
      }
      const smsId = `${String(Date.now()).slice(-6)}-${String(++seq).padStart(8, '0')}`
      balance = Math.round((balance - price) * 100) / 100
      messages.push({ to, msg, from: params.from ?? '', smsId, createdAt: new Date().toISOString() })
      sms[to] = { status: 'OK', status_code: 100, sms_id: smsId }
    }
    if (asJson) return json(res, 200, { status: 'OK', status_code: 100, sms, balance })
    const lines: (string | number)[] = [100]
    for (const to of numbers)
      lines.push(sms[to]?.status === 'OK' ? String(sms[to]?.sms_id) : Number(sms[to]?.status_code))
    lines.push(`balance=${balance}`)
    return text(res, 200, lines)
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake')
    if (url.pathname === '/sms/send' || url.pathname === '/sms/send/') {
      send(req, res, url).catch(() => res.destroy())
      return
    }
    if (url.pathname === '/__fake/messages' && req.method === 'GET') {
      const to = url.searchParams.get('to')
      return json(res, 200, { messages: to ? messages.filter((m) => m.to === to) : messages })
    }
    req.resume()
    // SMS.ru answers an unknown method with 211 "Метод не найден"
    return json(res, 200, { status: 'ERROR', status_code: 211, status_text: STATUS_TEXT[211] })
  })
  server.on('connection', (s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })

  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      resolve({
        url: `http://${opts.host ?? '127.0.0.1'}:${port}`,
        messages,
        requests,
        failNext(kind, times = 1) {
          for (let i = 0; i < times; i++) failures.push(kind)
        },
        close: () =>
          new Promise<void>((done) => {
            for (const s of sockets) s.destroy()
            server.close(() => done())
          }),
      })
    })
  })
}

// As a process (playwright webServer): npx tsx tests/fakes/smsru.ts --port 4312 --api-id <id>
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`)
    return i > 0 ? process.argv[i + 1] : undefined
  }
  const apiId = arg('api-id')
  if (!apiId) {
    console.error('usage: tsx tests/fakes/smsru.ts --port 4312 --api-id <id>')
    process.exit(2)
  }
  void startFakeSmsRu({ apiId, port: Number(arg('port') ?? 4312), host: arg('host') ?? '127.0.0.1' }).then((fake) => {
    console.log(`fake SMS.ru listening on ${fake.url}`)
    for (const sig of ['SIGINT', 'SIGTERM'] as const)
      process.on(sig, () => void fake.close().then(() => process.exit(0)))
  })
}
