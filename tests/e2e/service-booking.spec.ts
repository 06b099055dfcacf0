import type { Page } from '@playwright/test'
import { test, expect, showBookingForm } from './fixtures'

/** Today in the shop's time zone (the earliest bookable day), yyyy-mm-dd. */
const shopToday = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Moscow',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date())
const inDays = (days: number) => {
  const d = new Date(`${shopToday()}T12:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/** The request form stays for services that cannot be booked online (issue 26): extensions. */
async function openBooking(page: Page) {
  await page.goto('/services/extensions/capsule-extensions/')
  await page.waitForLoadState('networkidle')
  // 50 strands are in the base price: 75.
  await page.getByRole('button', { name: 'Увеличить' }).click()
  await expect(page.getByRole('spinbutton', { name: /Количество прядей/ })).toHaveValue('75')
  return showBookingForm(page)
}

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
]) {
  test(`books the page's own service with the calculator's choice (${viewport.width}px)`, async ({ page }) => {
    await page.setViewportSize(viewport)
    const form = await openBooking(page)
    const service = form.getByLabel('Услуга')
    await expect(service).toHaveValue('Капсульное наращивание')
    // Every service of the shop can be chosen, not a fixed dozen.
    expect(await service.locator('option').count()).toBeGreaterThan(20)
    await expect(form.getByLabel('Желаемая дата')).toHaveAttribute('min', shopToday())
    await expect(form.getByTestId('booking-choice')).toContainText('75 шт.')
    await expect(form.getByTestId('booking-choice')).toContainText(
      (await page.getByTestId('service-price').innerText()).trim(),
    )

    // The submit looks like the shop's other primary buttons (the calculator's "Записаться").
    const submit = form.getByRole('button', { name: 'Записаться' })
    const look = (el: Element) => {
      const s = getComputedStyle(el)
      return [s.backgroundColor, s.color, s.borderRadius].join(' ')
    }
    expect(await submit.evaluate(look)).toBe(
      await page.getByRole('complementary').getByRole('button', { name: 'Записаться' }).evaluate(look),
    )

    await form.getByLabel('Ваше имя').fill('Анна')
    await form.getByLabel('Телефон').pressSequentially('9123456789')
    await form.getByLabel('Желаемая дата').fill(inDays(2))
    const sent = page.waitForRequest((r) => r.url().includes('forms.submit') && r.method() === 'POST')
    await submit.click()
    const body = (await sent).postData() ?? ''
    expect(body).toContain('"calculation"')
    expect(body).toContain('"strands":75')
    await expect(page.getByRole('status').getByText('Ваша заявка принята')).toBeVisible()
  })
}

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
]) {
  test(`a past date is refused with the field's message (${viewport.width}px)`, async ({ page }) => {
    await page.setViewportSize(viewport)
    const form = await openBooking(page)
    await form.getByLabel('Ваше имя').fill('Анна')
    await form.getByLabel('Телефон').pressSequentially('9123456789')
    const date = form.getByLabel('Желаемая дата')
    // The picker's `min` keeps a past day out of reach; a typed or pasted one still gets through
    // the browser (the form is `noValidate`), so the form's own rule has to refuse it.
    await date.evaluate((el) => el.removeAttribute('min'))
    await date.fill(inDays(-3))
    await form.getByRole('button', { name: 'Записаться' }).click()
    await expect(form.getByText('Дата не может быть в прошлом')).toBeVisible()
    await expect(date).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByText('Ваша заявка принята')).toHaveCount(0)
  })
}

test('a choice made while the page still loads is the one priced and sent', async ({ page }) => {
  // The page's scripts are held back until the visitor has picked: the radio is the browser's alone.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/*.js', async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/services/coloring/airtouch/', { waitUntil: 'domcontentloaded' })
  const long = page.getByRole('radio', { name: /Длинные/ })
  await long.check()
  const shortPrice = (await page.getByTestId('service-price').innerText()).trim()
  release()
  await page.waitForLoadState('networkidle')
  await expect(long).toBeChecked()
  await expect(page.getByTestId('service-price')).not.toHaveText(shortPrice)
  // AirTouch is booked online (issue 26): the booking block carries the calculator's choice.
  await page.getByRole('complementary').getByRole('button', { name: 'Записаться' }).click()
  const choice = page.getByTestId('booking-block').getByTestId('booking-choice')
  await expect(choice).toContainText('Длинные')
  await page.getByRole('radio', { name: 'Густые' }).check()
  await expect(long).toBeChecked()
  await expect(choice).toContainText('Длинные')
  await expect(choice).toContainText('Густые')
})

test('a signed-in shopper finds the name and phone filled in', async ({ page }) => {
  const digits = `95${String(Date.now() % 100000000).padStart(8, '0')}`
  const res = await page.request.post('/api/user-registration/', {
    data: {
      fullname: 'Ольга Петрова',
      phone: `+7${digits}`,
      email: `book${digits}@example.com`,
      password: 'secret123',
    },
  })
  expect(res.status()).toBe(200)
  const form = await openBooking(page)
  await expect(form.getByLabel('Ваше имя')).toHaveValue('Ольга Петрова')
  await expect(form.getByLabel('Телефон')).toHaveValue(
    `+7 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 8)}-${digits.slice(8)}`,
  )
})
