import type { Page } from '@playwright/test'
import { test, expect, holdScripts, showBookingForm } from './fixtures'

/**
 * Form code loads when needed (ADR 028): imask arrives on the phone field's first interaction and
 * takes over the same input, zod and the form's schema on its first validation.
 */

let seq = Math.floor(Date.now() / 1000) % 9000
const newPhone = () => `95${String(Date.now() % 100000).padStart(5, '0')}${String(++seq % 1000).padStart(3, '0')}`

test('a phone typed before imask has loaded keeps its digits, then shows them masked', async ({ page }) => {
  const digits = newPhone()
  const res = await page.request.post('/api/user-registration/', {
    data: { fullname: 'Вера Маскина', phone: `+7${digits}`, email: `mask${digits}@example.com`, password: 'secret123' },
  })
  expect(res.status()).toBe(200)
  // Registering signed this browser in: out again, to sign in by code.
  await page.context().clearCookies()

  await page.goto('/login/')
  // imask's own chunk (the only script naming MaskedPattern) waits until the digits are typed.
  const imask = await holdScripts(page, /MaskedPattern/)
  await page.getByRole('tab', { name: 'Код из SMS' }).click()
  const panel = page.getByRole('tabpanel')
  const phone = panel.getByRole('textbox', { name: 'Телефон', exact: true })
  await phone.click()
  await phone.pressSequentially(`8${digits.slice(0, 3)}`)
  await expect.poll(imask.pending).toBeGreaterThan(0)
  await expect(phone).toHaveValue(`8${digits.slice(0, 3)}`)

  imask.release()
  // The same input, its digits kept: the trunk 8 is the country code, as when typed into the mask.
  await expect(phone).toHaveValue(`+7 (${digits.slice(0, 3)}`)
  await expect(phone).toBeFocused()
  await phone.pressSequentially(digits.slice(3))
  const masked = `+7 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 8)}-${digits.slice(8)}`
  await expect(phone).toHaveValue(masked)
  // The form holds the masked value, as with the mask from the start.
  await panel.getByRole('button', { name: 'Получить код' }).click()
  await expect(panel.getByText(`Код отправлен на номер ${masked}`)).toBeVisible()
})

/**
 * The sign-in form with the scripts matching `marker` offline: the shopper is told, keeps what was
 * typed and stays on the page; back online, the next press loads them and validates.
 */
async function offlineThenOnline(page: Page, marker: RegExp) {
  await page.goto('/login/')
  await page.waitForLoadState('networkidle')
  await page.route('**/assets/*.js', async (route) => {
    const response = await route.fetch()
    if (marker.test(await response.text())) await route.abort('aborted')
    else await route.fulfill({ response })
  })
  const form = page.getByRole('form', { name: 'Пароль' })
  const login = form.getByRole('textbox', { name: 'Телефон или E-mail', exact: true })
  await login.fill('shopper@example.com')
  await form.getByRole('button', { name: 'Войти' }).click()
  await expect(form.getByRole('alert')).toHaveText(
    'Не удалось проверить форму: нет связи. Проверьте интернет и попробуйте ещё раз',
  )
  await expect(login).toHaveValue('shopper@example.com')
  expect(page.url()).toMatch(/\/login\/$/)

  // Back online once the failing requests have failed (an unroute while one is still in its
  // handler lets it through and fails that handler: the flaky run of 2026-11-29).
  await page.unrouteAll({ behavior: 'wait' })
  await form.getByRole('button', { name: 'Войти' }).click()
  await expectValidated(page, 'shopper@example.com')
}

/**
 * The sign-in form loaded and validated: the error modal says the form is wrong (it loads with the
 * first error, and hides the page while open: the checks wait for it, not for time); closed, the
 * empty password is marked, the load error is gone and the login is what was typed.
 */
async function expectValidated(page: Page, typed: string) {
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('Форма заполнена неверно')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  const form = page.getByRole('form', { name: 'Пароль' })
  await expect(form.getByText('Обязательное поле')).toBeVisible()
  await expect(form.getByText('Не удалось проверить форму')).toBeHidden()
  await expect(form.getByRole('textbox', { name: 'Телефон или E-mail', exact: true })).toHaveValue(typed)
}

// Offline for zod's chunk (and the resolver's, which names $ZodError): the schema cannot load.
test('validation code that cannot load says so, keeps the values and loads on the next try', async ({ page }) => {
  await offlineThenOnline(page, /\$ZodError/)
})

test('the sign-in page shows its social buttons from the server state: no tRPC on first load', async ({ page }) => {
  const trpcCalls: string[] = []
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.startsWith('/api/trpc')) trpcCalls.push(req.url())
  })
  await page.goto('/login/?back=%2Fcart%2F')
  await page.waitForLoadState('networkidle')
  // The buttons came with the page; their forms carry the page's `back`.
  const social = page.locator('form[action^="/api/oauth/test/start/"]')
  await expect(social).toHaveAttribute('action', '/api/oauth/test/start/?back=%2Fcart%2F')
  await expect(social.getByRole('button', { name: 'Test ID' })).toBeVisible()
  expect(trpcCalls).toEqual([])
})

/** A registered account, signed out again; `logins` collects this page's sign-in requests. */
async function signedOutAccount(page: Page, prefix: string, fullname: string) {
  const digits = newPhone()
  const email = `${prefix}${digits}@example.com`
  const res = await page.request.post('/api/user-registration/', {
    data: { fullname, phone: `+7${digits}`, email, password: 'secret123' },
  })
  expect(res.status()).toBe(200)
  await page.context().clearCookies()
  const logins: string[] = []
  page.on('request', (req) => {
    if (req.url().includes('user.login')) logins.push(req.url())
  })
  return { email, logins }
}

/**
 * The password typed and Enter pressed while the form's code is held: nothing sent, the e-mail
 * where it was typed. The returned check, run once the form has signed in, says no native submit
 * happened meanwhile (the password never went into a URL): every navigation of the page is seen.
 */
async function sendHeld(page: Page, logins: string[], email: string) {
  const navigations: string[] = []
  page.on('request', (r) => void (r.isNavigationRequest() && navigations.push(r.url())))
  const form = page.getByRole('form', { name: 'Пароль' })
  await form.getByLabel('Пароль').pressSequentially('secret123')
  await page.keyboard.press('Enter')
  expect(page.url()).toContain('/login/?back=%2Fcart%2F')
  expect(logins).toEqual([])
  await expect(form.getByRole('textbox', { name: 'Телефон или E-mail', exact: true })).toHaveValue(email)
  return () => {
    expect(navigations.filter((url) => url.includes('secret123'))).toEqual([])
    expect(page.url()).not.toContain('secret123')
  }
}

/** react-hook-form's chunk (ADR 033): the only script naming `shouldUnregister`. */
const FORM_CODE = /shouldUnregister/

test('typed and sent before the form code arrived: the same inputs keep the text, and it signs in once', async ({
  page,
}) => {
  const { email, logins } = await signedOutAccount(page, 'island', 'Ира Островная')

  await page.goto('/login/?back=%2Fcart%2F')
  await page.waitForLoadState('networkidle')
  const code = await holdScripts(page, FORM_CODE)
  const form = page.getByRole('form', { name: 'Пароль' })
  const login = form.getByRole('textbox', { name: 'Телефон или E-mail', exact: true })
  await login.click()
  await login.pressSequentially(email.slice(0, 6))
  await expect.poll(code.pending).toBeGreaterThan(0)
  await login.pressSequentially(email.slice(6))
  const noNativeSubmit = await sendHeld(page, logins, email)

  code.release()
  await page.waitForURL('**/cart/')
  expect(logins).toHaveLength(1)
  noNativeSubmit()
})

test('the form code taking over keeps the same focused input, its text and caret', async ({ page }) => {
  await page.goto('/login/')
  await page.waitForLoadState('networkidle')
  const code = await holdScripts(page, FORM_CODE)
  const form = page.getByRole('form', { name: 'Пароль' })
  const login = form.getByRole('textbox', { name: 'Телефон или E-mail', exact: true })
  const input = await login.elementHandle()
  await login.click()
  await login.pressSequentially('shopper@exa')
  await expect.poll(code.pending).toBeGreaterThan(0)
  code.release()
  await page.waitForLoadState('networkidle')
  // The same element, focused, the caret after the text typed.
  expect(
    await input.evaluate((el) => [el === document.activeElement, (el as HTMLInputElement).selectionStart]),
  ).toEqual([true, 'shopper@exa'.length])
  await login.pressSequentially('mple.com')
  await expect(login).toHaveValue('shopper@example.com')
  // The form holds what was typed: only the empty password is marked on submit.
  await form.getByRole('button', { name: 'Войти' }).click()
  await expect(page.locator('input[name="password"]')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.locator('input[name="login"]')).not.toHaveAttribute('aria-invalid', 'true')
  expect(await input.evaluate((el) => el.isConnected)).toBe(true)
})

test('form code that cannot load says so, keeps the values and loads on the next try', async ({ page }) => {
  await offlineThenOnline(page, FORM_CODE)
})

test('a press while a failing load of the form code is still on its way is not lost: it tries again', async ({
  page,
}) => {
  await page.goto('/login/')
  await page.waitForLoadState('networkidle')
  // The form code's requests fail while offline; each failure waits for the test to let it fail.
  const failing: (() => void)[] = []
  let online = false
  await page.route('**/assets/*.js', async (route) => {
    const response = await route.fetch()
    if (online || !FORM_CODE.test(await response.text())) return route.fulfill({ response })
    await new Promise<void>((fail) => failing.push(fail))
    await route.abort('aborted')
  })
  const failAll = () => failing.splice(0).forEach((fail) => fail())
  const form = page.getByRole('form', { name: 'Пароль' })
  const login = form.getByRole('textbox', { name: 'Телефон или E-mail', exact: true })
  await login.fill('shopper@example.com')
  await expect
    .poll(() => {
      failAll()
      return form.getByRole('alert').count()
    })
    .toBe(1)
  await expect(form.getByRole('alert')).toHaveText(
    'Не удалось проверить форму: нет связи. Проверьте интернет и попробуйте ещё раз',
  )
  // A press offline starts a new try; back online while it is still on its way, the shopper presses again:
  // that try fails, the last press is not lost.
  await form.getByRole('button', { name: 'Войти' }).click()
  await expect.poll(() => failing.length).toBeGreaterThan(0)
  online = true
  await form.getByRole('button', { name: 'Войти' }).click()
  failAll()
  // That try failed; the press made meanwhile loaded the code: the form validates, the text kept.
  await expectValidated(page, 'shopper@example.com')
})

/** The login panel's forms' own chunk (`lazyFormIsland`, ADR 033): the only script naming `loginCode`. */
const LOGIN_FORMS = /\.loginCode\b/

test("the sign-in form's own code is not in the first load: it comes on the first interaction, and what was typed and sent before signs in once", async ({
  page,
}) => {
  const { email, logins } = await signedOutAccount(page, 'lazy', 'Лиза Ленивая')

  const forms = await holdScripts(page, LOGIN_FORMS)
  await page.goto('/login/?back=%2Fcart%2F')
  // A held request keeps the network busy: the wait only ends early when nothing was held.
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined)
  expect(forms.pending(), 'the form component chunk is not part of the first load').toBe(0)

  const form = page.getByRole('form', { name: 'Пароль' })
  const login = form.getByRole('textbox', { name: 'Телефон или E-mail', exact: true })
  await login.click()
  await expect.poll(forms.pending).toBeGreaterThan(0)
  await login.pressSequentially(email)
  const noNativeSubmit = await sendHeld(page, logins, email)

  forms.release()
  await page.waitForURL('**/cart/')
  expect(logins).toHaveLength(1)
  noNativeSubmit()
})

test('a phone typed fast on a slow main thread keeps every digit, in the field and in the request', async ({
  page,
}) => {
  // The request form of a service booked by request only (issue 26).
  await page.goto('/services/extensions/capsule-extensions/')
  await page.waitForLoadState('networkidle')
  const form = await showBookingForm(page)
  await form.getByLabel('Ваше имя').fill('Анна')
  const phone = form.getByLabel('Телефон')
  // A slow phone: the form's renders lag behind the keys, while imask loads and takes over.
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 })
  await phone.pressSequentially('9123456789', { delay: 0 })
  await expect(phone).toHaveValue('+7 (912) 345-67-89')
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)
  await form.getByLabel('Желаемая дата').fill(day)
  const sent = page.waitForRequest((r) => r.url().includes('forms.submit') && r.method() === 'POST')
  await form.getByRole('button', { name: 'Записаться' }).click()
  const sentPhone = /"phone":"([^"]*)"/.exec((await sent).postData() ?? '')?.[1] ?? ''
  expect(sentPhone.replace(/\D/g, '')).toBe('79123456789')
  await expect(page.getByRole('status').getByText('Ваша заявка принята')).toBeVisible()
})
