import { test, expect } from './fixtures'

test.describe('catalog, product, favorites and search', () => {
  test('filter + sort + paginate, then reload and go back: the state lives in the URL', async ({ page }) => {
    await page.goto('/catalog/')
    await page.waitForLoadState('networkidle')
    const side = page.getByRole('complementary', { name: 'Фильтры' })
    // A page from the visitor cache can reach network idle before React has hydrated it: a click
    // that lands first is the browser's alone. Repeat it until the app takes it (the URL follows).
    const inStock = side.getByLabel('В наличии')
    await expect(async () => {
      // Checked but the URL never followed: the browser toggled it before hydration; start over.
      if (await inStock.isChecked()) await inStock.uncheck()
      await inStock.check()
      await expect(page).toHaveURL(/filter%5Bin-stock%5D=1|filter\[in-stock\]=1/, { timeout: 1500 })
    }).toPass({ timeout: 15_000 })
    await expect(side.getByLabel('В наличии')).toBeChecked()

    await page.getByLabel('Сортировка').selectOption('price-asc')
    await expect(page).toHaveURL(/sort=price-asc/)

    await page.getByRole('link', { name: 'Страница 2', exact: true }).click()
    await expect(page).toHaveURL(/page=2/)
    await expect(page.getByRole('link', { name: 'Страница 2', exact: true })).toHaveAttribute('aria-current', 'page')
    const firstOnPage2 = await page.locator('main article').first().getAttribute('aria-label')

    await page.reload()
    await page.waitForLoadState('networkidle')
    await expect(page.getByRole('complementary', { name: 'Фильтры' }).getByLabel('В наличии')).toBeChecked()
    await expect(page.getByLabel('Сортировка')).toHaveValue('price-asc')
    await expect(page.getByRole('link', { name: 'Страница 2', exact: true })).toHaveAttribute('aria-current', 'page')
    await expect(page.locator('main article').first()).toHaveAttribute('aria-label', firstOnPage2 ?? '')

    await page.goBack()
    await expect(page).not.toHaveURL(/page=2/)
    await expect(page).toHaveURL(/sort=price-asc/)
    await expect(page.getByLabel('Сортировка')).toHaveValue('price-asc')
    await expect(page.getByRole('link', { name: 'Страница 1', exact: true })).toHaveAttribute('aria-current', 'page')

    // "Show more" appends the next page to the one shown.
    const before = await page.locator('main article').count()
    await page.getByRole('button', { name: 'Показать ещё' }).click()
    await expect(page).toHaveURL(/page=2/)
    await expect(page.locator('main article')).toHaveCount(before * 2)
  })

  test('product page: pick a volume, add to favorites; the heart and the favorites page follow', async ({ page }) => {
    const list = await (await page.request.get('/api/catalog-list/?page_size=60')).json()
    const product = list.products.items.find(
      (c: { volumes: number[]; inStock: boolean }) => c.volumes.length > 1 && c.inStock,
    )
    expect(product).toBeTruthy()
    await page.goto(product.link)
    await page.waitForLoadState('networkidle')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name)
    const volumes = page.getByRole('group', { name: 'Объём' }).getByRole('radio')
    await expect(volumes).toHaveCount(product.volumes.length)
    const last = volumes.last()
    await last.check({ force: true })
    await expect(last).toBeChecked()

    const heart = page.getByRole('button', { name: 'Добавить в избранное' }).first()
    // The heart turns at once (optimistic); the server's answer follows.
    const saved = page.waitForResponse((r) => r.url().includes('/api/trpc/favorites.add') && r.ok())
    await heart.click()
    await saved
    await expect(page.getByRole('button', { name: 'Убрать из избранного' }).first()).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    const favs = await (await page.request.get('/api/favorites-list/')).json()
    expect(favs.items.map((i: { id: number }) => i.id)).toContain(product.id)

    await page.goto('/favorites/')
    await expect(page.getByRole('article', { name: product.name })).toBeVisible()
    // Removing from the favorites page.
    await page
      .getByRole('article', { name: product.name })
      .getByRole('button', { name: 'Убрать из избранного' })
      .click()
    await expect(page.getByText('В избранном пока пусто')).toBeVisible()
  })

  test('a card with several volumes opens the product-options modal and adds the chosen volume to the cart', async ({
    page,
  }) => {
    await page.goto('/catalog/')
    await page.waitForLoadState('networkidle')
    const card = page
      .locator('main article')
      .filter({ has: page.getByRole('button', { name: 'Выбрать объём' }) })
      .first()
    const name = (await card.getAttribute('aria-label')) ?? ''
    await card.getByRole('button', { name: 'Выбрать объём' }).click()
    const dialog = page.getByRole('dialog', { name })
    await expect(dialog).toBeVisible()
    const radios = dialog.getByRole('radio')
    await expect(radios.first()).toBeVisible()
    expect(await radios.count()).toBeGreaterThan(1)
    await expect(dialog.getByRole('radio', { checked: true })).toHaveCount(1)
    const add = dialog.getByRole('button', { name: 'В корзину' })
    if (await add.isEnabled()) {
      await add.click()
      await expect(dialog.getByRole('link', { name: 'В корзине' })).toBeVisible()
    }
  })

  for (const [typed, label] of [
    ['шамупнь', 'one-letter typo'],
    ['ifvgeym', 'wrong keyboard layout'],
  ] as const) {
    test(`search from the header with a ${label} lands on a product`, async ({ page }) => {
      await page.goto('/')
      await page.waitForLoadState('networkidle')
      await page.getByRole('button', { name: 'Открыть поиск' }).click()
      const box = page.getByRole('combobox').first()
      await box.fill(typed)
      await box.press('Enter')
      await expect(page).toHaveURL(/\/search\/\?s=/)
      await expect(page.getByText('Показаны результаты по запросу «шампунь»')).toBeVisible()
      const first = page.locator('main article').first()
      const name = await first.getAttribute('aria-label')
      expect(name).toMatch(/шампунь/i)
      await first.getByRole('link', { name: name ?? '' }).click()
      await expect(page).toHaveURL(/\/catalog\/[^/]+\/[^/]+\/$/)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name ?? '')
    })
  }
})

test.describe('catalog on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  test('filters open in a modal; a choice updates the URL and the count', async ({ page }) => {
    await page.goto('/catalog/shampoo/')
    await page.waitForLoadState('networkidle')
    await expect(page.getByRole('complementary', { name: 'Фильтры' })).toBeHidden()
    const count = page.locator('#catalog-count')
    const before = await count.textContent()
    await page.getByRole('button', { name: /^Фильтры/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Фильтры' })
    await expect(dialog).toBeVisible()
    await dialog.getByLabel('Kérastase').check()
    await expect(page).toHaveURL(/filter%5Bbrand%5D=kerastase|filter\[brand\]=kerastase/)
    await expect(count).not.toHaveText(before ?? '')
    await dialog.getByRole('button', { name: /Показать товары/ }).click()
    await expect(dialog).toBeHidden()
    for (const brand of await page.locator('main article span.uppercase').allTextContents())
      expect(brand).toBe('Kérastase')
  })
})

/**
 * Issue 29 §1: «Показать ещё», a product, Back: every item shown is listed again and the page is
 * where it was (it was page 2 alone, and the phone shopper landed in the footer). A shared
 * `?page=2` link still opens page 2 alone.
 */
for (const [device, viewport] of [
  ['phone 375', { width: 375, height: 812 }],
  ['desktop 1440', { width: 1440, height: 900 }],
] as const) {
  test(`${device}: Back after «Показать ещё» lists every item shown and keeps the scroll`, async ({ page }) => {
    await page.setViewportSize(viewport)
    await page.goto('/catalog/')
    await page.waitForLoadState('networkidle')
    const cards = page.locator('main article')
    const perPage = await cards.count()
    await expect(async () => {
      await page.getByRole('button', { name: 'Показать ещё' }).click()
      await expect(page).toHaveURL(/page=2/, { timeout: 1500 })
    }).toPass({ timeout: 15_000 })
    await expect(cards).toHaveCount(perPage * 2)
    const names = await cards.evaluateAll((all) => all.map((a) => a.getAttribute('aria-label')))
    // A product of the added page, in the middle of the screen.
    const target = cards.nth(perPage + 3)
    await target.evaluate((el) => el.scrollIntoView({ block: 'center' }))
    const scrolled = await page.evaluate(() => window.scrollY)
    expect(scrolled).toBeGreaterThan(300)
    await target.getByRole('link').first().click()
    await expect(page).toHaveURL(/\/catalog\/[^/]+\/[^/]+\/$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(names[perPage + 3] ?? '')

    await page.goBack()
    await expect(page).toHaveURL(/page=2/)
    await expect(cards).toHaveCount(perPage * 2)
    expect(await cards.evaluateAll((all) => all.map((a) => a.getAttribute('aria-label')))).toEqual(names)
    await expect(async () => {
      expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(80)
    }).toPass({ timeout: 5000 })
    await expect(target).toBeInViewport()

    // The shared link: page 2 alone, starting with the 25th product.
    const shared = await page.context().newPage()
    await shared.goto(page.url())
    await expect(shared.locator('main article')).toHaveCount(perPage)
    await expect(shared.locator('main article').first()).toHaveAttribute('aria-label', names[perPage] ?? '')
    await shared.close()
  })
}
