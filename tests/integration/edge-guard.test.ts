import { afterEach, describe, expect, it } from 'vitest'
import { visitor, ORIGIN, DEFAULT_PEER, type ApiClient } from '../helpers/api'
import { handleTrpcRequest } from '../../server/trpc/handler'
import { withPeerAddress } from '../../server/net/peer'
import { MAX_TRPC_BATCH } from '../../server/contracts/batch'
import { FORM_LIMIT } from '../../server/services/forms'
import { exec, scalar } from '../helpers/db'

/**
 * One cross-site rule and one error mapper for both adapters (server/http/guard.ts): the same
 * request sent to REST and to tRPC over HTTP gets the same status and the same words.
 */

const CALLBACK = { phone: '+79123456789', page: '/' }
const callbacks = () => scalar('select count(*) from callback_requests')

/** A tRPC call over HTTP, as the browser's link sends it (one call, no batch). */
function trpcMutation(client: ApiClient, path: string, input: unknown, headers: Record<string, string> = {}) {
  return client.raw('POST', `/api/trpc/${path}`, {
    body: JSON.stringify(input),
    headers: { 'content-type': 'application/json', ...headers },
  })
}
function trpcQuery(client: ApiClient, path: string, input: unknown) {
  return client.get(`/api/trpc/${path}`, { input: JSON.stringify(input) })
}

describe('cross-site mutations', () => {
  it('REST: a foreign Origin or Sec-Fetch-Site: cross-site is refused with 403 and changes nothing', async () => {
    const before = await callbacks()
    const foreign = await visitor({ locale: 'en' }).post('/api/form-callback/', CALLBACK, {
      origin: 'https://evil.example',
    })
    expect(foreign.status).toBe(403)
    expect(foreign.body).toEqual({ success: false, message: 'Cross-site request refused' })
    // A form posted from another site by an old browser path, or a fetch with the Origin
    // stripped: the Fetch Metadata header alone is enough.
    const metadata = await visitor().post('/api/form-callback/', CALLBACK, { 'sec-fetch-site': 'cross-site' })
    expect(metadata.status).toBe(403)
    expect(metadata.body.message).toBe('Запрос с другого сайта отклонён')
    expect(await callbacks()).toBe(before)

    const own = await visitor().post('/api/form-callback/', CALLBACK, {
      origin: ORIGIN,
      'sec-fetch-site': 'same-origin',
    })
    expect(own.status).toBe(200)
    expect(await callbacks()).toBe(before + 1)
    // Reads are never refused: a link from another site must open.
    const read = await visitor().raw('GET', '/api/site-options/', { headers: { 'sec-fetch-site': 'cross-site' } })
    expect(read.status).toBe(200)
  })

  it('tRPC: the same rule, in the caller language and the tRPC error envelope, without running the procedure', async () => {
    const before = await callbacks()
    const foreign = await trpcMutation(visitor({ locale: 'en' }), 'forms.callback', CALLBACK, {
      origin: 'https://evil.example',
    })
    expect(foreign.status).toBe(403)
    expect(foreign.body.error.message).toBe('Cross-site request refused')
    expect(foreign.body.error.data).toMatchObject({ code: 'FORBIDDEN', httpStatus: 403 })
    const metadata = await trpcMutation(visitor(), 'forms.callback', CALLBACK, { 'sec-fetch-site': 'cross-site' })
    expect(metadata.status).toBe(403)
    expect(metadata.body.error.message).toBe('Запрос с другого сайта отклонён')
    expect(await callbacks()).toBe(before)

    const own = await trpcMutation(visitor(), 'forms.callback', CALLBACK, { origin: ORIGIN })
    expect(own.status).toBe(200)
    expect(own.body.result.data.success).toBe(true)
    expect(await callbacks()).toBe(before + 1)
  })
})

describe('one error mapper', () => {
  it('a service refusal (AppError): the same status and message in the caller locale on both adapters', async () => {
    const rest = await visitor({ locale: 'en' }).get('/api/form/no-such-form/')
    const trpc = await trpcQuery(visitor({ locale: 'en' }), 'forms.definition', { code: 'no-such-form' })
    expect(rest.status).toBe(404)
    expect(trpc.status).toBe(404)
    expect(rest.body.success).toBe(false)
    expect(trpc.body.error.message).toBe(rest.body.message)
    expect(trpc.body.error.data.code).toBe('NOT_FOUND')
    const ru = await trpcQuery(visitor({ locale: 'ru' }), 'forms.definition', { code: 'no-such-form' })
    expect(ru.body.error.message).not.toBe(rest.body.message)
  })

  it('bad input: 422 with the spec field messages on both adapters', async () => {
    const rest = await visitor({ locale: 'en' }).post('/api/form-callback/', { page: '/' })
    const trpc = await trpcMutation(visitor({ locale: 'en' }), 'forms.callback', { page: '/' })
    expect(rest.status).toBe(422)
    expect(trpc.status).toBe(422)
    expect(rest.body).toMatchObject({ message: 'Form completed incorrectly', errors: { phone: 'Required field' } })
    expect(trpc.body.error.message).toBe('Form completed incorrectly')
    expect(trpc.body.error.data).toMatchObject({ code: 'UNPROCESSABLE_CONTENT', errors: { phone: 'Required field' } })
    const short = await trpcMutation(visitor({ locale: 'ru' }), 'forms.callback', { phone: '+7 912', page: '/' })
    expect(short.body.error.data.errors.phone).toBe('Введите номер телефона полностью')
  })

  describe('an unexpected failure (the table is gone)', () => {
    afterEach(async () => {
      await exec('ALTER TABLE callback_requests_hidden RENAME TO callback_requests')
    })

    it('answers 500 with a generic message and the request id, never the internal message', async () => {
      await exec('ALTER TABLE callback_requests RENAME TO callback_requests_hidden')
      const rest = await visitor({ locale: 'en' }).post('/api/form-callback/', CALLBACK, {
        'x-request-id': 'req-rest-1',
      })
      expect(rest.status).toBe(500)
      expect(rest.body).toEqual({
        success: false,
        message: 'Something went wrong on our side. Please try again',
        requestId: 'req-rest-1',
      })
      const trpc = await trpcMutation(visitor({ locale: 'ru' }), 'forms.callback', CALLBACK, {
        'x-request-id': 'req-trpc-1',
      })
      expect(trpc.status).toBe(500)
      expect(trpc.body.error.message).toBe('Что-то пошло не так. Попробуйте ещё раз')
      expect(trpc.body.error.data).toMatchObject({ code: 'INTERNAL_SERVER_ERROR', requestId: 'req-trpc-1' })
      expect(rest.headers.get('x-request-id')).toBe('req-rest-1')
      expect(trpc.headers.get('x-request-id')).toBe('req-trpc-1')
      for (const body of [JSON.stringify(rest.body), JSON.stringify(trpc.body)]) {
        expect(body).not.toMatch(/callback_requests|no such table|SqliteError|stack/i)
      }
      // In-process callers (server rendering) get the same words.
      await expect(visitor({ locale: 'en' }).trpc().caller.forms.callback(CALLBACK)).rejects.toMatchObject({
        code: 'INTERNAL_SERVER_ERROR',
        message: 'Something went wrong on our side. Please try again',
      })
    })
  })
})

describe('Cache-Control of answers that depend on the session', () => {
  it('REST: private, no-store unless the route is shared; tRPC: always private, no-store', async () => {
    const client = visitor()
    const city = await client.post('/api/user-city/', { id: 3 })
    expect(city.headers.get('cache-control')).toBe('private, no-store')
    const cart = await client.get('/api/cart-list/')
    expect(cart.headers.get('cache-control')).toBe('private, no-store')
    const refused = await client.get('/api/no-such-route/')
    expect(refused.headers.get('cache-control')).toBe('private, no-store')
    // A public route's answer is the same for everyone: it keeps its own.
    const options = await client.get('/api/site-options/')
    expect(options.headers.get('cache-control')).toBe('no-store')
    const trpc = await client.get('/api/trpc/cart.get')
    expect(trpc.status).toBe(200)
    expect(trpc.headers.get('cache-control')).toBe('private, no-store')
  })
})

describe('tRPC request limits (issue 25 §6)', () => {
  const sessionCount = () => scalar('select count(*) from sessions')

  /** A 2 MiB body sent as a stream: counts what the server pulled of it. */
  function bigStream(bytes: number) {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024))
    let sent = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= bytes) return controller.close()
        sent += chunk.byteLength
        controller.enqueue(chunk)
      },
    })
    return { stream, pulled: () => sent }
  }

  function trpcPost(path: string, body: BodyInit, headers: Record<string, string> = {}) {
    return handleTrpcRequest(
      withPeerAddress(
        new Request(`${ORIGIN}/api/trpc/${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body,
          duplex: 'half',
        } as RequestInit),
        DEFAULT_PEER,
      ),
    )
  }

  it('a body over 1 MiB answers 413 in the tRPC envelope, read no further than the limit, nothing run', async () => {
    const before = await callbacks()
    const sessions = await sessionCount()
    // No declared length (chunked): read up to the limit, then refused.
    const big = bigStream(2 * 1024 * 1024)
    const chunked = await trpcPost('forms.callback', big.stream, { cookie: 'locale=en' })
    expect(chunked.status).toBe(413)
    const body = (await chunked.json()) as { error: { message: string; data: { code: string; httpStatus: number } } }
    expect(body.error.message).toBe('Request body is larger than 1 MiB')
    expect(body.error.data).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', httpStatus: 413 })
    expect(big.pulled()).toBeLessThanOrEqual(1024 * 1024 + 64 * 1024)
    // A declared length over the limit: refused before a byte is read.
    const declared = bigStream(2 * 1024 * 1024)
    const refused = await trpcPost('forms.callback', declared.stream, { 'content-length': String(2 * 1024 * 1024) })
    expect(refused.status).toBe(413)
    expect(declared.pulled()).toBeLessThanOrEqual(64 * 1024)
    expect(await callbacks()).toBe(before)
    expect(await sessionCount()).toBe(sessions)
    // Within the limit the same call goes through.
    const ok = await trpcPost('forms.callback', JSON.stringify(CALLBACK))
    expect(ok.status).toBe(200)
    expect(await callbacks()).toBe(before + 1)
  })

  it(`a batch over ${MAX_TRPC_BATCH} calls answers 400 without running any`, async () => {
    const sessions = await sessionCount()
    const n = MAX_TRPC_BATCH + 1
    const paths = Array.from({ length: n }, () => 'site.setCity').join(',')
    const input = Object.fromEntries(Array.from({ length: n }, (_, i) => [i, { id: 2 }]))
    const tooMany = await trpcPost(`${paths}?batch=1`, JSON.stringify(input))
    expect(tooMany.status).toBe(400)
    const refusal = (await tooMany.json()) as { error: { message: string; data: { httpStatus: number } } }
    expect(refusal.error.message).toBe(`Не больше ${MAX_TRPC_BATCH} запросов в одном пакете`)
    expect(refusal.error.data.httpStatus).toBe(400)
    expect(tooMany.headers.getSetCookie()).toEqual([])
    expect(await sessionCount()).toBe(sessions)
  })

  it('a batch of calls that each change the session answers with one Set-Cookie', async () => {
    const sessions = await sessionCount()
    // The most the cap allows, every call changing the session: one Set-Cookie for the answer.
    const allowed = Array.from({ length: MAX_TRPC_BATCH }, () => 'site.setCity').join(',')
    const cities = Object.fromEntries(Array.from({ length: MAX_TRPC_BATCH }, (_, i) => [i, { id: (i % 3) + 1 }]))
    const batch = await trpcPost(`${allowed}?batch=1`, JSON.stringify(cities))
    expect(batch.status).toBe(200)
    const results = (await batch.json()) as unknown[]
    expect(results).toHaveLength(MAX_TRPC_BATCH)
    expect(batch.headers.getSetCookie()).toHaveLength(1)
    expect(await sessionCount()).toBe(sessions + 1)
  })
})

describe('forms: per-address limit and the page field (issue 25 §6)', () => {
  const QUESTION = { name: 'Анна', email: 'anna@example.com', question: 'Подойдёт ли маска для окрашенных волос?' }
  const submissions = () => scalar('select count(*) from form_submissions')

  it(`the ${FORM_LIMIT.max + 1}th form from one address in the window answers 429 with the wait; other addresses are not held`, async () => {
    const peer = '192.0.2.61'
    const before = { callbacks: await callbacks(), forms: await submissions() }
    // The callback and the generic forms share one counter, on both adapters.
    for (let i = 0; i < FORM_LIMIT.max; i++) {
      const res =
        i % 3 === 0
          ? await visitor({ peer }).post('/api/form/question/', { ...QUESTION, page: '/faq/' })
          : i % 3 === 1
            ? await visitor({ peer }).post('/api/form-callback/', CALLBACK)
            : await trpcMutation(visitor({ peer }), 'forms.callback', CALLBACK)
      expect(res.status, `form ${i + 1}`).toBe(200)
    }
    const stored = { callbacks: await callbacks(), forms: await submissions() }
    const rest = await visitor({ peer, locale: 'en' }).post('/api/form-callback/', CALLBACK)
    expect(rest.status).toBe(429)
    expect(rest.body).toEqual({ success: false, message: expect.any(String), timeout: expect.any(Number) })
    expect(rest.body.timeout).toBeGreaterThan(0)
    expect(rest.body.timeout).toBeLessThanOrEqual(FORM_LIMIT.windowMs / 1000)
    const generic = await visitor({ peer }).post('/api/form/question/', { ...QUESTION, page: '/faq/' })
    expect(generic.status).toBe(429)
    const trpc = await trpcMutation(visitor({ peer }), 'forms.callback', CALLBACK)
    expect(trpc.status).toBe(429)
    expect(trpc.body.error.data).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      httpStatus: 429,
      extra: { timeout: expect.any(Number) },
    })
    expect({ callbacks: await callbacks(), forms: await submissions() }).toEqual(stored)
    expect(stored.callbacks - before.callbacks + stored.forms - before.forms).toBe(FORM_LIMIT.max)

    const other = await visitor({ peer: '192.0.2.62' }).post('/api/form-callback/', CALLBACK)
    expect(other.status).toBe(200)
  })

  it('a page that is not a path of this site is kept as the home page; a link of this site as its path', async () => {
    const peer = '192.0.2.63'
    const cases: [string, string][] = [
      ['javascript:alert(1)', '/'],
      ['https://evil.example/', '/'],
      ['//evil.example/catalog/', '/'],
      [`${ORIGIN}/catalog/shampoo/?sort=new`, '/catalog/shampoo/?sort=new'],
      ['/catalog/shampoo/', '/catalog/shampoo/'],
    ]
    for (const [page, stored] of cases) {
      const res = await visitor({ peer }).post('/api/form-callback/', { ...CALLBACK, page })
      expect(res.status, page).toBe(200)
      expect(await scalar('select page from callback_requests order by id desc limit 1'), page).toBe(stored)
    }
    const form = await visitor({ peer }).post('/api/form/question/', { ...QUESTION, page: 'javascript:alert(1)' })
    expect(form.status).toBe(200)
    expect(await scalar('select page from form_submissions order by id desc limit 1')).toBe('/')
  })
})
