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

  // A visitor with a session (here: a cart) gets the same shared page with their own parts put
  // in (ADR 021). A cart is no page content (ADR 038): the add leaves the page kept, so the
  // shopper's answer is the stored page (of the process their connection reached, once it has it)…
  const shopper = await playwright.request.newContext({ baseURL })
  expect((await shopper.post('/api/cart-list/', { data: { id: 1 } })).status()).toBe(200)
  let own = await shopper.get(path)
  for (let i = 0; i < 3 && own.headers()['x-page-cache'] !== 'hit'; i++) own = await shopper.get(path)
  expect(own.headers()['x-page-cache']).toBe('hit')
  expect(own.headers()['cache-control']).toBe('private, no-store')
  const ownHtml = await own.text()
  expect(ownHtml).toContain('"cart","get"')
  expect(ownHtml).toContain('<script type="application/json" id="personal-state">')
  expect(ownHtml).toMatch(/data-personal="cart"[^>]*>.*?data-testid="badge"[^>]*>1<\/span><\/a>/s)

  // …and the anonymous visitor's page after the write carries none of the shopper's parts. (The
  // e2e server runs WEB_CONCURRENCY processes, each with its own cache, and each context keeps its
  // connection to one of them: the visitor may get the shopper's render or one of their own.)
  const afterWrite = await anonymous.get(path)
  const visitorHtml = await afterWrite.text()
  expect(visitorHtml).not.toContain('personal-state')
  expect(visitorHtml).not.toContain('data-testid="badge"')
  expect((await anonymous.get(path)).headers()['x-page-cache']).toBe('hit')
  expect((await shopper.get(path)).headers()['x-page-cache']).toBe('hit')
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

test('a shopper served from the shared page hydrates without a mismatch, a flash or a layout shift', async ({ page }) => {
  const sections = (await (await page.request.get('/api/catalog-sections/')).json()) as { link: string }[]
  const path = sections[0]!.link
  const entity = (await (await page.request.get(`/api/entity/?path=${encodeURIComponent(path)}`)).json()) as {
    data: { products: { items: { id: number; offerId: number; inStock: boolean }[] } }
  }
  const [first, second] = entity.data.products.items.filter((i) => i.inStock)
  expect((await page.request.post('/api/cart-list/', { data: { id: first!.offerId } })).status()).toBe(200)
  expect((await page.request.post('/api/favorites-list/', { data: { id: second!.id } })).status()).toBe(200)
  await page.addInitScript(() => {
    const w = window as unknown as { shifts: number }
    w.shifts = 0
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!e.hadRecentInput) w.shifts += e.value
    }).observe({ type: 'layout-shift', buffered: true })
  })
  // Twice: the second answer is the shared page (kept 5 s; a slow machine may need another try).
  await page.goto(path)
  let hit = false
  for (let i = 0; i < 3 && !hit; i++) hit = (await page.reload())?.headers()['x-page-cache'] === 'hit'
  expect(hit).toBe(true)
  const header = page.locator('header')
  await expect(header.getByRole('link', { name: /: 1$/ }).first()).toBeVisible()
  const heart = page.locator(`[data-heart="${second!.id}"]`).first()
  await expect(heart).toHaveAttribute('aria-pressed', 'true')
  // Hydrated: the heart works, from the state the page came with.
  await heart.click()
  await expect(heart).toHaveAttribute('aria-pressed', 'false')
  expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBe(0)
  // The fixture fails the test on any console error: a hydration mismatch is one.
})

test('a visitor from an ad gets the cached page, which hydrates without asking for its data again (ADR 038)', async ({
  page,
}) => {
  const sections = (await (await page.request.get('/api/catalog-sections/')).json()) as { link: string }[]
  const path = sections[0]!.link
  await page.goto(path)
  await page.waitForLoadState('networkidle')
  const entityRequests: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('page.entity')) entityRequests.push(r.url())
  })
  // Another ad click each time: the parameters count for nothing in the page cache's key.
  let hit = false
  for (let i = 0; i < 3 && !hit; i++) {
    const ad = await page.goto(`${path}?utm_source=yandex&utm_campaign=e2e&yclid=${1000 + i}`)
    hit = ad?.headers()['x-page-cache'] === 'hit'
    await page.waitForLoadState('networkidle')
  }
  expect(hit).toBe(true)
  expect(page.url()).toContain('yclid=')
  await expect(page.locator('h1')).toBeVisible()
  // The page's data came with the HTML under the same key the browser computes: no refetch.
  expect(entityRequests).toEqual([])
  // The fixture fails the test on any console error: a hydration mismatch is one.
})
