import { afterAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { visitor } from '../helpers/api'
import { apiTable } from '../../server/rest/table'
import { buildOpenApi } from '../../server/rest/openapi'

/**
 * Hostile input for every route of the OpenAPI document: wrong types, missing and extra
 * fields, huge and unicode strings, injection strings, odd numbers, arrays for scalars,
 * broken JSON and bracket bodies. No answer may be a 5xx and nothing may reject unhandled.
 * `npm test` runs a short pass; `npm run test:fuzz` runs 10,000 requests.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 400)

const unhandled: unknown[] = []
const onUnhandled = (e: unknown) => unhandled.push(e)
process.on('unhandledRejection', onUnhandled)
afterAll(() => {
  process.off('unhandledRejection', onUnhandled)
})

const doc = buildOpenApi(apiTable.all)
type Op = { method: string; path: string; fields: string[] }
const ops: Op[] = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(
    methods as Record<
      string,
      {
        parameters?: { name: string; in: string }[]
        requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> }
      }
    >,
  ).map(([method, op]) => ({
    method: method.toUpperCase(),
    path,
    fields: [
      ...(op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      ...Object.keys(op.requestBody?.content['application/json']?.schema.properties ?? {}),
    ],
  })),
)

const INJECTIONS = [
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '{{7*7}}',
  '${7*7}',
  '../../../../etc/passwd',
  '%00',
  '\u0000',
  '\uD800',
  '🙂'.repeat(50),
  'NaN',
  'Infinity',
  '-0',
  '1e400',
  '__proto__',
  'constructor',
]

const scalar = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.constantFrom(...INJECTIONS),
  fc.string({ minLength: 5000, maxLength: 20000 }),
  fc.integer(),
  fc.constantFrom(-1, 0, 0.5, -0.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 53, 99999999999),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
)
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 5 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 4 }) },
)

const request = (op: Op) =>
  fc.record({
    kind: fc.constantFrom('json', 'json', 'form', 'broken-json', 'broken-form', 'query', 'wrong-type'),
    known: fc.dictionary(fc.constantFrom(...(op.fields.length ? op.fields : ['id'])), value, { maxKeys: 6 }),
    extra: fc.dictionary(fc.string({ maxLength: 12 }), value, { maxKeys: 3 }),
    pathParam: fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('callback', 'question', '%2e%2e', '..', '0')),
    junk: fc.string({ unit: 'binary', maxLength: 300 }),
  })

function toPairs(obj: Record<string, unknown>, prefix = ''): [string, string][] {
  return Object.entries(obj).flatMap(([k, v]): [string, string][] => {
    const key = prefix ? `${prefix}[${k}]` : k
    if (v && typeof v === 'object') return toPairs(v as Record<string, unknown>, key)
    return [[key, String(v)]]
  })
}

describe('hostile input (every route of the OpenAPI document)', () => {
  it(`never answers a 5xx across ${RUNS} generated requests`, async () => {
    const client = visitor()
    const arb = fc.constantFrom(...ops).chain((op) => request(op).map((r) => ({ op, r })))
    const failures: string[] = []
    await fc
      .assert(
        fc.asyncProperty(arb, async ({ op, r }) => {
          let path = op.path.replace(/\{(\w+)\}/g, () => encodeURIComponent(r.pathParam) || 'x')
          const body = { ...r.extra, ...r.known }
          let res
          switch (r.kind) {
            case 'json':
              res =
                op.method === 'GET'
                  ? await client.get(path, Object.fromEntries(toPairs(body).slice(0, 20)))
                  : await client.send(op.method as 'POST', path, body)
              break
            case 'form':
              res = await client.raw(
                op.method,
                path,
                op.method === 'GET'
                  ? {}
                  : {
                      body: new URLSearchParams(toPairs(body)).toString(),
                      headers: { 'content-type': 'application/x-www-form-urlencoded' },
                    },
              )
              break
            case 'broken-json':
              res = await client.raw(
                op.method,
                path,
                op.method === 'GET' ? {} : { body: '{"a":' + r.junk, headers: { 'content-type': 'application/json' } },
              )
              break
            case 'broken-form':
              res = await client.raw(
                op.method,
                path,
                op.method === 'GET'
                  ? {}
                  : {
                      body: `a[[]]]=1&%E0%A4%A=2&${r.junk}&x[99999999][y]=1`,
                      headers: { 'content-type': 'application/x-www-form-urlencoded' },
                    },
              )
              break
            case 'query':
              path += '?' + new URLSearchParams(toPairs(body)).toString() + '&' + encodeURIComponent(r.junk)
              res = await client.raw(op.method === 'GET' ? 'GET' : op.method, path)
              break
            default:
              res = await client.raw(
                op.method,
                path,
                op.method === 'GET'
                  ? {}
                  : { body: JSON.stringify([body, r.junk]), headers: { 'content-type': 'application/json' } },
              )
          }
          if (res.status >= 500)
            failures.push(`${op.method} ${path} (${r.kind}) → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`)
          return res.status < 500
        }),
        { numRuns: RUNS, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined, endOnFailure: true },
      )
      .catch((e: unknown) => {
        throw new Error(`${failures.join('\n')}\n${String(e)}`)
      })
    expect(unhandled).toEqual([])
  }, 600_000)

  it('leaves the server healthy afterwards', async () => {
    const res = await visitor().get('/api/site-options/')
    expect(res.status).toBe(200)
    expect(res.body.title).toBeTruthy()
  })
})
