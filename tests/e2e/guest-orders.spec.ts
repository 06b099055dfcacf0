import type { Locator, Page } from '@playwright/test'
import { test, expect } from './fixtures'

/**
 * A guest's order joins the account registered afterwards in the same browser with the order's
 * phone (issue 17; the rule: server/services/account.ts, mergeVisitorIntoUser — same session
 * and the account's phone or e-mail).
 */

let seq = Math.floor(Date.now() / 1000) % 9000
/** Ten digits after +7, different in every test of the run. */
const newPhone = () => `96${String(Date.now() % 100000).padStart(5, '0')}${String(++seq % 1000).padStart(3, '0')}`

/** A text field by its accessible name (ФИО of the registration form is a combobox of suggestions). */
const field = (scope: Page | Locator, name: string) =>
  scope.getByRole('textbox', { name, exact: true }).or(scope.getByRole('combobox', { name, exact: true }))

async function typePhone(scope: Page | Locator, digits: string) {
  const input = field(scope, 'Телефон')
  await input.click()
  await input.pressSequentially(digits)
  await expect(input).toHaveValue(
    `+7 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 8)}-${digits.slice(8)}`,
  )
}

/** A guest orders one in-stock product, paid on pickup; returns the order's number. */
async function guestOrders(page: Page, digits: string, skip: number) {
  const list = await page.request.get('/api/catalog-list/?section=shampoo&page_size=60')
  const items = ((await list.json()) as { products: { items: { id: number; inStock: boolean }[] } }).products.items
  const product = items.filter((c) => c.inStock)[skip]!
  expect((await page.request.post('/api/cart-list/', { data: { id: product.id, quantity: 1 } })).status()).toBe(200)

  await page.goto('/order/offline/')
  const form = page.getByRole('form', { name: 'Заказ с оплатой при получении' })
  await field(form, 'ФИО').fill('Гость Покупатель')
  await typePhone(form, digits)
  await field(form, 'E-mail').fill(`guest-order${digits}@example.com`)
  await form.getByRole('radio', { name: /Самовывоз/ }).check()
  await form
    .getByRole('group', { name: /Пункты самовывоза/ })
    .getByRole('radio')
    .first()
    .check()
  await form.getByRole('button', { name: 'Оформить заказ' }).click()
  await page.waitForURL(/\/personal\/orders\/\d+\//)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Заказ HC-\d{4}-\d{6}/)
  const number = (await page.getByRole('heading', { level: 1 }).textContent())?.match(/HC-\d{4}-\d{6}/)?.[0]
  expect(number).toBeTruthy()
  expect((await (await page.request.get('/api/user-info/')).json()).isAuthorized).toBe(false)
  return number!
}

async function expectInMyOrders(page: Page, number: string) {
  await page.goto('/personal/orders/')
  await expect(page.getByRole('heading', { level: 1, name: 'Мои заказы' })).toBeVisible()
  await expect(page.getByRole('link', { name: number })).toBeVisible()
}

test.describe.configure({ timeout: 60_000 })

test("a guest's order is in the account registered afterwards with the same phone", async ({ page }) => {
  const digits = newPhone()
  const number = await guestOrders(page, digits, 9)

  await page.goto('/registration/')
  // The social buttons are fetched after hydration: once they show, the form is interactive.
  await expect(page.getByRole('button', { name: 'Test ID (демо-вход)', exact: true })).toBeVisible()
  const form = page.getByRole('form', { name: 'Регистрация' })
  await field(form, 'ФИО').fill('Гость Покупатель')
  await typePhone(form, digits)
  // Another e-mail than the order's: the phone alone ties the order to the account.
  await field(form, 'E-mail').fill(`registered${digits}@example.com`)
  await form.locator('input[type="password"]').fill('secret123')
  await form.getByRole('button', { name: 'Создать аккаунт' }).click()
  await page.waitForURL('**/personal/')

  await expectInMyOrders(page, number)
})

test("a guest's order is in the account created by an SMS code to the same phone", async ({ page }) => {
  const digits = newPhone()
  const number = await guestOrders(page, digits, 10)

  await page.goto('/login/')
  await expect(page.getByRole('button', { name: 'Test ID' })).toBeVisible()
  await page.getByRole('tab', { name: 'Код из SMS' }).click()
  const panel = page.getByRole('tabpanel')
  await typePhone(panel, digits)
  await panel.getByRole('button', { name: 'Получить код' }).click()
  await expect(panel.getByRole('button', { name: /Новый код через \d+ с/ })).toBeDisabled()
  const outbox = await (
    await page.request.get(`/api/dev/sms-outbox/?phone=${encodeURIComponent(`+7${digits}`)}`)
  ).json()
  // The 4th digit sends the code by itself; a phone seen for the first time becomes an account.
  await field(panel, 'Код из SMS').fill(outbox.list[0].code as string)
  await page.waitForURL('**/personal/')

  await expectInMyOrders(page, number)
})
