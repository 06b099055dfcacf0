/**
 * Screenshots of the shopper's key screens at a phone (375×812) and a desktop (1440×900) size,
 * for looking at the layout by eye: the catalog section, its filters (the phone's filter sheet),
 * the cart with two lines, the checkout, a service page's booking form.
 *
 * It starts nothing: run the shop first (`npm start`), then
 *   BASE_URL=http://localhost:3000 OUT=/tmp/screens npm run screenshots
 * BASE_URL defaults to http://localhost:3000, OUT to /tmp/screens. The cart lines are added
 * through the REST API in the browser's own session (a fresh one each size).
 */
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { chromium, type Browser, type Page } from '@playwright/test'

const BASE = (process.env.BASE_URL ?? 'http://localhost:3000').replace(/\/$/, '')
const OUT = process.env.OUT ?? '/tmp/screens'
const SIZES = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1440, height: 900 },
] as const

type Card = { link: string; offerId?: number; id: number; inStock: boolean }

async function entity(page: Page, path: string): Promise<any> {
  const res = await page.request.get(`${BASE}/api/entity/?path=${encodeURIComponent(path)}`)
  if (!res.ok()) throw new Error(`GET /api/entity/?path=${path}: ${res.status()}`)
  return (await res.json()).data
}

async function open(page: Page, path: string) {
  await page.goto(BASE + path)
  await page.waitForLoadState('networkidle')
}

async function shoot(page: Page, size: string, name: string) {
  const file = join(OUT, `${size}-${name}.png`)
  await page.screenshot({ path: file })
  console.log(file)
}

async function run(browser: Browser, size: (typeof SIZES)[number]) {
  const context = await browser.newContext({
    viewport: { width: size.width, height: size.height },
    locale: 'ru-RU',
    deviceScaleFactor: 1,
  })
  // The cookie notice and the city question stay out of the pictures.
  const host = new URL(BASE).hostname
  await context.addCookies([{ name: 'cookie_agree', value: '1', domain: host, path: '/' }])
  const page = await context.newPage()
  await page.request.post(`${BASE}/api/user-city/`, { data: { id: 1 } })

  const catalog = await entity(page, '/catalog/')
  const section: string = catalog.sections[0].link
  await open(page, section)
  await shoot(page, size.name, 'catalog-section')

  const filters = page.getByRole('button', { name: /^Фильтры/ })
  if (await filters.isVisible()) {
    await filters.click()
    await page.getByRole('dialog').waitFor()
    await page.waitForTimeout(400) // the sheet's opening animation
    await shoot(page, size.name, 'filter-sheet')
    await page.keyboard.press('Escape')
  } else {
    // From 1024 px the filters are the side panel: the page scrolled to it.
    await page
      .locator('aside')
      .first()
      .evaluate((el) => el.scrollIntoView({ block: 'start' }))
    await shoot(page, size.name, 'filter-sheet')
  }

  const cards: Card[] = (await entity(page, section)).products.items.filter((c: Card) => c.inStock)
  for (const card of cards.slice(0, 2)) {
    const res = await page.request.post(`${BASE}/api/cart-list/`, { data: { id: card.offerId ?? card.id } })
    if (!res.ok()) throw new Error(`POST /api/cart-list/: ${res.status()}`)
  }
  await open(page, '/cart/')
  await page.getByTestId('cart-total').waitFor()
  await shoot(page, size.name, 'cart')
  await page.getByTestId('cart-total').scrollIntoViewIfNeeded()
  await shoot(page, size.name, 'cart-total')

  await open(page, '/order/checkout/')
  await shoot(page, size.name, 'checkout')

  const services = await entity(page, '/services/')
  const serviceSection = await entity(page, services.sections[0].link)
  const service: string = (serviceSection.services ?? serviceSection.items)[0].link
  await open(page, service)
  // The form opens from the section's button (when it is not open already).
  const booking = page.locator('#booking')
  const opener = booking.getByRole('button', { expanded: false })
  if (await opener.count()) await opener.first().click()
  await booking.locator('form').waitFor()
  await booking.evaluate((el) => el.scrollIntoView({ block: 'start' }))
  await shoot(page, size.name, 'booking')

  await context.close()
}

mkdirSync(OUT, { recursive: true })
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
})
try {
  for (const size of SIZES) await run(browser, size)
} finally {
  await browser.close()
}
