import AxeBuilder from '@axe-core/playwright'
import type { APIRequestContext, Page } from '@playwright/test'
import { test as baseTest } from '@playwright/test'
import { test, expect } from './fixtures'

/** An axe check of every page type: no serious or critical violation. */
async function firstLink(
  request: APIRequestContext,
  path: string,
  pick: (data: any) => string | undefined,
): Promise<string> {
  const entity = await (await request.get(`/api/entity/?path=${encodeURIComponent(path)}`)).json()
  const link = pick(entity.data)
  expect(link, `a link from ${path}`).toBeTruthy()
  return link as string
}

async function expectAccessible(page: Page, path: string) {
  await page.goto(path)
  await page.waitForLoadState('networkidle')
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    )
  expect(serious, `axe on ${path}`).toEqual([])
}

const STATIC_PAGES = [
  '/',
  '/catalog/',
  '/services/',
  '/blog/',
  '/faq/',
  '/about/',
  '/delivery/',
  '/cart/',
  '/order/checkout/',
  '/order/offline/',
  '/favorites/',
  '/search/?s=шампунь',
  '/login/',
  '/registration/',
]

for (const path of STATIC_PAGES) {
  test(`accessible: ${path}`, async ({ page }) => {
    await expectAccessible(page, path)
  })
}

test('accessible: catalog section, product, service section, service, blog post', async ({ page, request }) => {
  const section = await firstLink(
    request,
    '/catalog/',
    (d) => d?.sections?.[0]?.link ?? d?.products?.items?.[0]?.link?.split('/').slice(0, 3).join('/') + '/',
  )
  const product = await firstLink(request, section, (d) => d?.products?.items?.[0]?.link)
  const serviceSection = await firstLink(request, '/services/', (d) => d?.sections?.[0]?.link)
  const service = await firstLink(request, serviceSection, (d) => d?.services?.[0]?.link ?? d?.items?.[0]?.link)
  const post = await firstLink(request, '/blog/', (d) => d?.items?.[0]?.link ?? d?.posts?.items?.[0]?.link)
  for (const path of [section, product, serviceSection, service, post]) await expectAccessible(page, path)
})

// The base test: Chromium logs the page's own 404 status as a console error, which is expected here.
baseTest('accessible: the 404 page', async ({ page }) => {
  await page.goto('/no-such-page-here/')
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
    [],
  )
})

test('accessible: personal pages of a signed-in customer', async ({ page }) => {
  const phone = `+7 (9${String(Date.now()).slice(-2)}) ${String(Date.now()).slice(-7, -4)}-${String(Date.now()).slice(-4, -2)}-${String(Date.now()).slice(-2)}`
  const reg = await page.request.post('/api/user-registration/', {
    data: {
      fullname: 'Ирина Доступная',
      phone,
      email: `a11y${Date.now()}@example.ru`,
      password: 'Volosy2026',
      type: 'individual',
    },
  })
  expect(reg.status()).toBe(200)
  for (const path of ['/personal/', '/personal/addresses/', '/personal/orders/']) await expectAccessible(page, path)
})
