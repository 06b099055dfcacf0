import type { Locator, Page } from '@playwright/test'
import { test, expect } from './fixtures'

/**
 * The shared form fields (issue 17, points 3 and 7): the one phone field takes a number in
 * every usual Russian spelling, and Escape in a suggestion list closes only the list.
 */

// Key-by-key typing on a loaded 2-core machine: more room than the default 30 s.
test.describe.configure({ timeout: 60_000 })

const EXPECTED = '+7 (916) 123-45-67'
/** What shoppers type or paste: with the trunk 8, with +7, with 7, or the ten digits alone. */
const SPELLINGS = ['89161234567', '+79161234567', '79161234567', '9161234567']

async function clear(input: Locator) {
  await input.click()
  await input.press('ControlOrMeta+a')
  await input.press('Backspace')
  await expect(input).toHaveValue('')
}

/** Every spelling, typed key by key and inserted at once (paste, autofill), gives the same number. */
async function checkSpellings(input: Locator) {
  for (const spelling of SPELLINGS) {
    await clear(input)
    await input.pressSequentially(spelling)
    await expect(input, `typed ${spelling}`).toHaveValue(EXPECTED)
    await clear(input)
    await input.fill(spelling)
    await expect(input, `pasted ${spelling}`).toHaveValue(EXPECTED)
  }
}

let seq = Math.floor(Date.now() / 1000) % 9000
const newPhone = () => `94${String(Date.now() % 100000).padStart(5, '0')}${String(++seq % 1000).padStart(3, '0')}`

async function signUp(page: Page) {
  const digits = newPhone()
  const res = await page.request.post('/api/user-registration/', {
    data: {
      fullname: 'Анна Смирнова',
      phone: `+7${digits}`,
      email: `fields${digits}@example.com`,
      password: 'secret123',
    },
  })
  expect(res.status()).toBe(200)
}

/** The phone field is typed into on a phone and on a desktop alike. */
const VIEWPORTS = [
  { name: 'phone 375×812', viewport: { width: 375, height: 812 } },
  { name: 'desktop 1440×900', viewport: { width: 1440, height: 900 } },
]

for (const { name, viewport } of VIEWPORTS) {
  test.describe(name, () => {
    test.use({ viewport })

    test('callback form: a number typed with the trunk 8 keeps all its digits', async ({ page }) => {
      await page.goto('/')
      await page.waitForLoadState('networkidle')
      const dialog = await openDialog(page, 'Заказать обратный звонок', 'Заказать обратный звонок')
      const phone = dialog.getByLabel('Телефон')
      await expect(phone).toBeFocused()
      await phone.pressSequentially('89161234567')
      await expect(phone).toHaveValue(EXPECTED)
      await checkSpellings(phone)
      await dialog.getByRole('button', { name: 'Перезвоните мне' }).click()
      await expect(dialog.getByText('Введите номер телефона полностью')).toBeHidden()
    })

    test('checkout: a number typed with the trunk 8 keeps all its digits', async ({ page }) => {
      const list = await (await page.request.get('/api/catalog-list/?section=shampoo&page_size=60')).json()
      const card = (list.products.items as { offerId: number; inStock: boolean }[]).find((c) => c.inStock)
      expect(card).toBeTruthy()
      expect((await page.request.post('/api/cart-list/', { data: { id: card!.offerId } })).status()).toBe(200)
      await page.goto('/order/checkout/')
      await page.waitForLoadState('networkidle')
      const form = page.getByRole('form', { name: 'Оформление заказа' })
      const phone = form.getByRole('textbox', { name: 'Телефон', exact: true })
      await phone.click()
      await phone.pressSequentially('89161234567')
      await expect(phone).toHaveValue(EXPECTED)
      await phone.blur()
      await expect(form.getByText('Введите номер телефона полностью')).toBeHidden()
      // An autofilled +7 number is placed the same way (every spelling: the callback test).
      await clear(phone)
      await phone.fill('+79161234567')
      await expect(phone).toHaveValue(EXPECTED)
    })
  })
}

/**
 * Opens a dialog from its button once the page has hydrated: a click that lands before React
 * is the browser's alone, so it is repeated (only while the dialog is still closed).
 */
async function openDialog(page: Page, button: string, dialogName: string) {
  const dialog = page.getByRole('dialog', { name: dialogName })
  await expect(async () => {
    if (!(await dialog.isVisible())) await page.getByRole('button', { name: button }).click()
    await expect(dialog).toBeVisible({ timeout: 1000 })
  }).toPass({ timeout: 15_000 })
  return dialog
}

/** The lookups wait 200 ms after the last key: the test stops the page's clock and moves it past that. */
const DEBOUNCE_PASSED = 250
const stopClock = (page: Page) => page.clock.pauseAt(Date.now() + 1000)
/** Moves the stopped clock on (the debounce, then any timer the answer's handling waits on) until `check` holds. */
async function advanceUntil(page: Page, check: () => Promise<void>) {
  await page.clock.runFor(DEBOUNCE_PASSED)
  await expect(async () => {
    await page.clock.runFor(50)
    await check()
  }).toPass({ timeout: 10_000 })
}

test('Escape in the BIC suggestions closes the list, a second Escape the dialog', async ({ page }) => {
  await page.clock.install()
  await signUp(page)
  await page.goto('/personal/')
  await page.waitForLoadState('networkidle')
  const dialog = await openDialog(page, 'Изменить тип аккаунта', 'Изменить тип аккаунта')
  await dialog.getByRole('radio', { name: 'Юридическое лицо' }).check()
  const org = dialog.getByRole('textbox', { name: 'Название организации', exact: true })
  await org.fill('ООО «Локоны»')
  const bic = dialog.getByRole('combobox', { name: 'БИК', exact: true })
  const list = dialog.getByRole('listbox')
  const options = dialog.locator('[role="option"]')
  await stopClock(page)
  await bic.pressSequentially('044525')
  await advanceUntil(page, () => expect(list).toBeVisible({ timeout: 500 }))
  await expect(bic).toHaveAttribute('aria-expanded', 'true')
  expect(await options.count()).toBeGreaterThan(1)

  // Two more keys, then Escape while their lookup still waits for the debounce.
  await bic.pressSequentially('22')
  await expect(list).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(list).toBeHidden()
  await expect(bic).toHaveAttribute('aria-expanded', 'false')
  await expect(dialog).toBeVisible()
  await expect(bic).toBeFocused()
  await expect(bic).toHaveValue('04452522')
  await expect(org).toHaveValue('ООО «Локоны»')
  // The late answer (only Sberbank's BIC starts so) arrives, and does not reopen the list.
  await advanceUntil(page, () => expect(options).toHaveCount(1, { timeout: 500 }))
  await expect(list).toBeHidden()
  await expect(dialog).toBeVisible()

  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
})

test('Escape in the address suggestions closes the list, a second Escape the dialog', async ({ page }) => {
  await page.clock.install()
  await signUp(page)
  await page.goto('/personal/addresses/')
  await page.waitForLoadState('networkidle')
  const dialog = await openDialog(page, 'Добавить адрес', 'Добавить адрес')
  const street = dialog.getByRole('combobox', { name: 'Улица' })
  await stopClock(page)
  await street.pressSequentially('Тверская 1')
  await advanceUntil(page, () =>
    expect(dialog.getByRole('option', { name: 'ул. Тверская, 14' })).toBeVisible({ timeout: 500 }),
  )

  await page.keyboard.press('Escape')
  await expect(dialog.getByRole('listbox')).toBeHidden()
  await expect(dialog).toBeVisible()
  await expect(street).toBeFocused()
  await expect(street).toHaveValue('Тверская 1')

  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
})
