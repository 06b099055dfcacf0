import type { APIRequestContext, Page } from '@playwright/test'
import { test, expect } from './fixtures'

/**
 * The layout a phone shopper depends on (issue 17): no page scrolls sideways from 320 to 1920 px,
 * the phone's filter sheet shows its close button and "Показать товары" on screen, the floating
 * call button covers neither the cart's total nor a product's volume buttons, the phone menu is a
 * drawer over the whole page with one close button, the search field is in the phone header,
 * the account's order list and tabs fit a phone, and nothing is cut mid-word (logo, product names).
 */

let seq = 0
const newPhone = () => `93${String(Date.now() % 100000).padStart(5, '0')}${String(++seq % 1000).padStart(3, '0')}`

async function entityData(request: APIRequestContext, path: string): Promise<any> {
  const res = await request.get(`/api/entity/?path=${encodeURIComponent(path)}`)
  expect(res.status(), `entity ${path}`).toBe(200)
  return (await res.json()).data
}

/** One link of every public page type, found through the entity API (as a visitor would follow them). */
async function publicPages(request: APIRequestContext): Promise<string[]> {
  const catalog = await entityData(request, '/catalog/')
  const section: string = catalog.sections[0].link
  const product: string = (await entityData(request, section)).products.items[0].link
  const serviceSection: string = (await entityData(request, '/services/')).sections[0].link
  const sectionData = await entityData(request, serviceSection)
  const service: string = (sectionData.services ?? sectionData.items)[0].link
  const blog = await entityData(request, '/blog/')
  const post: string = (blog.items ?? blog.posts.items)[0].link
  return [
    '/',
    '/catalog/',
    section,
    product,
    '/search/?s=шампунь',
    '/blog/',
    post,
    '/faq/',
    '/about/',
    '/delivery/',
    '/payment/',
    '/requisites/',
    '/privacy/',
    '/services/',
    serviceSection,
    service,
    '/favorites/',
    '/login/',
    '/registration/',
  ]
}

interface Card {
  link: string
  offerId: number
  inStock: boolean
}

async function inStock(request: APIRequestContext, skip: number): Promise<Card[]> {
  const res = await request.get('/api/catalog-list/?section=shampoo&page_size=60')
  expect(res.status()).toBe(200)
  const cards = ((await res.json()) as { products: { items: Card[] } }).products.items.filter((c) => c.inStock)
  return cards.slice(skip, skip + 2)
}

/**
 * A signed-in company with one order paid by invoice (its page and its invoice) and a line in the
 * cart again; returns the order's and the invoice's paths.
 */
async function customerWithOrder(page: Page, skip: number): Promise<{ order: string; invoice: string }> {
  const digits = newPhone()
  const phone = `+7${digits}`
  const email = `layout${digits}@example.com`
  const reg = await page.request.post('/api/user-registration/', {
    data: {
      fullname: 'Ольга Широкова',
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
  const [a, b] = await inStock(page.request, skip)
  expect((await page.request.post('/api/cart-list/', { data: { id: a!.offerId } })).status()).toBe(200)
  const checkout = await page.request.post('/api/orders-checkout/', {
    data: { delivery: 'pickup', pickupPoint: 1, payment: 'invoice', fullname: 'Ольга Широкова', phone, email },
  })
  expect(checkout.status()).toBe(200)
  const { order, payment } = (await checkout.json()) as { order: { link: string }; payment?: { url: string } }
  expect((await page.request.post('/api/cart-list/', { data: { id: b!.offerId } })).status()).toBe(200)
  return { order: order.link, invoice: payment?.url ?? `${order.link}invoice/` }
}

/** The page's width beyond the viewport, with the widest offenders named for the failure message. */
async function sideScroll(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const vw = window.innerWidth
    if (document.documentElement.scrollWidth <= vw) return null
    const wide = Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((el) => el.getBoundingClientRect().right > vw + 1)
      .slice(-3)
      .map((el) => `<${el.tagName.toLowerCase()} class="${String(el.className).slice(0, 80)}">`)
    return `scrollWidth ${document.documentElement.scrollWidth} > ${vw}: ${wide.join(' ')}`
  })
}

async function visit(page: Page, path: string) {
  await page.goto(path)
  await page.waitForLoadState('networkidle')
}

async function expectNoSideScroll(page: Page, paths: string[]) {
  const failures: string[] = []
  for (const path of paths) {
    await visit(page, path)
    const problem = await sideScroll(page)
    if (problem) failures.push(`${path}: ${problem}`)
  }
  expect(failures).toEqual([])
}

const WIDTHS = [320, 375, 1440] as const

for (const [i, width] of WIDTHS.entries()) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: width < 768 ? 812 : 900 } })

    test('no public page scrolls sideways', async ({ page }) => {
      test.setTimeout(180_000)
      await expectNoSideScroll(page, await publicPages(page.request))
    })

    test('no page of a signed-in customer with a cart and an order scrolls sideways; nor the 404 page', async ({
      page,
      problems,
    }) => {
      test.setTimeout(180_000)
      const { order, invoice } = await customerWithOrder(page, i * 2)
      await expectNoSideScroll(page, [
        '/cart/',
        '/order/checkout/',
        '/order/offline/',
        '/personal/',
        '/personal/addresses/',
        '/personal/orders/',
        order,
        invoice,
      ])
      // The 404 page: its own status is logged by Chromium as a console error, expected here.
      await expectNoSideScroll(page, ['/no-such-page-here/'])
      const expected = problems.filter((p) => /status of 404/.test(p))
      for (const p of expected) problems.splice(problems.indexOf(p), 1)
    })
  })
}

test.describe('1920 px', () => {
  test.use({ viewport: { width: 1920, height: 1080 } })

  test('the home page, a catalog section, a product and the cart do not scroll sideways', async ({ page }) => {
    test.setTimeout(90_000)
    const pages = await publicPages(page.request)
    await expectNoSideScroll(page, [pages[0]!, pages[2]!, pages[3]!, '/cart/'])
  })
})

test.describe('phone 375', () => {
  test.use({ viewport: { width: 375, height: 812 } })
  // Accounts, orders and client-rendered lists: slow on a loaded CI machine.
  test.describe.configure({ timeout: 90_000 })

  const inViewport = async (page: Page, locator: ReturnType<Page['locator']>) => {
    const box = await locator.boundingBox()
    expect(box, 'visible').not.toBeNull()
    expect(box!.x).toBeGreaterThanOrEqual(0)
    expect(box!.y).toBeGreaterThanOrEqual(0)
    expect(box!.x + box!.width).toBeLessThanOrEqual(375)
    expect(box!.y + box!.height).toBeLessThanOrEqual(812)
  }

  test('the filter sheet fills the screen: its close button and "Показать товары" are on screen', async ({ page }) => {
    const section = (await entityData(page.request, '/catalog/')).sections[0].link
    await visit(page, section)
    const dialog = page.getByRole('dialog', { name: 'Фильтры' })
    // Repeated until the hydrated page takes the click.
    await expect(async () => {
      await page.getByRole('button', { name: /^Фильтры/ }).click()
      await expect(dialog).toBeVisible({ timeout: 1000 })
    }).toPass()
    const close = dialog.getByRole('button', { name: 'Закрыть', exact: true })
    const show = dialog.getByRole('button', { name: /^Показать товары: \d+$/ })
    await expect(close).toHaveCount(1)
    await expect(show).toBeVisible()
    // Wait for the opening animation to end: the sheet's box stops moving.
    await expect
      .poll(async () => JSON.stringify(await dialog.boundingBox()), { intervals: [100, 100, 100] })
      .toBe(JSON.stringify({ x: 0, y: 0, width: 375, height: 812 }))
    await inViewport(page, close)
    await inViewport(page, show)
    expect(await sideScroll(page)).toBeNull()
    await show.click()
    await expect(dialog).toBeHidden()
  })

  test('the search field is in the phone header, not inside the menu', async ({ page }) => {
    await visit(page, '/')
    const search = page.locator('header').getByRole('search').filter({ visible: true })
    await expect(search).toHaveCount(1)
    await inViewport(page, search.getByRole('combobox'))
    await page.getByRole('button', { name: 'Открыть меню' }).first().click()
    const drawer = page.locator('header [id]').filter({ has: page.getByRole('navigation', { name: 'Главное меню' }) })
    await expect(drawer).toBeVisible()
    await expect(drawer.getByRole('search')).toHaveCount(0)
  })

  test('the menu drawer covers the whole page with one close button; the call button is under it', async ({ page }) => {
    await visit(page, '/')
    const burger = page.getByRole('button', { name: /^(Открыть меню|Закрыть меню)$/ }).first()
    await expect(async () => {
      await burger.click()
      await expect(burger).toHaveAttribute('aria-expanded', 'true', { timeout: 1000 })
    }).toPass()
    const drawer = page.locator('header [id]').filter({ has: page.getByRole('navigation', { name: 'Главное меню' }) })
    await expect
      .poll(async () => JSON.stringify(await drawer.boundingBox()), { intervals: [100, 100, 100] })
      .toMatch(/^\{"x":0,"y":0,"width":\d+,"height":812\}$/)
    // The page under the drawer does not scroll.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden')
    // Exactly one close control can be reached by a finger: the one on top of everything.
    const onTop = await page.evaluate(
      () =>
        Array.from(document.querySelectorAll<HTMLElement>('button[aria-label="Закрыть меню"]')).filter((b) => {
          const r = b.getBoundingClientRect()
          if (!r.width) return false
          const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)
          return hit !== null && b.contains(hit)
        }).length,
    )
    expect(onTop).toBe(1)
    // The floating call button is under the dimmed backdrop: a tap at its centre closes the menu.
    const call = page.getByTestId('callback-button')
    const box = (await call.boundingBox())!
    const hit = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-testid="callback-button"]') !== null,
      { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    )
    expect(hit).toBe(false)
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    await expect(burger).toHaveAttribute('aria-expanded', 'false')
    await expect(page.getByRole('dialog')).toHaveCount(0)
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden')
  })

  test('the order list is a list of cards and the account tabs are there', async ({ page }) => {
    await customerWithOrder(page, 8)
    await visit(page, '/personal/orders/')
    // The list is read in the browser after hydration.
    await expect(page.getByRole('link', { name: /^HC-\d{4}-\d{6}$/ })).toBeVisible({ timeout: 20_000 })
    const tabs = page.getByRole('navigation', { name: 'Личный кабинет' })
    await expect(tabs.getByRole('link', { name: 'Мои заказы' })).toHaveAttribute('aria-current', 'page')
    for (const link of await tabs.getByRole('link').all()) await expect(link).toBeVisible()
    const number = page.getByRole('link', { name: /^HC-\d{4}-\d{6}$/ })
    await expect(number).toHaveCount(1)
    await inViewport(page, number)
    // The number, the date and the amount are each on one line.
    const lines = await number.evaluate((el) => el.getClientRects().length)
    expect(lines).toBe(1)
    await expect(page.getByRole('table')).toBeHidden()
    expect(await sideScroll(page)).toBeNull()
  })

  test('the logo and the product names are not cut', async ({ page }) => {
    for (const width of [320, 375]) {
      await page.setViewportSize({ width, height: 812 })
      const section = (await entityData(page.request, '/catalog/')).sections[0].link
      await visit(page, section)
      const logo = page.locator('header a[href="/"]').filter({ visible: true }).first()
      await expect(logo).toContainText('Волосы и уход')
      const cut = await page.evaluate(() => {
        const clipped = (el: Element) => el.scrollWidth > el.clientWidth + 1
        const logoText = document.querySelector('header a[href="/"] span')
        const names = Array.from(document.querySelectorAll('main li a.line-clamp-3'))
        return {
          logo: logoText ? clipped(logoText) || getComputedStyle(logoText).textOverflow === 'ellipsis' : true,
          names: names.filter(clipped).map((n) => n.textContent),
        }
      })
      expect(cut, `at ${width} px`).toEqual({ logo: false, names: [] })
    }
  })
})

for (const vp of [
  { name: 'phone 375', width: 375, height: 812 },
  { name: 'desktop 1440', width: 1440, height: 900 },
] as const) {
  test.describe(vp.name, () => {
    test.use({ viewport: { width: vp.width, height: vp.height } })
    test.describe.configure({ timeout: 90_000 })

    test('the floating call button covers neither the cart total nor the volume buttons', async ({ page }) => {
      const [inCart, product] = await inStock(page.request, 10)
      expect((await page.request.post('/api/cart-list/', { data: { id: inCart!.offerId } })).status()).toBe(200)
      const call = page.getByTestId('callback-button')
      const overlaps = async (target: ReturnType<Page['locator']>) => {
        await target.scrollIntoViewIfNeeded()
        // The target at the bottom edge of the screen too (where a floating button sits).
        for (const block of ['nearest', 'end'] as const) {
          await target.evaluate((el, b) => el.scrollIntoView({ block: b }), block)
          if (!(await call.isVisible())) continue
          const [a, b] = [await call.boundingBox(), await target.boundingBox()]
          if (!a || !b) continue
          if (a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height) return true
        }
        return false
      }
      await visit(page, '/cart/')
      const total = page.getByTestId('cart-total')
      // The cart is read in the browser after hydration.
      await expect(total).toBeVisible({ timeout: 20_000 })
      expect(await overlaps(total)).toBe(false)
      // A product not in the cart yet (its "В корзину" button shows).
      await visit(page, product!.link)
      const volumes = page.getByRole('main').getByRole('radio')
      for (const volume of await volumes.all()) expect(await overlaps(volume.locator('xpath=..'))).toBe(false)
      expect(
        await overlaps(
          page
            .getByRole('main')
            .getByRole('button', { name: /В корзину/ })
            .first(),
        ),
      ).toBe(false)
    })
  })
}
