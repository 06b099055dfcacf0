import { test, expect } from './fixtures'

const nonceOf = (res: { headers(): Record<string, string> }) =>
  /'nonce-([0-9a-f]+)'/.exec(res.headers()['content-security-policy'] ?? '')?.[1] ?? 'missing'

test('a page rendered for a visitor without a session is reused with a fresh nonce until the data changes', async ({
  playwright,
  baseURL,
}) => {
  const anonymous = await playwright.request.newContext({ baseURL })
  const path = '/catalog/conditioner/'
  const first = await anonymous.get(path)
  const second = await anonymous.get(path)
  expect(first.status()).toBe(200)
  expect(second.headers()['x-page-cache']).toBe('hit')
  const [n1, n2] = [nonceOf(first), nonceOf(second)]
  expect(n2).not.toBe(n1)
  const [html1, html2] = [await first.text(), await second.text()]
  expect(html2).not.toContain(n1)
  // The same page, nonce for nonce (scripts, meta and header alike).
  expect(html2.split(n2).join('NONCE')).toBe(html1.split(n1).join('NONCE'))

  // A visitor with a session (here: a cart) always gets a render of their own…
  const shopper = await playwright.request.newContext({ baseURL })
  expect((await shopper.post('/api/cart-list/', { data: { id: 1 } })).status()).toBe(200)
  const own = await shopper.get(path)
  expect(own.headers()['x-page-cache']).toBeUndefined()
  expect(await own.text()).toContain('"cart","get"')

  // …and that write changed the data, so the next anonymous visitor gets a new render too.
  const afterWrite = await anonymous.get(path)
  expect(afterWrite.headers()['x-page-cache']).toBeUndefined()
  expect((await anonymous.get(path)).headers()['x-page-cache']).toBe('hit')
  await anonymous.dispose()
  await shopper.dispose()
})

test('a cached page still hydrates without a CSP violation', async ({ page }) => {
  await page.goto('/faq/')
  await page.waitForLoadState('networkidle')
  // Same visitor, same cookies, no write meanwhile: the copy rendered for an earlier visit (kept
  // 5 s, so a slow machine may need another try). The fixture fails the test on any console
  // error (a stale nonce would block the hydration scripts).
  let hit = false
  for (let i = 0; i < 3 && !hit; i++) {
    const again = await page.reload()
    hit = again?.headers()['x-page-cache'] === 'hit'
    await page.waitForLoadState('networkidle')
  }
  expect(hit).toBe(true)
  await expect(page.locator('h1')).toBeVisible()
  await page.getByRole('button').first().focus()
})
