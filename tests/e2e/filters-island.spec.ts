import { test, expect, holdScripts } from './fixtures'

/**
 * The catalog's side filters panel is an interaction island (ADR 035): server HTML until its first
 * interaction, which loads its code (the only script with the price label's test id).
 */
const CODE = /price-range-label/
const brandInUrl = /filter%5Bbrand%5D=kerastase|filter\[brand\]=kerastase/

test.describe('filters island', () => {
  test('no filters code until the panel is touched; a brand clicked meanwhile applies once after it', async ({
    page,
  }) => {
    const requested: string[] = []
    page.on('request', (r) => void (/filters-panel-[\w-]+\.js$/.test(r.url()) && requested.push(r.url())))
    const code = await holdScripts(page, CODE)
    await page.goto('/catalog/shampoo/')
    await page.waitForLoadState('networkidle')
    expect(requested).toEqual([])
    expect(code.pending()).toBe(0)

    const side = page.getByRole('complementary', { name: 'Фильтры' })
    const brand = side.getByLabel('Kérastase')
    await brand.click()
    await expect.poll(code.pending).toBe(1)
    // Held: the native checkbox did not toggle, nothing navigated.
    await expect(brand).not.toBeChecked()
    await expect(page).not.toHaveURL(brandInUrl)

    code.release()
    await expect(page).toHaveURL(brandInUrl)
    await expect(brand).toBeChecked()
    await page.waitForLoadState('networkidle')
    // Once: not toggled back by a second click.
    await expect(brand).toBeChecked()
    expect(new URL(page.url()).search.match(/kerastase/g)).toHaveLength(1)
    for (const name of await page.locator('main article span.uppercase').allTextContents())
      expect(name).toBe('Kérastase')
  })

  test('a price typed before the code arrives is applied', async ({ page }) => {
    const code = await holdScripts(page, CODE)
    await page.goto('/catalog/shampoo/')
    await page.waitForLoadState('networkidle')
    const side = page.getByRole('complementary', { name: 'Фильтры' })
    const from = side.getByRole('textbox', { name: 'От' })
    const [min, max] = await side
      .getByRole('slider', { name: 'Цена: От' })
      .evaluate((el) => [Number((el as HTMLInputElement).min), Number((el as HTMLInputElement).max)])
    const typed = String(Math.round((min + (max - min) / 2) / 10) * 10)
    await from.click()
    await from.fill(typed)
    await expect.poll(code.pending).toBe(1)
    code.release()
    // The label beside it shows the typed price once React has it.
    await expect(side.getByTestId('price-range-label')).toContainText(
      new Intl.NumberFormat('ru-RU').format(Number(typed)).replace(/\s/g, '\u00a0'),
    )
    await expect(from).toHaveValue(typed)
    await from.press('Enter')
    await expect(page).toHaveURL(new RegExp(`filter%5Bprice%5D%5Bmin%5D=${typed}|filter\\[price\\]\\[min\\]=${typed}`))
  })

  test('a navigation before the panel is touched shows the new filter in it', async ({ page }) => {
    const code = await holdScripts(page, CODE)
    await page.goto('/catalog/shampoo/?filter[brand]=kerastase')
    await page.waitForLoadState('networkidle')
    const side = page.getByRole('complementary', { name: 'Фильтры' })
    await expect(side.getByLabel('Kérastase')).toBeChecked()
    // The chip (not the panel) removes the filter: the panel's new props load its code.
    await page.getByRole('button', { name: 'Убрать фильтр: Kérastase' }).click()
    await expect(page).not.toHaveURL(brandInUrl)
    await expect.poll(code.pending).toBe(1)
    code.release()
    await expect(side.getByLabel('Kérastase')).not.toBeChecked()
    await side.getByLabel('В наличии').check()
    await expect(page).toHaveURL(/filter%5Bin-stock%5D=1|filter\[in-stock\]=1/)
  })

  test('code that cannot load says so; a press while a failing load is on its way is not lost', async ({ page }) => {
    await page.goto('/catalog/shampoo/')
    await page.waitForLoadState('networkidle')
    // The panel's code fails while offline; each failure waits for the test to let it fail.
    const failing: (() => void)[] = []
    let online = false
    await page.route('**/assets/*.js', async (route) => {
      const response = await route.fetch()
      if (online || !CODE.test(await response.text())) return route.fulfill({ response })
      await new Promise<void>((fail) => failing.push(fail))
      await route.abort('aborted')
    })
    const failAll = () => failing.splice(0).forEach((fail) => fail())
    const side = page.getByRole('complementary', { name: 'Фильтры' })
    const brand = side.getByLabel('Kérastase')
    await brand.click()
    await expect
      .poll(() => {
        failAll()
        return side.getByRole('alert').count()
      })
      .toBe(1)
    await expect(side.getByRole('alert')).toHaveText(
      'Фильтры не загрузились: нет связи. Проверьте интернет и попробуйте ещё раз',
    )
    await expect(brand).not.toBeChecked()
    await expect(page).not.toHaveURL(brandInUrl)
    // Pressed again offline (the price field): a new try. Back online while it is on its way, the
    // shopper presses again; that try fails, the last press is not lost: the code loads, the brand
    // pressed first is applied once, the alert leaves.
    await side.getByRole('textbox', { name: 'От' }).click()
    await expect.poll(() => failing.length).toBeGreaterThan(0)
    online = true
    await side.getByRole('textbox', { name: 'До' }).click()
    failAll()
    await expect(page).toHaveURL(brandInUrl)
    await expect(brand).toBeChecked()
    await expect(side.getByRole('alert')).toHaveCount(0)
    expect(new URL(page.url()).search.match(/kerastase/g)).toHaveLength(1)
  })

  test('after a client navigation the panel works at once', async ({ page }) => {
    await page.goto('/')
    await page.waitForLoadState('networkidle')
    await page.getByRole('link', { name: 'Все товары' }).first().click()
    await expect(page).toHaveURL(/\/catalog\/$/)
    const side = page.getByRole('complementary', { name: 'Фильтры' })
    await side.getByLabel('В наличии').check()
    await expect(page).toHaveURL(/filter%5Bin-stock%5D=1|filter\[in-stock\]=1/)
    await expect(side.getByLabel('В наличии')).toBeChecked()
  })
})
