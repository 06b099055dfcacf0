import { test as base, expect, type Page } from '@playwright/test'

/**
 * Every e2e test fails on a console error or a failed request (stack notes: an unstyled
 * first paint from a 404 stylesheet was caught only this way).
 */
export const test = base.extend<{ page: Page; problems: string[] }>({
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
    await use(page)
    expect(problems, 'console errors and failed requests').toEqual([])
  },
})

export { expect }
