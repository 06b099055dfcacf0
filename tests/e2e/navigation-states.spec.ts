import { test, expect } from './fixtures'

test.use({ viewport: { width: 1440, height: 900 } })

test.beforeEach(async ({ context }) => {
  // The cookie notice would cover the footer links these tests click.
  await context.addCookies([{ name: 'cookie_agree', value: '1', domain: 'localhost', path: '/' }])
})

test('a slow navigation shows the global loader after 100 ms, and it goes away when the page is there', async ({
  page,
}) => {
  await page.goto('/')
  await page.waitForLoadState('networkidle')
  // Hold the page lookup for 1.2 s, as on a slow network.
  await page.route('**/api/trpc/**', async (route) => {
    if (route.request().url().includes('page.entity')) await new Promise((r) => setTimeout(r, 1200))
    await route.continue()
  })
  const loader = page.getByTestId('global-loader')
  await expect(loader).toHaveCount(0)
  await page.getByRole('contentinfo').getByRole('link', { name: 'О магазине', exact: true }).first().click()
  await expect(loader).toBeVisible()
  await expect(loader).toHaveAttribute('role', 'status')
  await expect(page).toHaveURL(/\/about\/$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(loader).toHaveCount(0)
})

test('a fast navigation never shows the loader', async ({ page }) => {
  await page.goto('/')
  await page.waitForLoadState('networkidle')
  await page.evaluate(() => {
    ;(window as unknown as { loaderSeen: boolean }).loaderSeen = false
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="global-loader"]'))
        (window as unknown as { loaderSeen: boolean }).loaderSeen = true
    }).observe(document.body, { childList: true, subtree: true })
  })
  // Warm the page data (hover preloads it), then navigate: well under 100 ms.
  const link = page.getByRole('contentinfo').getByRole('link', { name: 'О магазине', exact: true }).first()
  await link.hover()
  await page.waitForLoadState('networkidle')
  await link.click()
  await expect(page).toHaveURL(/\/about\/$/)
  await page.waitForTimeout(300)
  expect(await page.evaluate(() => (window as unknown as { loaderSeen: boolean }).loaderSeen)).toBe(false)
})

test('images far below the fold wait as placeholders and load when scrolled near', async ({ page }) => {
  await page.goto('/catalog/shampoo/')
  await page.waitForLoadState('networkidle')
  const frames = page.locator('main span[data-status]')
  const last = frames.last()
  await expect(last).toHaveAttribute('data-status', 'placeholder')
  await last.scrollIntoViewIfNeeded()
  await expect(last).toHaveAttribute('data-status', 'loaded')
  // The first card was in view from the start.
  await expect(frames.first()).toHaveAttribute('data-status', 'loaded')
})
