import AxeBuilder from '@axe-core/playwright'
import type { APIRequestContext, Page } from '@playwright/test'
import { test, expect } from './fixtures'

/**
 * The buying half (issue 6): cart → promo code → checkout → test acquirer → order page, and a
 * signed-in customer's offline order, its list and its cancellation.
 */

let seq = Math.floor(Date.now() / 1000) % 9000
/** Ten digits after +7, different in every test of the run. */
const newPhone = () => `95${String(Date.now() % 100000).padStart(5, '0')}${String(++seq % 1000).padStart(3, '0')}`

interface Card {
  id: number
  name: string
  link: string
  inStock: boolean
  offerId: number
  volumes: number[]
}

/** Two different in-stock products, picked from the catalog API (the flow itself runs in the UI). */
async function pickProducts(request: APIRequestContext, skip = 0): Promise<Card[]> {
  const res = await request.get('/api/catalog-list/?section=shampoo&page_size=60')
  expect(res.status()).toBe(200)
  const body = (await res.json()) as { products: { items: Card[] } }
  const cards = body.products.items.filter((c) => c.inStock)
  expect(cards.length).toBeGreaterThan(skip + 2)
  return cards.slice(skip, skip + 2)
}

/** What a visitor does first: agree to cookies and confirm the detected city (Moscow). */
async function dismissNotices(page: Page) {
  const cookie = page.getByRole('region', { name: 'cookie' })
  await cookie.getByRole('button').click()
  await expect(cookie).toBeHidden()
  const city = page.getByRole('region').filter({ hasText: 'Москва' }).getByRole('button', { name: 'Да', exact: true })
  if (await city.isVisible()) {
    await city.click()
    await expect(city).toBeHidden()
  }
}

async function addFromProductPage(page: Page, card: Card) {
  await page.goto(card.link)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const main = page.getByRole('main')
  await main.getByRole('button', { name: 'В корзину' }).first().click()
  await expect(main.getByRole('link', { name: 'В корзине' }).first()).toBeVisible()
}

const line = (page: Page, name: string) => page.getByTestId('cart-line').filter({ hasText: name })

async function typePhone(page: Page, digits: string) {
  const input = page.getByRole('textbox', { name: 'Телефон', exact: true })
  await input.click()
  await input.pressSequentially(digits)
  await expect(input).toHaveValue(
    `+7 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 8)}-${digits.slice(8)}`,
  )
}

/** Nothing sticks out sideways (a phone must never scroll horizontally). */
async function noSideScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }))
  expect(scroll, `horizontal overflow on ${page.url()}`).toBeLessThanOrEqual(width)
}

const SAVED_ADDRESS = '119019, Москва, ул. Арбат, д. 12, кв. 3'

/** The digits of a rendered price: "1 234 ₽" → 1234. */
const roubles = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''))

async function guestBuysOnline(page: Page, skip: number) {
  const [a, b] = await pickProducts(page.request, skip)
  await page.goto('/cart/')
  await expect(page.getByText('В корзине пока пусто')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Перейти в каталог' })).toBeVisible()
  await dismissNotices(page)
  await addFromProductPage(page, a!)
  await addFromProductPage(page, b!)

  await page.goto('/cart/')
  await expect(page.getByRole('heading', { level: 1, name: 'Корзина' })).toBeVisible()
  await expect(page.getByTestId('cart-line')).toHaveCount(2)
  const first = line(page, a!.name)
  await expect(first.locator('img')).toBeVisible()
  await noSideScroll(page)
  await expect(first.getByText(/\d+ мл/)).toBeVisible()
  const qty = first.getByRole('spinbutton')
  await expect(qty).toHaveValue('1')
  await expect(first.getByRole('button', { name: /Уменьшить/ })).toBeDisabled()
  const totalBefore = roubles(await page.getByTestId('cart-total').textContent())
  await first.getByRole('button', { name: /Увеличить/ }).click()
  await expect(qty).toHaveValue('2')
  await expect(first.getByRole('button', { name: /Уменьшить/ })).toBeEnabled()
  await expect
    .poll(async () => roubles(await page.getByTestId('cart-total').textContent()))
    .toBeGreaterThan(totalBefore)

  // Typing beyond the stock clamps to it; the + stepper is disabled at the bound.
  const max = Number(await qty.getAttribute('aria-valuemax'))
  await qty.fill('99999')
  await qty.press('Enter')
  await expect(qty).toHaveValue(String(max))
  await expect(first.getByRole('button', { name: /Увеличить/ })).toBeDisabled()
  await first.getByRole('button', { name: /Уменьшить/ }).click()
  await qty.fill('2')
  await qty.press('Enter')
  await expect(qty).toHaveValue('2')
  // The server's answer replaces the cart: the line and the total follow it.
  await expect(qty).toHaveAttribute('aria-valuenow', '2')
  await expect(qty).toBeEnabled()

  const subtotal = roubles(await page.getByTestId('cart-total').textContent())
  await page.getByLabel('Промокод', { exact: true }).fill('welcome10')
  await page.getByRole('button', { name: 'Применить' }).click()
  // The cart's line, not getByText: 50 ms later the live region says the same words (and a busy
  // machine may look only then).
  await expect(page.getByTestId('cart-promo-active')).toHaveText('Промокод WELCOME10 применён')
  await expect
    .poll(async () => roubles(await page.getByTestId('cart-total').textContent()))
    .toBe(subtotal - Math.floor(subtotal / 10))

  await page.getByRole('link', { name: 'Оформить и оплатить онлайн' }).click()
  await page.waitForURL('**/order/checkout/')
  await expect(page.getByRole('heading', { level: 1, name: 'Оформление заказа' })).toBeVisible()
  const form = page.getByRole('form', { name: 'Оформление заказа' })
  await form.getByRole('textbox', { name: 'ФИО', exact: true }).fill('Анна Смирнова')
  await noSideScroll(page)
  const phone = newPhone()
  await typePhone(page, phone)
  // A guest's first-order code (WELCOME10) needs the phone confirmed with the shop's SMS code (issue 25 §6).
  await form.getByRole('button', { name: 'Получить код по SMS' }).click()
  await expect(form.getByRole('status').filter({ hasText: 'Мы отправили код' })).toBeVisible()
  const outbox = await (await page.request.get(`/api/dev/sms-outbox/?phone=${encodeURIComponent(`+7${phone}`)}`)).json()
  await form.getByRole('textbox', { name: 'Код из SMS', exact: true }).fill(outbox.list[0].code as string)
  await form.getByRole('textbox', { name: 'E-mail', exact: true }).fill(`guest${Date.now()}@example.com`)
  await form.getByRole('radio', { name: /Курьером/ }).check()
  // Address suggestions as you type (suggest-address), then the flat by hand.
  const address = form.getByRole('combobox', { name: /Адрес доставки/ })
  await address.pressSequentially('Тверская', { delay: 20 })
  const option = page.getByRole('listbox', { name: 'Подсказки адреса' }).getByRole('option').first()
  await expect(option).toContainText('Тверская')
  await option.click()
  await expect(address).toHaveValue(/Москва, ул\. Тверская, \d+/)
  await address.press('End')
  await address.pressSequentially(', кв. 5')
  await expect(form.getByRole('radio', { name: /картой/i })).toBeChecked()
  await form.getByRole('button', { name: 'Оформить и оплатить' }).click()

  await page.waitForURL(/\/payment\/test\/[^/]+\/$/)
  await expect(page.getByRole('heading', { name: 'Тестовый эквайринг' })).toBeVisible()
  await page.getByRole('button', { name: 'Оплатить' }).click()

  await page.waitForURL(/\/personal\/orders\/\d+\//)
  await expect(page.getByTestId('order-status')).toHaveText('Оплачен')
  await expect(page.getByRole('button', { name: 'Оплатить' })).toHaveCount(0)
  await noSideScroll(page)
  await expect(page.getByRole('status').filter({ hasText: 'Оплата получена' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'История статусов' })).toContainText('Оплата получена')
  await expect(page.getByText(/Москва, ул\. Тверская, \d+, кв\. 5/)).toBeVisible()
  await expect(page.getByText('Промокод WELCOME10')).toBeVisible()
}

test.describe.configure({ timeout: 90_000 })

test.describe('guest buys online', () => {
  test('desktop: two products, steppers, promo code, checkout, pay, paid', async ({ page }) => {
    await guestBuysOnline(page, 0)
  })

  test.describe('phone', () => {
    test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true })
    test('phone: the same flow on a 375 px screen', async ({ page }) => {
      await guestBuysOnline(page, 2)
    })
  })
})

test('a declined payment leaves the order payable', async ({ page }) => {
  const [a] = await pickProducts(page.request, 4)
  await page.goto('/')
  await dismissNotices(page)
  await addFromProductPage(page, a!)
  await page.goto('/order/checkout/')
  const form = page.getByRole('form', { name: 'Оформление заказа' })
  await form.getByRole('textbox', { name: 'ФИО', exact: true }).fill('Борис Иванов')
  await typePhone(page, newPhone())
  await form.getByRole('textbox', { name: 'E-mail', exact: true }).fill(`decline${Date.now()}@example.com`)
  await form.getByRole('radio', { name: /Самовывоз/ }).check()
  await form
    .getByRole('group', { name: /Пункты самовывоза/ })
    .getByRole('radio')
    .first()
    .check()
  await form.getByRole('button', { name: 'Оформить и оплатить' }).click()
  await page.waitForURL(/\/payment\/test\//)
  await page.getByRole('button', { name: 'Отклонить' }).click()
  await page.waitForURL(/\/personal\/orders\/\d+\//)
  await expect(page.getByTestId('order-status')).toHaveText('Ожидает оплаты')
  // The stock is held for PAYMENT_HOLD_MINUTES: the page says until when.
  await expect(page.getByTestId('order-hold')).toHaveText(
    /^Оплатите до (\d{2}\.\d{2}\.\d{4} )?\d{2}:\d{2}: после этого заказ будет отменён/,
  )
  await expect(page.getByText('Оплата не прошла. Попробуйте ещё раз.')).toBeVisible()
  await expect(page.getByRole('region', { name: 'История статусов' })).toContainText('Оплата отклонена')
  await page.getByRole('button', { name: 'Оплатить' }).click()
  await page.waitForURL(/\/payment\/test\//)
  await page.getByRole('button', { name: 'Оплатить' }).click()
  await page.waitForURL(/\/personal\/orders\/\d+\//)
  await expect(page.getByTestId('order-status')).toHaveText('Оплачен')
})

test('a signed-in customer orders offline, finds the order in the list and cancels it', async ({ page }) => {
  const digits = newPhone()
  const res = await page.request.post('/api/user-registration/', {
    data: {
      fullname: 'Мария Кузнецова',
      phone: `+7${digits}`,
      email: `buyer${digits}@example.com`,
      password: 'secret123',
      type: 'individual',
    },
  })
  expect(res.status()).toBe(200)
  const address = await page.request.post('/api/user-address-list/', { data: { full: SAVED_ADDRESS } })
  expect(address.status()).toBe(200)

  const [a] = await pickProducts(page.request, 5)
  await page.goto('/')
  await dismissNotices(page)
  await addFromProductPage(page, a!)
  await page.goto('/cart/')
  await page.getByRole('link', { name: 'Заказать с оплатой при получении' }).click()
  await page.waitForURL('**/order/offline/')
  const form = page.getByRole('form', { name: 'Заказ с оплатой при получении' })
  // The account's contacts are filled in.
  await expect(form.getByRole('textbox', { name: 'ФИО', exact: true })).toHaveValue('Мария Кузнецова')
  await expect(form.getByRole('textbox', { name: 'E-mail', exact: true })).toHaveValue(`buyer${digits}@example.com`)
  await form.getByRole('radio', { name: /Курьером/ }).check()
  // The saved address is offered first; "another address" opens the field with suggestions.
  const saved = form.getByRole('radio', { name: SAVED_ADDRESS })
  await expect(saved).toBeChecked()
  await form.getByRole('radio', { name: 'Другой адрес' }).check()
  await expect(form.getByRole('combobox', { name: /Адрес доставки/ })).toBeVisible()
  await saved.check()
  await expect(form.getByRole('combobox', { name: /Адрес доставки/ })).toHaveCount(0)
  await form.getByRole('button', { name: 'Оформить заказ' }).click()

  await page.waitForURL(/\/personal\/orders\/\d+\//)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Заказ HC-\d{4}-\d{6}/)
  await expect(page.getByRole('status').filter({ hasText: 'Менеджер позвонит' })).toBeVisible()
  const number = (await page.getByRole('heading', { level: 1 }).textContent())?.match(/HC-\d{4}-\d{6}/)?.[0]
  expect(number).toBeTruthy()
  await expect(page.getByTestId('order-status')).toHaveText('Новый')
  await expect(page.getByText(SAVED_ADDRESS)).toBeVisible()
  await expect(page.getByText('Наличными или картой при получении')).toBeVisible()
  await expect(page.getByRole('button', { name: /Оплатить/ })).toHaveCount(0)
  // Nothing is paid: the goods are held until the phone is confirmed with the shop's SMS code (issue 25).
  await expect(page.getByTestId('order-hold')).toHaveText(
    /^Ожидает подтверждения до (\d{2}\.\d{2}\.\d{4} )?\d{2}:\d{2}: подтвердите телефон кодом из SMS/,
  )
  const confirm = page.getByTestId('order-confirm')
  await confirm.getByRole('button', { name: 'Получить код по SMS' }).click()
  await expect(confirm.getByRole('status')).toContainText('Мы отправили код')
  const outbox = await (
    await page.request.get(`/api/dev/sms-outbox/?phone=${encodeURIComponent(`+7${digits}`)}`)
  ).json()
  await confirm.getByRole('textbox', { name: 'Код из SMS' }).fill(outbox.list[0].code as string)
  await confirm.getByRole('button', { name: 'Подтвердить' }).click()
  await expect(page.getByTestId('order-confirmation')).toHaveText('Заказ подтверждён.')
  await expect(page.getByTestId('order-confirm')).toHaveCount(0)

  await page.goto('/personal/orders/')
  await expect(page.getByRole('heading', { level: 1, name: 'Мои заказы' })).toBeVisible()
  await page.getByRole('link', { name: number! }).click()
  await page.waitForURL(/\/personal\/orders\/\d+\//)
  await page.getByRole('button', { name: 'Отменить заказ' }).click()
  const dialog = page.getByRole('dialog', { name: `Отменить заказ ${number}?` })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Отменить заказ' })).toBeDisabled()
  await dialog.getByRole('radio').first().check()
  await dialog.getByRole('button', { name: 'Отменить заказ' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('order-status')).toHaveText('Отменён')
  await expect(page.getByText(/Причина отмены:/)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Отменить заказ' })).toHaveCount(0)

  await page.goto('/personal/orders/')
  await expect(page.getByRole('row', { name: new RegExp(number!) })).toContainText('Отменён')
})

test('a company pays by invoice: the printable invoice opens after checkout', async ({ page }) => {
  const digits = newPhone()
  const res = await page.request.post('/api/user-registration/', {
    data: {
      fullname: 'Сергей Орлов',
      phone: `+7${digits}`,
      email: `company${digits}@example.com`,
      password: 'secret123',
      type: 'legal',
      subtype: 'organization',
      taxId: '7707083893',
      organization: 'ООО «Ромашка»',
    },
  })
  expect(res.status()).toBe(200)
  const [a] = await pickProducts(page.request, 7)
  await page.goto('/')
  await dismissNotices(page)
  await addFromProductPage(page, a!)
  await page.goto('/order/checkout/')
  const form = page.getByRole('form', { name: 'Оформление заказа' })
  await form.getByRole('radio', { name: /Самовывоз/ }).check()
  await form
    .getByRole('group', { name: /Пункты самовывоза/ })
    .getByRole('radio')
    .first()
    .check()
  await form.getByRole('radio', { name: /По счёту/ }).check()
  await form.getByRole('button', { name: 'Оформить и получить счёт' }).click()
  await page.waitForURL(/\/personal\/orders\/\d+\/invoice\//)
  await expect(page.getByRole('heading', { name: /Счёт на оплату № HC-\d{4}-\d{6}/ })).toBeVisible()
  await expect(page.getByText(/ООО «Ромашка», ИНН 7707083893/)).toBeVisible()
  await page.getByRole('link', { name: 'Вернуться к заказу' }).click()
  await expect(page.getByTestId('order-status')).toHaveText('Ожидает оплаты')
  await expect(page.getByRole('link', { name: 'Счёт на оплату' })).toBeVisible()
  await expect(page.getByRole('button', { name: /Оплатить/ })).toHaveCount(0)
})

test('accessible: the cart, the checkout and an order with content', async ({ page }) => {
  const [a] = await pickProducts(page.request, 8)
  await page.goto('/')
  await dismissNotices(page)
  await addFromProductPage(page, a!)
  const check = async (path: string) => {
    if (path) await page.goto(path)
    await page.waitForLoadState('networkidle')
    // The page's own content (and its dialogs); the shell is checked by a11y.spec.ts.
    const results = await new AxeBuilder({ page })
      .include('#content')
      .include('[role="dialog"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze()
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id}: ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(' | ')}`,
      )
    expect(serious, `axe on ${page.url()}`).toEqual([])
  }
  await check('/cart/')
  await check('/order/checkout/')
  const form = page.getByRole('form', { name: 'Оформление заказа' })
  await form.getByRole('textbox', { name: 'ФИО', exact: true }).fill('Вера Лебедева')
  await typePhone(page, newPhone())
  await form.getByRole('textbox', { name: 'E-mail', exact: true }).fill(`a11y${Date.now()}@example.com`)
  await form.getByRole('combobox', { name: /Адрес доставки/ }).fill('ул. Лесная, д. 5')
  await form.getByRole('button', { name: 'Оформить и оплатить' }).click()
  await page.waitForURL(/\/payment\/test\//)
  await page.getByRole('button', { name: 'Отклонить' }).click()
  await page.waitForURL(/\/personal\/orders\/\d+\//)
  await expect(page.getByTestId('order-status')).toBeVisible()
  await check('')
  await page.getByRole('button', { name: 'Отменить заказ' }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await check('')
})

/** Issue 29 §7: a guest at checkout sees the way to pay by invoice (a company's account). */
for (const viewport of [
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
]) {
  test(`${viewport.width} px: a guest at checkout sees «Оплатить по счёту (для юрлиц)», leading to sign-in`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport)
    const [a] = await pickProducts(page.request, 9)
    expect((await page.request.post('/api/cart-list/', { data: { id: a!.offerId } })).status()).toBe(200)
    await page.goto('/order/checkout/')
    const form = page.getByRole('form', { name: 'Оформление заказа' })
    const invoice = form.getByRole('link', { name: /Оплатить по счёту \(для юрлиц\)/ })
    await expect(invoice).toBeVisible()
    await invoice.click()
    await expect(page).toHaveURL(/\/login\/\?back=/)
  })
}
