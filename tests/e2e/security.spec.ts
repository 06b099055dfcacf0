import { test, expect } from './fixtures'

test('pages carry a nonce-based CSP that the page satisfies, and the other security headers', async ({
  page,
  request,
}) => {
  const res = await request.get('/')
  const h = res.headers()
  const csp = h['content-security-policy'] ?? ''
  expect(csp).toMatch(/script-src 'self' 'nonce-[0-9a-f]{32}'/)
  expect(csp).toContain("frame-ancestors 'none'")
  expect(csp).toContain("object-src 'none'")
  expect(h['x-content-type-options']).toBe('nosniff')
  expect(h['referrer-policy']).toBe('strict-origin-when-cross-origin')
  expect(h['x-frame-options']).toBe('DENY')
  const nonce = /'nonce-([0-9a-f]+)'/.exec(csp)?.[1]
  const html = await res.text()
  const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)([^>]*)>/g)]
  expect(inlineScripts.length).toBeGreaterThan(0)
  for (const m of inlineScripts) expect(m[1]).toContain(`nonce="${nonce}"`)
  // A CSP violation is a console error: the fixture fails the test if any happens.
  await page.goto('/')
  await page.waitForLoadState('networkidle')
})

test('a fresh nonce on every render', async ({ request }) => {
  const a = (await request.get('/')).headers()['content-security-policy']
  const b = (await request.get('/')).headers()['content-security-policy']
  expect(a).not.toBe(b)
})

test('API answers are nosniff JSON that cannot be framed', async ({ request }) => {
  const res = await request.get('/api/site-options/')
  expect(res.headers()['x-content-type-options']).toBe('nosniff')
  expect(res.headers()['content-security-policy']).toContain("frame-ancestors 'none'")
  expect(res.headers()['content-type']).toBe('application/json; charset=utf-8')
})

test('hashed static assets are served compressed with long-lived cache headers', async ({ request }) => {
  const html = await (await request.get('/')).text()
  const assets = [...html.matchAll(/(?:href|src)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] as string)
  expect(assets.length).toBeGreaterThan(0)
  for (const asset of assets) {
    const res = await request.get(asset, { headers: { 'accept-encoding': 'br, gzip' } })
    expect(res.status(), asset).toBe(200)
    const plain = await request.get(asset, { headers: { 'accept-encoding': 'identity' } })
    // Files under 1 KiB gain nothing from compression; every larger one must be compressed.
    if ((await plain.body()).length > 1024) expect(res.headers()['content-encoding'], asset).toMatch(/^(br|gzip)$/)
    expect(res.headers()['cache-control'], asset).toContain('max-age=31536000')
    expect(res.headers()['cache-control'], asset).toContain('immutable')
  }
})

test('server-rendered pages and API answers are sent compressed', async ({ request }) => {
  for (const path of ['/', '/catalog/', '/api/entity/?path=/catalog/']) {
    const res = await request.get(path, { headers: { 'accept-encoding': 'gzip' } })
    expect(res.status(), path).toBe(200)
    expect(res.headers()['content-encoding'], path).toBe('gzip')
    expect(res.headers()['vary'] ?? '', path).toMatch(/accept-encoding/i)
    expect((await res.body()).length, path).toBeGreaterThan(100)
  }
})
