import type { Locator, Page } from '@playwright/test'
import { test, expect } from '../e2e/fixtures'
import { FAKES } from '../../playwright.production.config'

/**
 * The shop as a real deployment runs it (SHOP_MODE=production) against local fakes of SMS.ru
 * and YooKassa: the demo parts are gone, a shopper signs in with a code that arrived by
 * "SMS", pays on the acquirer's page, and the order page shows the order paid.
 */

const digits = `96${String(Date.now() % 100_000_000).padStart(8, '0')}`
const field = (scope: Page | Locator, name: string) =>
  scope.getByRole('textbox', { name, exact: true }).or(scope.getByRole('combobox', { name, exact: true }))

test.describe.configure({ timeout: 90_000 })

test('the demo parts do not exist in production', async ({ request }) => {
  expect((await request.get(`/api/dev/sms-outbox/?phone=%2B7${digits}`)).status()).toBe(404)
  expect((await request.get('/payment/test/pay_0123456789abcdef01234567/')).status()).toBe(404)
  expect((await request.get('/api/oauth/test/authorize/?client_id=x')).status()).toBe(404)
  const providers = (await (await request.get('/api/oauth/providers/')).json()) as unknown
  expect(JSON.stringify(providers)).not.toMatch(/"test"/)
})

test('a shopper signs in by SMS, pays online at the acquirer, and sees the order paid', async ({ page }) => {
  await page.goto('/login/')
  // No social button to wait for in production (the test provider is gone): retry the tab until
  // the hydrated page takes the click.
  const smsTab = page.getByRole('tab', { name: 'Код из SMS' })
  await expect(async () => {
    await smsTab.click()
    await expect(smsTab).toHaveAttribute('aria-selected', 'true', { timeout: 1000 })
  }).toPass()
  const panel = page.getByRole('tabpanel')
  const phone = field(panel, 'Телефон')
  await phone.click()
  await phone.pressSequentially(digits)
  await panel.getByRole('button', { name: 'Получить код' }).click()
  await expect(panel.getByRole('button', { name: /Новый код через \d+ с/ })).toBeDisabled()

  // The code went through the SMS.ru API (the fake's record), not into any table of the shop.
  const lastCode = async () => {
    const res = await page.request.get(`${FAKES.sms}/__fake/messages?to=7${digits}`)
    const body = (await res.json()) as { messages: { msg: string }[] }
    return /\b(\d{4})\b/.exec(body.messages.at(-1)?.msg ?? '')?.[1] ?? ''
  }
  await expect.poll(lastCode).toMatch(/^\d{4}$/)
  const code = await lastCode()
  // The fourth digit sends the code by itself (issue 17).
  await field(panel, 'Код из SMS').fill(code)
  await page.waitForURL('**/personal/')

  // Something in the cart, then checkout with online payment.
  const list = await page.request.get('/api/catalog-list/?section=shampoo&page_size=30')
  const cards = ((await list.json()) as { products: { items: { link: string; inStock: boolean }[] } }).products.items
  const card = cards.find((c) => c.inStock)!
  await page.goto(card.link)
  const main = page.getByRole('main')
  await main.getByRole('button', { name: 'В корзину' }).first().click()
  await expect(main.getByRole('link', { name: 'В корзине' }).first()).toBeVisible()

  await page.goto('/order/checkout/')
  const form = page.getByRole('form', { name: 'Оформление заказа' })
  await form.getByRole('textbox', { name: 'ФИО', exact: true }).fill('Мария Иванова')
  await form.getByRole('textbox', { name: 'E-mail', exact: true }).fill(`prod${digits}@example.com`)
  await form.getByRole('radio', { name: /Самовывоз/ }).check()
  await form
    .getByRole('group', { name: /Пункты самовывоза/ })
    .getByRole('radio')
    .first()
    .check()
  await expect(form.getByRole('radio', { name: /картой/i })).toBeChecked()
  await form.getByRole('button', { name: 'Оформить и оплатить' }).click()

  // The acquirer's hosted page (the fake's), then back to the order page.
  await page.waitForURL((url) => url.href.startsWith(FAKES.kassa))
  await page.getByRole('button', { name: 'Оплатить' }).click()
  await page.waitForURL(/\/personal\/orders\/\d+\//)
  await expect(page.getByTestId('order-status')).toHaveText('Оплачен')
  await expect(page.getByRole('region', { name: 'История статусов' })).toContainText('Оплата получена')
})
