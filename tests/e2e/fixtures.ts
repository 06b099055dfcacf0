import { test as base, expect, type Page } from '@playwright/test'

/**
 * Every e2e test fails on a console error or a failed request (stack notes: an unstyled
 * first paint from a 404 stylesheet was caught only this way).
 */
let clients = 0

export const test = base.extend<{ page: Page; problems: string[] }>({
  /**
   * Each test is its own shopper's address, as real shoppers behind the shop's proxy are: the e2e
   * server trusts X-Forwarded-For from 127.0.0.1 (TRUSTED_PROXIES in playwright.config.ts), so the
   * per-address limits (20 registrations an hour, SMS per address…) count per test, not for the
   * whole suite at once. A worker's tests are in /24 networks of their own, as the SMS limit of a
   * network counts (ADR 040).
   */
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    clients += 1
    const address = `198.18.${clients % 256}.${((testInfo.workerIndex * 7 + Math.floor(clients / 256)) % 250) + 1}`
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': address })
  },
  problems: async ({}, use) => {
    await use([])
  },
  page: async ({ page, problems }, use) => {
    // A CSP violation that the browser only reports as an "issue" (e.g. a caught eval attempt)
    // becomes a console error, so it fails the test like any other.
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) =>
        console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}`),
      )
    })
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(`console: ${msg.text()}`)
    })
    page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`))
    page.on('requestfailed', (req) => {
      const failure = req.failure()?.errorText ?? ''
      // Navigations cancelled by the test itself are not failures of the site.
      if (failure.includes('ERR_ABORTED')) return
      problems.push(`requestfailed: ${req.method()} ${req.url()} ${failure}`)
    })
    page.on('response', (res) => {
      if (res.status() >= 500) problems.push(`http ${res.status()}: ${res.url()}`)
      else if (res.status() >= 400 && res.request().resourceType() !== 'document' && !res.url().includes('/api/'))
        problems.push(`http ${res.status()}: ${res.url()}`)
    })
    // A page load returns once React has hydrated the page (the shell marks <html data-hydrated>),
    // so the test's first click is never lost to a not-yet-interactive page on a busy machine.
    const waitHydrated = async <T>(res: T) => {
      await page
        .waitForFunction(
          // Pages outside the app (the test acquirer, XML, JSON) have no #content: nothing to wait for.
          () => !document.getElementById('content') || document.documentElement.dataset?.hydrated === 'true',
          null,
          { timeout: 20_000 },
        )
        .catch(() => undefined)
      return res
    }
    const goto = page.goto.bind(page)
    const reload = page.reload.bind(page)
    page.goto = async (url, options) => waitHydrated(await goto(url, options))
    page.reload = async (options) => waitHydrated(await reload(options))
    await use(page)
    expect(problems, 'console errors and failed requests').toEqual([])
  },
})

export { expect }

/** From now on, holds every script whose text matches `marker` until `release()`; the rest pass. */
export async function holdScripts(page: Page, marker: RegExp) {
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

/** Opens the booking form once the page has hydrated (a click before that is the browser's alone). */
export async function showBookingForm(page: Page) {
  const form = page.getByRole('form', { name: 'Запись на услугу' })
  const open = page.getByRole('region', { name: 'Запись на услугу' }).getByRole('button', { name: 'Записаться' })
  await expect(async () => {
    if (await open.isVisible()) await open.click()
    await expect(form).toBeVisible({ timeout: 2000 })
  }).toPass({ timeout: 20_000 })
  return form
}
