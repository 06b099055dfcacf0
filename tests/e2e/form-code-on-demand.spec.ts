import type { Page } from '@playwright/test'
import { test, expect } from './fixtures'

/**
 * Form code loads when needed (ADR 028): imask arrives on the phone field's first interaction and
 * takes over the same input, zod and the form's schema on its first validation.
 */

let seq = Math.floor(Date.now() / 1000) % 9000
const newPhone = () => `95${String(Date.now() % 100000).padStart(5, '0')}${String(++seq % 1000).padStart(3, '0')}`

/** From now on, holds every script whose text matches `marker` until `release()`; the rest pass. */
async function holdScripts(page: Page, marker: RegExp) {
  let held = 0
  let open = false
  let openGate!: () => void
  const gate = new Promise<void>((resolve) => (openGate = resolve))
  await page.route('**/assets/*.js', async (route) => {
    const response = await route.fetch()
    if (!open && marker.test(await response.text())) {
      held += 1
      await gate
    }
    await route.fulfill({ response })
  })
  return {
    pending: () => held,
    release: () => {
      open = true
      openGate()
    },
  }
}

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

test('validation code that cannot load says so, keeps the values and loads on the next try', async ({ page }) => {
  await page.goto('/login/')
  await page.waitForLoadState('networkidle')
  // Offline for zod's chunk (and the resolver's, which names $ZodError): the schema cannot load.
  await page.route('**/assets/*.js', async (route) => {
    const response = await route.fetch()
    if ((await response.text()).includes('$ZodError')) await route.abort('aborted')
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
  expect(page.url()).toContain('/login/')

  await page.unroute('**/assets/*.js')
  await form.getByRole('button', { name: 'Войти' }).click()
  // Validated this time: the empty password is marked, the load error is gone.
  await expect(form.getByText('Обязательное поле')).toBeVisible()
  await expect(form.getByText('Не удалось проверить форму')).toBeHidden()
  await expect(login).toHaveValue('shopper@example.com')
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
