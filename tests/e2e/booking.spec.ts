import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { test, expect } from './fixtures'

/**
 * Booking a salon visit online (issue 26), in the browser: a guest books with the shop's SMS code
 * and finds the visit in "Мои записи" after signing in with that phone; a signed-in shopper books
 * in English; both move and cancel the visit; a time taken meanwhile says so and shows the times
 * again with the contacts kept. Phone and desktop, Russian and English. Few page loads: the booking
 * block, the visit page and "Мои записи" are one client navigation after the other.
 */

const SERVICE = '/services/haircuts/womens-haircut/'

test.describe.configure({ timeout: 90_000 })

let seq = Math.floor(Date.now() / 1000) % 9000
/** Ten digits after +7, different in every test of the run. */
const newPhone = () => `93${String(Date.now() % 100000).padStart(5, '0')}${String(++seq % 1000).padStart(3, '0')}`

/** The newest SMS code texted to the phone (the demo's outbox). */
async function smsCode(request: APIRequestContext, digits: string): Promise<string> {
  let code = ''
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/sms-outbox/?phone=${encodeURIComponent(`+7${digits}`)}`)
      const list = ((await res.json()) as { list: { code: string | null }[] }).list
      code = list.find((m) => m.code)?.code ?? ''
      return code
    })
    .not.toBe('')
  return code
}

async function typePhone(input: Locator, digits: string) {
  await input.click()
  await input.pressSequentially(digits)
  await expect(input).toHaveValue(
    `+7 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 8)}-${digits.slice(8)}`,
  )
}

/** Opens the service page's booking block (the calculator's "Записаться"). */
async function openBlock(page: Page, book: string) {
  await page.goto(SERVICE)
  await page.getByRole('complementary').getByRole('button', { name: book }).click()
  const block = page.getByTestId('booking-block')
  await expect(block).toBeVisible({ timeout: 15_000 })
  return block
}

/**
 * Picks the first free time from the day after tomorrow on (today may be over, a day may be off);
 * returns its clock, as the button shows it.
 */
async function pickTime(scope: Locator, from = 2): Promise<string> {
  const days = scope.getByTestId('booking-days').getByRole('button')
  for (let i = from; i < 14; i++) {
    await days.nth(i).click()
    await expect(days.nth(i)).toHaveAttribute('aria-pressed', 'true')
    const times = scope.getByTestId('booking-times').getByRole('button')
    const none = scope.getByText(/свободного времени нет|No free time/)
    await expect(times.first().or(none)).toBeVisible()
    if (await none.isVisible()) continue
    const time = (await times.first().innerText()).trim()
    await times.first().click()
    await expect(times.first()).toHaveAttribute('aria-pressed', 'true')
    return time
  }
  throw new Error('no free time in 14 days')
}

/** A signed-in shopper whose phone the shop has proven (an SMS sign-in), in the page's cookies. */
async function signInBySms(request: APIRequestContext, digits: string) {
  expect((await request.post('/api/user-sms/', { data: { phone: `+7${digits}` } })).status()).toBe(200)
  const code = await smsCode(request, digits)
  expect((await request.post('/api/user-login-code/', { data: { phone: `+7${digits}`, code } })).status()).toBe(200)
}

/** "Перенести" → another time → the page says so; returns the new clock. */
async function moveVisit(page: Page, texts: { move: string; submit: string; moved: RegExp }) {
  const visit = page.getByTestId('visit').first()
  await visit.getByRole('button', { name: texts.move }).click()
  const dialog = page.getByRole('dialog')
  const time = await pickTime(dialog, 3)
  await dialog.getByRole('button', { name: texts.submit }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('status').filter({ hasText: texts.moved })).toBeVisible()
  return time
}

/** "Отменить" → confirm → the visit is cancelled. */
async function cancelVisit(page: Page, texts: { cancel: string; yes: string; cancelled: string; status: string }) {
  await page.getByTestId('visit').first().getByRole('button', { name: texts.cancel, exact: true }).click()
  await page.getByRole('dialog').getByRole('button', { name: texts.yes }).click()
  await expect(page.getByRole('status').filter({ hasText: texts.cancelled })).toBeVisible()
  await expect(page.getByTestId('visit-status').first()).toHaveText(texts.status)
}

test('a guest books with the SMS code, signs in, finds the visit in "Мои записи", moves and cancels it (phone)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 })
  const digits = newPhone()
  const block = await openBlock(page, 'Записаться')
  // "Любой мастер" by default; the salons of the shopper's city with their addresses.
  await expect(block.getByLabel('Мастер')).toHaveValue('')
  await expect(block.getByRole('radio').first()).toBeChecked()
  const time = await pickTime(block)
  await expect(block.getByTestId('booking-chosen')).toContainText(time)

  const form = page.getByRole('form', { name: 'Онлайн-запись' })
  await form.getByLabel('Ваше имя').fill('Гостья Записи')
  await typePhone(form.getByLabel('Телефон'), digits)
  await form.getByRole('button', { name: 'Получить код по SMS' }).click()
  await form.getByLabel('Код из SMS').fill(await smsCode(page.request, digits))
  await form.getByRole('button', { name: 'Записаться' }).click()

  await page.waitForURL(/\/personal\/bookings\/\d+\/$/)
  await expect(page.getByTestId('booking-confirmed')).toHaveText('Вы записаны')
  const when = page.getByTestId('visit-when')
  await expect(when).toContainText(time)
  await expect(when).toContainText(/по местному времени салона \(UTC[+-]\d+\)/)
  await expect(page.getByRole('link', { name: 'Показать на карте' })).toHaveAttribute('href', /yandex\.ru\/maps/)
  await expect(page.getByText('Мы отправили SMS с подтверждением')).toBeVisible()
  // The confirmation SMS is in the outbox, with the salon's time.
  const outbox = await (
    await page.request.get(`/api/dev/sms-outbox/?phone=${encodeURIComponent(`+7${digits}`)}`)
  ).json()
  expect((outbox.list as { text: string; code: string | null }[]).some((m) => !m.code && m.text.includes(time))).toBe(
    true,
  )

  // Signing in with the visit's phone: the guest's visit joins the account.
  await page.goto('/login/')
  await expect(page.getByRole('button', { name: 'Test ID' })).toBeVisible()
  await page.getByRole('tab', { name: 'Код из SMS' }).click()
  const panel = page.getByRole('tabpanel')
  await typePhone(panel.getByRole('textbox', { name: 'Телефон', exact: true }), digits)
  await panel.getByRole('button', { name: 'Получить код' }).click()
  await expect(panel.getByRole('button', { name: /Новый код через \d+ с/ })).toBeDisabled()
  const login = (
    (await (await page.request.get(`/api/dev/sms-outbox/?phone=${encodeURIComponent(`+7${digits}`)}`)).json()) as {
      list: { code: string | null }[]
    }
  ).list.find((m) => m.code)!.code!
  await panel.getByRole('textbox', { name: 'Код из SMS', exact: true }).fill(login)
  await page.waitForURL('**/personal/')

  await page.getByRole('main').getByRole('link', { name: 'Мои записи' }).click()
  await page.waitForURL('**/personal/bookings/')
  await expect(page.getByRole('heading', { level: 1, name: 'Мои записи' })).toBeVisible()
  await expect(page.getByTestId('visit-when').first()).toContainText(time)

  const moved = await moveVisit(page, {
    move: 'Перенести',
    submit: 'Перенести на это время',
    moved: /Запись перенесена/,
  })
  await expect(page.getByTestId('visit-when').first()).toContainText(moved)
  await cancelVisit(page, {
    cancel: 'Отменить',
    yes: 'Отменить запись',
    cancelled: 'Запись отменена',
    status: 'Отменена',
  })
})

test('a signed-in shopper books in English, sees the visit in "My bookings", moves and cancels it (desktop)', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'locale', value: 'en', url: baseURL ?? 'http://localhost' }])
  const digits = newPhone()
  await signInBySms(page.request, digits)
  const block = await openBlock(page, 'Book this service')
  const time = await pickTime(block)
  const form = page.getByRole('form', { name: 'Book online' })
  // The account's phone, proven by the SMS sign-in: no code asked.
  await expect(form.getByLabel('Phone')).toHaveValue(/\+7 \(\d{3}\) \d{3}-\d{2}-\d{2}/)
  await expect(form.getByLabel('SMS code')).toHaveCount(0)
  await form.getByLabel('Your name').fill('Anna Booker')
  await form.getByRole('button', { name: 'Book', exact: true }).click()

  await page.waitForURL(/\/personal\/bookings\/\d+\/$/)
  await expect(page.getByTestId('booking-confirmed')).toHaveText('You are booked')
  await expect(page.getByTestId('visit-when')).toContainText(
    new RegExp(`${time}, the salon's local time \\(UTC[+-]\\d+\\)`),
  )
  await page.getByRole('link', { name: 'My bookings' }).last().click()
  await page.waitForURL('**/personal/bookings/')
  await expect(page.getByRole('heading', { level: 1, name: 'My bookings' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 2, name: 'Upcoming' })).toBeVisible()

  const moved = await moveVisit(page, { move: 'Move', submit: 'Move to this time', moved: /The booking is moved/ })
  await expect(page.getByTestId('visit-when').first()).toContainText(moved)
  await cancelVisit(page, {
    cancel: 'Cancel',
    yes: 'Cancel the booking',
    cancelled: 'The booking is cancelled',
    status: 'Cancelled',
  })
})

test('a time taken meanwhile says so and shows the times again, the name and phone kept (desktop)', async ({
  page,
  problems,
  playwright,
  baseURL,
}) => {
  const digits = newPhone()
  const block = await openBlock(page, 'Записаться')
  const time = await pickTime(block)
  const form = page.getByRole('form', { name: 'Онлайн-запись' })
  await form.getByLabel('Ваше имя').fill('Медленная Гостья')
  await typePhone(form.getByLabel('Телефон'), digits)
  await form.getByRole('button', { name: 'Получить код по SMS' }).click()
  await form.getByLabel('Код из SMS').fill(await smsCode(page.request, digits))

  // Another shopper takes that very time (every master of the salon free then) first.
  const taken = await page.evaluate(() => {
    const t = document.querySelector('[data-testid="booking-times"] [aria-pressed="true"]')
    return t?.textContent ?? ''
  })
  expect(taken).toBe(time)
  const other = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': '198.19.7.7' } })
  const entity = await (await other.get(`/api/entity/?path=${encodeURIComponent(SERVICE)}`)).json()
  const service = entity.data.service.id as number
  const salon = Number(await block.getByRole('radio').first().getAttribute('value'))
  const day = (await block.getByTestId('booking-days').getByRole('button', { pressed: true }).getAttribute('data-day'))!
  const slots = (await (
    await other.get(`/api/booking-slots/?service=${service}&salon=${salon}&date=${day}`)
  ).json()) as { start: string; master: { id: number } }[]
  const starts = slots.filter((s) => s.start.slice(11, 16) === time)
  expect(starts.length).toBeGreaterThan(0)
  for (const [i, s] of starts.entries()) {
    const phone = newPhone()
    await other.post('/api/order-phone-code/', { data: { phone: `+7${phone}` } })
    const res = await other.post('/api/booking/', {
      data: {
        service,
        salon,
        master: s.master.id,
        start: s.start,
        fullname: `Быстрая Гостья ${i}`,
        phone: `+7${phone}`,
        code: await smsCode(other, phone),
      },
    })
    expect(res.status()).toBe(200)
  }
  await other.dispose()

  await form.getByRole('button', { name: 'Записаться' }).click()
  await expect(page.getByRole('dialog').getByText('Это время только что заняли')).toBeVisible()
  // Chromium logs the refusal (409) as a console error: expected here, and only it.
  const refused = problems.findIndex((p) => p.includes('status of 409'))
  expect(refused).toBeGreaterThanOrEqual(0)
  problems.splice(refused, 1)
  await page.keyboard.press('Escape')
  await expect(block.getByRole('alert').filter({ hasText: 'Это время только что заняли' })).toBeVisible()
  // The times again, without the taken one; nothing chosen; the contacts stay.
  await expect(block.getByTestId('booking-times').getByRole('button', { name: time, exact: true })).toHaveCount(0)
  await expect(block.getByTestId('booking-chosen')).toHaveText('Выберите день и время')
  await expect(form.getByLabel('Ваше имя')).toHaveValue('Медленная Гостья')
  await expect(form.getByLabel('Телефон')).toHaveValue(
    `+7 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 8)}-${digits.slice(8)}`,
  )
})

test('a card\'s "Записаться" opens the booking; the booking system down gives a clear message and the request form (phone)', async ({
  page,
  problems,
}) => {
  await page.setViewportSize({ width: 375, height: 812 })
  // The booking system (YCLIENTS) does not answer: the salons come back as the API's 503.
  await page.route(/\/api\/trpc\/[^?]*booking\.salons/, async (route) => {
    const names = new URL(route.request().url()).pathname.split('/').pop()!.split(',')
    const error = {
      message: 'Онлайн-запись сейчас недоступна',
      code: -32603,
      data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503 },
    }
    await route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify(names.map(() => ({ error }))),
    })
  })
  await page.goto('/services/haircuts/')
  await page.getByRole('link', { name: 'Записаться: Женская стрижка' }).click()
  await page.waitForURL('**/services/haircuts/womens-haircut/#booking')
  await expect(page.getByTestId('booking-unavailable')).toHaveText(
    'Онлайн-запись сейчас не работает. Оставьте заявку — администратор салона перезвонит и запишет вас.',
  )
  const form = page.getByRole('form', { name: 'Запись на услугу' })
  await expect(form.getByLabel('Услуга')).toHaveValue('Женская стрижка')
  await form.getByLabel('Ваше имя').fill('Анна')
  await typePhone(form.getByLabel('Телефон'), newPhone())
  await form.getByLabel('Желаемая дата').fill(new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10))
  await form.getByRole('button', { name: 'Записаться' }).click()
  await expect(page.getByRole('status').getByText('Ваша заявка принята')).toBeVisible()
  // The 503 answers are this test's own making.
  const own = problems.filter((p) => p.includes('503'))
  expect(own.length).toBeGreaterThan(0)
  problems.splice(0, problems.length, ...problems.filter((p) => !p.includes('503')))
})
