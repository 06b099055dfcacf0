import type { Locator, Page } from '@playwright/test'
import { test, expect } from './fixtures'

/**
 * Small things a phone shopper reads at 375 px (issue 17): a phone number, an order number and a
 * bank account number are never broken over two lines (they are set `white-space: nowrap` and
 * take one line), and the footer's social links are drawn icons, not letters.
 */

test.use({ viewport: { width: 375, height: 812 } })
test.describe.configure({ timeout: 90_000 })

const PHONE = /(?:\+7|8) \(\d{3}\) \d{3}-\d{2}-\d{2}/g
const ORDER = /HC-\d{4}-\d{6}/g
const ACCOUNT = /\b\d{20}\b/g

/**
 * Every visible match of `pattern` inside `scope` that could break over lines: laid out on more
 * than one line, or with a space or hyphen in it and not `nowrap` (a wider font or a narrower
 * screen would break it). Returns the offenders, described (an empty list is the pass).
 */
async function broken(scope: Locator, pattern: RegExp) {
  return scope.evaluateAll((roots, source) => {
    const problems: string[] = []
    let found = 0
    for (const root of roots) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? ''
        for (const m of text.matchAll(new RegExp(source, 'g'))) {
          const range = document.createRange()
          range.setStart(node, m.index)
          range.setEnd(node, m.index + m[0].length)
          const rects = Array.from(range.getClientRects()).filter((r) => r.width > 0)
          if (!rects.length) continue // hidden (e.g. the other size's copy)
          found += 1
          const lines = new Set(rects.map((r) => Math.round(r.top))).size
          const whiteSpace = getComputedStyle(node.parentElement!).whiteSpace
          // A run of digits has no break opportunity; a space or a hyphen needs nowrap.
          const breakable = /[\s-]/.test(m[0])
          if (lines !== 1 || (breakable && !/nowrap|pre$/.test(whiteSpace)))
            problems.push(`"${m[0]}": ${lines} line(s), white-space ${whiteSpace}`)
        }
      }
    }
    return { found, problems }
  }, pattern.source)
}

async function expectUnbroken(scope: Locator, pattern: RegExp, what: string) {
  const { found, problems } = await broken(scope, pattern)
  expect(found, `${what}: something to check`).toBeGreaterThan(0)
  expect(problems, what).toEqual([])
}

async function visit(page: Page, path: string) {
  await page.goto(path)
  await page.waitForLoadState('networkidle')
}

test('phones in the footer and the menu drawer stay on one line', async ({ page }) => {
  await visit(page, '/')
  await expectUnbroken(page.locator('footer'), PHONE, 'footer phones')
  const nav = page.getByRole('navigation', { name: 'Главное меню' })
  await expect(async () => {
    if (!(await nav.isVisible())) await page.getByRole('button', { name: 'Открыть меню' }).click()
    await expect(nav).toBeVisible({ timeout: 2000 })
  }).toPass({ timeout: 20_000 })
  await expectUnbroken(page.locator('header'), PHONE, 'phones in the menu drawer')
})

test('bank account numbers stay on one line (requisites)', async ({ page }) => {
  await visit(page, '/requisites/')
  await expectUnbroken(page.getByRole('main'), ACCOUNT, 'account numbers on /requisites/')
})

test('an order number stays on one line: the list, the order page and its invoice', async ({ page }) => {
  const digits = `97${String(Date.now() % 100000000).padStart(8, '0')}`
  const phone = `+7${digits}`
  const email = `lines${digits}@example.com`
  const reg = await page.request.post('/api/user-registration/', {
    data: {
      fullname: 'Ольга Строкова',
      phone,
      email,
      password: 'secret123',
      type: 'legal',
      subtype: 'organization',
      taxId: '7707083893',
      organization: 'ООО «Ромашка»',
    },
  })
  expect(reg.status()).toBe(200)
  const list = await (await page.request.get('/api/catalog-list/?section=styling&page_size=60')).json()
  const card = (list.products.items as { offerId: number; inStock: boolean }[]).find((c) => c.inStock)!
  expect((await page.request.post('/api/cart-list/', { data: { id: card.offerId } })).status()).toBe(200)
  const checkout = await page.request.post('/api/orders-checkout/', {
    data: { delivery: 'pickup', pickupPoint: 1, payment: 'invoice', fullname: 'Ольга Строкова', phone, email },
  })
  expect(checkout.status()).toBe(200)
  const { order } = (await checkout.json()) as { order: { link: string } }

  await visit(page, '/personal/orders/')
  await expect(page.getByRole('link', { name: ORDER })).toBeVisible({ timeout: 20_000 })
  await expectUnbroken(page.getByRole('main'), ORDER, 'the order list')
  await visit(page, order.link)
  await expectUnbroken(page.getByRole('main'), ORDER, 'the order page')
  await visit(page, `${order.link}invoice/`)
  await expectUnbroken(page.getByRole('main'), ORDER, 'the invoice')
  await expectUnbroken(page.getByRole('main'), ACCOUNT, 'account numbers on the invoice')
})

test("the footer's social links are icons, not letters", async ({ page }) => {
  await visit(page, '/')
  const icons = page.locator('footer [data-social-icon]')
  expect(await icons.count()).toBeGreaterThan(0)
  const drawn = await icons.evaluateAll((els) =>
    els.map((el) => {
      const svg = el.querySelector('svg')
      const box = svg?.getBoundingClientRect()
      return {
        type: el.getAttribute('data-social-icon'),
        svg: Boolean(box && box.width >= 12 && box.height >= 12),
        letters: (el.textContent ?? '').trim(),
      }
    }),
  )
  expect(drawn.filter((d) => !d.svg || d.letters)).toEqual([])
})
