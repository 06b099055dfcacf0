import { test, expect } from './fixtures'

test('home opens in Chromium with no console error and no failed request', async ({ page }) => {
  const res = await page.goto('/')
  expect(res?.status()).toBe(200)
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru')
  await page.waitForLoadState('networkidle')
})
