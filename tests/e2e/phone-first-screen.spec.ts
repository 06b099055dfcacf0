import type { Page } from '@playwright/test'
import { test, expect } from './fixtures'

declare global {
  interface Window {
    /** The element at the middle of `el` is `el` (or inside it): nothing covers it. */
    uncovered: (el: Element) => boolean
  }
}

async function visit(page: Page, path: string) {
  await page.goto(path)
  await page.waitForLoadState('networkidle')
}

async function installUncovered(page: Page) {
  await page.evaluate(() => {
    window.uncovered = (el: Element) => {
      const r = el.getBoundingClientRect()
      const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)
      return hit !== null && (el === hit || el.contains(hit) || hit.contains(el))
    }
  })
}

/**
 * Issue 29 §2–4, what a new shopper's phone shows first (375×812, the city prompt and the cookie
 * notice still up): the city prompt is a compact bar covering no form field, the product page's
 * price and «В корзину» are on the first screen (a buy bar that covers neither the call button nor
 * the cookie notice), and a section page shows at least half of its first row of cards.
 */
test.describe('phone 375: the first screen', () => {
  test.use({ viewport: { width: 375, height: 812 } })

  type Box = { x: number; y: number; width: number; height: number }
  const overlap = (a: Box, b: Box) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

  test('the city prompt is a compact bar that covers no form field', async ({ page }) => {
    await visit(page, '/login/')
    await installUncovered(page)
    const prompt = page.getByRole('region', { name: /Это ваш город\?/ })
    await expect(prompt).toBeVisible()
    const box = (await prompt.boundingBox())!
    expect(box.height * box.width).toBeLessThanOrEqual(0.12 * 375 * 812)
    // The cookie notice is another matter (one tap, once): out of the way here.
    await page.getByRole('region', { name: 'cookie' }).getByRole('button', { name: 'Согласен' }).click()
    // Every field of the form, scrolled to the top and to the bottom of the screen, is uncovered.
    const covered = await page.evaluate(() => {
      const out: string[] = []
      for (const field of Array.from(
        document.querySelectorAll<HTMLElement>('main input:not([type=hidden]), main button'),
      )) {
        if (!field.getClientRects().length) continue
        for (const block of ['start', 'end'] as const) {
          field.scrollIntoView({ block })
          if (block === 'start') window.scrollBy(0, -130) // below the sticky header
          if (!window.uncovered(field)) out.push(`${field.outerHTML.slice(0, 60)} at the ${block}`)
        }
      }
      return out
    })
    expect(covered).toEqual([])
    // It answers as before.
    await prompt.getByRole('button', { name: 'Да' }).click()
    await expect(prompt).toBeHidden()
  })

  test("a product's price and «В корзину» are on the first screen, above the cookie notice and the call button", async ({
    page,
  }) => {
    const list = await (await page.request.get('/api/catalog-list/?page_size=60')).json()
    const product = list.products.items.find(
      (c: { volumes: number[]; inStock: boolean }) => c.volumes.length > 1 && c.inStock,
    )
    await visit(page, product.link)
    await installUncovered(page)
    const onScreen = async () =>
      page.evaluate(() => {
        const seen = (el: Element) => {
          const r = el.getBoundingClientRect()
          return r.width > 0 && r.top >= 0 && r.bottom <= window.innerHeight && window.uncovered(el)
        }
        const buttons = Array.from(document.querySelectorAll('button')).filter(
          (b) => b.textContent?.trim() === 'В корзину' && seen(b),
        )
        const prices = Array.from(document.querySelectorAll('span')).filter(
          (s) =>
            /^\d[\d\s\u00a0]*₽$/.test(s.textContent?.trim() ?? '') &&
            !s.closest('#related, section[aria-labelledby]') &&
            seen(s),
        )
        return { buttons: buttons.length, prices: prices.length }
      })
    await expect.poll(onScreen).toEqual({ buttons: expect.any(Number), prices: expect.any(Number) })
    const first = await onScreen()
    expect(first.buttons, '«В корзину» on the first screen').toBeGreaterThan(0)
    expect(first.prices, 'the price on the first screen').toBeGreaterThan(0)
    // Whatever carries them covers neither the cookie notice nor the call button.
    const cookie = (await page.getByRole('region', { name: 'cookie' }).boundingBox())!
    // (The call button is not shown on a phone's product page: nothing to cover.)
    const call = await page.getByTestId('callback-button').boundingBox()
    const buy = page.getByRole('button', { name: 'В корзину', exact: true })
    for (const b of await buy.all()) {
      const box = await b.boundingBox()
      if (!box || box.y > 812 || box.y + box.height < 0) continue
      expect(overlap(box, cookie)).toBe(false)
      if (call) expect(overlap(box, call)).toBe(false)
    }
    expect(
      overlap((await page.getByTestId('buy-bar').boundingBox())!, cookie),
      'the bar is above the cookie notice',
    ).toBe(false)
    // The bar's button works: the product goes to the cart.
    const added = page.waitForResponse((r) => r.url().includes('cart') && r.request().method() === 'POST' && r.ok())
    await expect(async () => {
      const visibleBuy = await page.evaluateHandle(() => {
        return Array.from(document.querySelectorAll('button')).find(
          (b) =>
            b.textContent?.trim() === 'В корзину' &&
            b.getBoundingClientRect().bottom <= window.innerHeight &&
            b.getBoundingClientRect().top >= 0 &&
            window.uncovered(b),
        )
      })
      await visibleBuy.asElement()!.click({ timeout: 1000 })
    }).toPass({ timeout: 10_000 })
    await added
  })

  test('the cart and checkout titles line up with every other page (16 px, not 32)', async ({ page }) => {
    for (const path of ['/catalog/', '/cart/', '/order/checkout/']) {
      await visit(page, path)
      const x = (await page.getByRole('heading', { level: 1 }).boundingBox())!.x
      expect(x, path).toBe(16)
    }
  })

  test('a section page shows half of its first row of cards; the chips are one row, the description two lines with «Ещё»', async ({
    page,
  }) => {
    await visit(page, '/catalog/shampoo/')
    const card = (await page.locator('main article').first().boundingBox())!
    expect(card.y + card.height / 2, 'half of the first card on the first screen').toBeLessThanOrEqual(812)
    const chips = page.getByRole('navigation', { name: 'Категории' }).getByRole('link')
    const tops = new Set(await chips.evaluateAll((all) => all.map((a) => Math.round(a.getBoundingClientRect().top))))
    expect(tops.size, 'the chips in one row').toBe(1)
    const description = page.locator('main .section-desc')
    const lineHeight = await description.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight))
    expect((await description.boundingBox())!.height).toBeLessThanOrEqual(lineHeight * 2 + 1)
    // «Ещё» is the browser's own disclosure (no script): it opens the whole description.
    const more = page.locator('details > summary', { hasText: 'Ещё' })
    await more.click()
    await expect(more.locator('..')).toHaveAttribute('open', '')
    expect((await description.boundingBox())!.height).toBeGreaterThan(lineHeight * 3)
  })
})
