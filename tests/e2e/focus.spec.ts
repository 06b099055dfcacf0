import type { Locator, Page } from '@playwright/test'
import { test as baseTest } from '@playwright/test'
import { test, expect } from './fixtures'

/**
 * Keyboard focus (issue 17, accessibility): every dialog hands focus back to what opened it,
 * the "Форма заполнена неверно" modal closes onto the first invalid field (and never opens over
 * another dialog), each page has one `<main>`, the city and cookie prompts are the first Tab stops
 * after the skip link, and a page change in the browser moves focus to the new page's heading and
 * is announced.
 */

// Lazy dialogs on a loaded 2-core machine: more room than the default 30 s.
test.describe.configure({ timeout: 90_000 })

let seq = Math.floor(Date.now() / 1000) % 9000
const newPhone = () => `96${String(Date.now() % 100000).padStart(5, '0')}${String(++seq % 1000).padStart(3, '0')}`

async function signUp(page: Page) {
  const digits = newPhone()
  const res = await page.request.post('/api/user-registration/', {
    data: {
      fullname: 'Ольга Клавиатурова',
      phone: `+7${digits}`,
      email: `focus${digits}@example.com`,
      password: 'secret123',
      type: 'individual',
    },
  })
  expect(res.status()).toBe(200)
  return digits
}

async function inStockCard(page: Page) {
  const list = await (await page.request.get('/api/catalog-list/?section=shampoo&page_size=60')).json()
  const card = (list.products.items as { offerId: number; inStock: boolean; link: string }[]).find((c) => c.inStock)
  expect(card).toBeTruthy()
  return card!
}

async function open(page: Page, path: string) {
  await page.goto(path)
  await page.waitForLoadState('networkidle')
}

/**
 * Opens `dialog` from `opener` by keyboard (focus, Enter). A key pressed before hydration is the
 * browser's alone, so it is repeated while the dialog is still closed.
 */
async function openWithKeyboard(opener: Locator, dialog: Locator) {
  await expect(async () => {
    if (!(await dialog.isVisible())) {
      await opener.focus()
      await opener.press('Enter')
    }
    await expect(dialog).toBeVisible({ timeout: 2000 })
  }).toPass({ timeout: 30_000 })
}

/** Escape, then the close button: each time focus is back on the opener. */
async function expectFocusReturns(page: Page, opener: Locator, dialog: Locator) {
  await openWithKeyboard(opener, dialog)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(opener).toBeFocused()

  await openWithKeyboard(opener, dialog)
  await dialog.getByRole('button', { name: 'Закрыть', exact: true }).click()
  await expect(dialog).toBeHidden()
  await expect(opener).toBeFocused()
}

const VIEWPORTS = [
  { name: 'phone 375×812', viewport: { width: 375, height: 812 } },
  { name: 'desktop 1440×900', viewport: { width: 1440, height: 900 } },
]

for (const { name, viewport } of VIEWPORTS) {
  test.describe(name, () => {
    test.use({ viewport })

    test('the city dialog returns focus to "Нет, выбрать другой"', async ({ page }) => {
      await open(page, '/')
      const opener = page.getByRole('button', { name: 'Нет, выбрать другой' })
      await expectFocusReturns(page, opener, page.getByRole('dialog', { name: 'Выберите ваш город' }))
    })

    test('the callback dialog returns focus to the floating button', async ({ page }) => {
      await open(page, '/catalog/')
      const opener = page.getByTestId('callback-button')
      await expectFocusReturns(page, opener, page.getByRole('dialog', { name: 'Заказать обратный звонок' }))
    })

    test('the one-click dialog returns focus to "Купить в 1 клик"', async ({ page }) => {
      await open(page, (await inStockCard(page)).link)
      const opener = page.getByRole('main').getByRole('button', { name: 'Купить в 1 клик' }).first()
      await expectFocusReturns(page, opener, page.getByRole('dialog', { name: 'Купить в 1 клик' }))
    })

    test('the error modal closes onto the first invalid field, scrolled into view', async ({ page }) => {
      await open(page, '/registration/')
      const form = page.getByRole('main').locator('form')
      const submit = form.getByRole('button', { name: 'Создать аккаунт' })
      const modal = page.getByRole('dialog', { name: 'Ошибка' })
      const firstInvalid = form.locator('[aria-invalid="true"]').first()

      await openWithKeyboard(submit, modal)
      await expect(modal).toContainText('Форма заполнена неверно')
      await page.keyboard.press('Escape')
      await expect(modal).toBeHidden()
      await expect(firstInvalid).toBeFocused()
      await expect(firstInvalid).toBeInViewport()
      // The first invalid field in page order: no field before it shows an error.
      expect(
        await firstInvalid.evaluate((el) => el === el.closest('form')?.querySelector('[aria-invalid="true"]')),
      ).toBe(true)

      // Scrolled away and sent again: the close button lands on the same field, back in view.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
      await submit.focus()
      await submit.press('Enter')
      await expect(modal).toBeVisible()
      await modal.getByRole('button', { name: 'Закрыть', exact: true }).click()
      await expect(modal).toBeHidden()
      await expect(firstInvalid).toBeFocused()
      await expect(firstInvalid).toBeInViewport()
    })

    test('inside a dialog an invalid form shows its errors there, with no second modal', async ({ page }) => {
      await open(page, '/catalog/')
      const dialog = page.getByRole('dialog', { name: 'Заказать обратный звонок' })
      await openWithKeyboard(page.getByTestId('callback-button'), dialog)
      await dialog.getByRole('button', { name: 'Перезвоните мне' }).click()
      const phone = dialog.getByRole('textbox', { name: 'Телефон' })
      await expect(phone).toHaveAttribute('aria-invalid', 'true')
      await expect(phone).toBeFocused()
      await expect(page.getByRole('dialog')).toHaveCount(1)
      await expect(page.getByRole('dialog', { name: 'Ошибка' })).toHaveCount(0)
    })

    test('account-type, address and cancel dialogs return focus to their buttons', async ({ page }) => {
      test.setTimeout(180_000)
      const digits = await signUp(page)
      await open(page, '/personal/')
      await expectFocusReturns(
        page,
        page.getByRole('button', { name: 'Изменить тип аккаунта' }),
        page.getByRole('dialog', { name: 'Изменить тип аккаунта' }),
      )

      await open(page, '/personal/addresses/')
      await expectFocusReturns(
        page,
        page.getByRole('button', { name: 'Добавить адрес' }),
        page.getByRole('dialog', { name: 'Добавить адрес' }),
      )

      const card = await inStockCard(page)
      const res = await page.request.post('/api/orders-fast-buy/', { data: { id: card.offerId, phone: `+7${digits}` } })
      expect(res.status()).toBe(200)
      const { order } = (await res.json()) as { order: { number: string; link: string } }
      await open(page, order.link)
      await expectFocusReturns(
        page,
        page.getByRole('button', { name: 'Отменить заказ' }),
        page.getByRole('dialog', { name: `Отменить заказ ${order.number}?` }),
      )
    })

    test('the city or cookie prompt is the first Tab stop after the skip link', async ({ page }) => {
      await open(page, '/catalog/')
      await expect(page.getByRole('region', { name: 'cookie' })).toBeVisible()
      await page.locator('body').focus()
      await page.keyboard.press('Tab')
      await expect(page.getByRole('link', { name: 'Перейти к содержимому' })).toBeFocused()
      await page.keyboard.press('Tab')
      const focusedInPrompt = await page.evaluate(
        () => document.activeElement?.closest('[role="region"]')?.textContent ?? '',
      )
      expect(focusedInPrompt).toMatch(/Это ваш город\?|cookie/i)
    })
  })
}

test('"Другая причина" asks for the own words: required, focused when empty, kept in the history', async ({ page }) => {
  const digits = await signUp(page)
  const card = await inStockCard(page)
  const res = await page.request.post('/api/orders-fast-buy/', { data: { id: card.offerId, phone: `+7${digits}` } })
  expect(res.status()).toBe(200)
  const { order } = (await res.json()) as { order: { number: string; link: string } }
  await open(page, order.link)
  const dialog = page.getByRole('dialog', { name: `Отменить заказ ${order.number}?` })
  await openWithKeyboard(page.getByRole('button', { name: 'Отменить заказ' }), dialog)
  const own = dialog.getByRole('textbox', { name: 'Ваша причина' })
  await expect(own).toHaveCount(0)
  await dialog.getByRole('radio', { name: 'Другая причина' }).check()
  await expect(own).toBeVisible()
  await expect(own).toHaveAttribute('required', '')

  const confirm = dialog.getByRole('button', { name: 'Отменить заказ' })
  await confirm.click()
  await expect(dialog.getByText('Напишите причину')).toBeVisible()
  await expect(own).toBeFocused()
  await expect(own).toHaveAttribute('aria-invalid', 'true')
  await expect(dialog).toBeVisible()

  await own.fill('Купила в салоне')
  await expect(dialog.getByText('Напишите причину')).toHaveCount(0)
  await confirm.click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('order-status')).toHaveText('Отменён')
  await expect(page.getByText('Причина отмены: Другая причина — Купила в салоне')).toBeVisible()
  await expect(page.getByRole('region', { name: 'История статусов' })).toContainText('Купила в салоне')
})

/** The page types that had none (cart, checkout, account); the axe spec counts it on every other one. */
test('exactly one <main> on the cart, checkout and account pages', async ({ page }) => {
  const digits = await signUp(page)
  const card = await inStockCard(page)
  expect((await page.request.post('/api/cart-list/', { data: { id: card.offerId } })).status()).toBe(200)
  const res = await page.request.post('/api/orders-fast-buy/', { data: { id: card.offerId, phone: `+7${digits}` } })
  expect(res.status()).toBe(200)
  const { order } = (await res.json()) as { order: { link: string } }
  const paths = [
    '/cart/',
    '/order/checkout/',
    '/order/offline/',
    '/personal/',
    '/personal/addresses/',
    '/personal/orders/',
    order.link,
  ]
  for (const path of paths) {
    await page.goto(path)
    await expect(page.getByRole('main'), path).toHaveCount(1)
    await expect(page.locator('main'), path).toHaveCount(1)
  }
})

// The base test: Chromium logs the page's own 404 status as a console error, which is expected here.
baseTest('exactly one <main> on the 404 page', async ({ page }) => {
  await page.goto('/no-such-page-here/')
  await expect(page.getByRole('main')).toHaveCount(1)
  await expect(page.locator('main')).toHaveCount(1)
})

test('a page change in the browser focuses the new heading and announces the page', async ({ page }) => {
  await open(page, '/')
  const link = page.locator('footer').getByRole('link', { name: 'Доставка', exact: true }).first()
  await expect(async () => {
    await link.click()
    await expect(page).toHaveURL(/\/delivery\/$/, { timeout: 2000 })
  }).toPass({ timeout: 15_000 })
  const heading = page.getByRole('main').getByRole('heading', { level: 1 })
  await expect(heading).toBeFocused()
  const title = await page.title()
  await expect(page.getByTestId('live-region')).toHaveText(title)
})
