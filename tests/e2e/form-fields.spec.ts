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

test('callback form: a number typed with the trunk 8 keeps all its digits', async ({ page }) => {
  await page.goto('/')
  await page.waitForLoadState('networkidle')
  await page.getByRole('button', { name: 'Заказать обратный звонок' }).click()
  const dialog = page.getByRole('dialog', { name: 'Заказать обратный звонок' })
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

test('Escape in the BIC suggestions closes the list, a second Escape the dialog', async ({ page }) => {
  await signUp(page)
  await page.goto('/personal/')
  await page.waitForLoadState('networkidle')
  await page.getByRole('button', { name: 'Изменить тип аккаунта' }).click()
  const dialog = page.getByRole('dialog', { name: 'Изменить тип аккаунта' })
  await dialog.getByRole('radio', { name: 'Юридическое лицо' }).check()
  await dialog.getByRole('textbox', { name: 'Название организации', exact: true }).fill('ООО «Локоны»')
  const bic = dialog.getByRole('combobox', { name: 'БИК', exact: true })
  await bic.pressSequentially('04452')
  await expect(dialog.getByRole('listbox')).toBeVisible()
  await expect(bic).toHaveAttribute('aria-expanded', 'true')

  await page.keyboard.press('Escape')
  await expect(dialog.getByRole('listbox')).toBeHidden()
  await expect(bic).toHaveAttribute('aria-expanded', 'false')
  await expect(dialog).toBeVisible()
  await expect(bic).toBeFocused()
  await expect(bic).toHaveValue('04452')
  await expect(dialog.getByRole('textbox', { name: 'Название организации', exact: true })).toHaveValue('ООО «Локоны»')

  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
})

test('Escape in the address suggestions closes the list, a second Escape the dialog', async ({ page }) => {
  await signUp(page)
  await page.goto('/personal/addresses/')
  await page.waitForLoadState('networkidle')
  await page.getByRole('button', { name: 'Добавить адрес' }).click()
  const dialog = page.getByRole('dialog', { name: 'Добавить адрес' })
  const street = dialog.getByRole('combobox', { name: 'Улица' })
  await street.pressSequentially('Тверская 1')
  await expect(dialog.getByRole('option', { name: 'ул. Тверская, 14' })).toBeVisible()

  await page.keyboard.press('Escape')
  await expect(dialog.getByRole('listbox')).toBeHidden()
  await expect(dialog).toBeVisible()
  await expect(street).toHaveValue('Тверская 1')

  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
})
