import { describe, expect, it } from 'vitest'
import SwaggerParser from '@apidevtools/swagger-parser'
import { visitor } from '../helpers/api'
import { apiTable } from '../../server/rest/table'

/** Every route of the contract, as far as it exists in the route table, must be documented. */
const CONTRACT_ROUTES = [
  'POST /api/composite/',
  'GET /api/user-city/',
  'POST /api/user-city/',
  'GET /api/site-contacts/',
  'GET /api/site-options/',
  'GET /api/site-cities/',
  'GET /api/nav-header/',
  'GET /api/nav-footer/',
  'GET /api/catalog-sections/',
  'GET /api/services-sections/',
  'GET /api/entity/',
  'GET /api/local/entity/',
  'GET /api/link/',
  'GET /api/search/',
  'GET /api/cart-list/',
  'POST /api/cart-list/',
  'PATCH /api/cart-list/',
  'DELETE /api/cart-list/',
  'POST /api/cart-promocode/',
  'DELETE /api/cart-promocode/',
  'GET /api/favorites-list/',
  'POST /api/favorites-list/',
  'DELETE /api/favorites-list/',
  'GET /api/user-info/',
  'GET /api/user-address-list/',
  'POST /api/user-address-list/',
  'PATCH /api/user-address-list/',
  'DELETE /api/user-address-list/',
  'POST /api/user-account-update/',
  'POST /api/user-check/',
  'POST /api/user-registration/',
  'POST /api/user-login/',
  'POST /api/user-sms/',
  'POST /api/user-login-code/',
  'POST /api/user-password-restore/',
  'POST /api/user-logout/',
  'POST /api/form-callback/',
  'POST /api/form/{code}/',
  'GET /api/order-delivery/',
  'GET /api/order-payment/',
  'GET /api/order-cancel-reasons/',
  'POST /api/orders-checkout/',
  'POST /api/orders-checkout-offline/',
  'POST /api/orders-fast-buy/',
  'GET /api/orders-list/',
  'GET /api/order/',
  'POST /api/order-cancel/',
  'POST /api/order-pay/',
  'POST /api/payment-notify/',
  'GET /api/suggest-address/',
  'GET /api/suggest-name/',
  'GET /api/suggest-city/',
  'GET /api/suggest-bank/',
  'GET /api/openapi.json',
]

describe('OpenAPI document (contract §10)', () => {
  it('is served and validates as OpenAPI 3.1', async () => {
    const res = await visitor().get('/api/openapi.json')
    expect(res.status).toBe(200)
    expect(res.body.openapi).toBe('3.1.0')
    await expect(SwaggerParser.validate(structuredClone(res.body))).resolves.toBeTruthy()
  })

  it('lists every route of the contract, generated from the route table', async () => {
    const doc = (await visitor().get('/api/openapi.json')).body as { paths: Record<string, Record<string, unknown>> }
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`)),
    )
    const existing = new Set(apiTable.all.filter((r) => !r.hidden).map((r) => `${r.method} /api${r.path}`))
    expect([...existing].filter((r) => !documented.has(r))).toEqual([])
    expect(CONTRACT_ROUTES.filter((r) => !existing.has(r))).toEqual([])
    for (const r of CONTRACT_ROUTES) expect(documented.has(r), r).toBe(true)
  })

  it('documents validation rules from the zod schemas (not by hand)', async () => {
    const doc = (await visitor().get('/api/openapi.json')).body
    const body = doc.paths['/api/composite/'].post.requestBody.content['application/json'].schema
    expect(body.properties.requests.maxItems).toBe(20)
  })

  it('renders a documentation page with its own assets', async () => {
    const page = await visitor().get('/api/docs/')
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toContain('text/html')
    expect(String(page.body)).toContain('/api/docs/docs.js')
    expect(String(page.body)).not.toMatch(/https?:\/\/(?!localhost)/)
    expect((await visitor().get('/api/docs/docs.js')).status).toBe(200)
  })
})
