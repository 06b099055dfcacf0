import { test, expect } from './fixtures'

test('home page renders the site title from the database with no console error or failed request', async ({ page }) => {
  const res = await page.goto('/')
  expect(res?.status()).toBe(200)
  await expect(page).toHaveTitle(/Волосы и уход/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru')
  await page.waitForLoadState('networkidle')
})
