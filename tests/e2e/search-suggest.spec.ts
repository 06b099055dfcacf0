import AxeBuilder from '@axe-core/playwright'
import { test, expect } from './fixtures'
import type { Locator, Page } from '@playwright/test'

/**
 * The header search's as-you-type suggestions (issue 5 point 3): a combobox with a listbox of
 * text suggestions and products, debounced 200 ms, stale requests aborted, keyboard driven.
 */
async function ready(page: Page) {
  await page.goto('/')
  await page.waitForLoadState('networkidle')
}

const visibleForm = (page: Page) => page.locator('header').getByRole('search').filter({ visible: true })

/** Moves the highlight with ArrowDown to the first product (an option with a price). */
async function highlightFirstProduct(input: Locator, list: Locator) {
  const options = list.getByRole('option')
  await expect(options.first()).toBeVisible()
  const texts = await options.allInnerTexts()
  const index = texts.findIndex((t) => t.includes('₽'))
  expect(index, `a product among ${JSON.stringify(texts)}`).toBeGreaterThanOrEqual(0)
  for (let i = 0; i <= index; i++) await input.press('ArrowDown')
  const option = options.nth(index)
  await expect(option).toHaveAttribute('aria-selected', 'true')
  await expect(input).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id')) ?? '')
  return (await option.locator('span').first().innerText()).trim()
}

test.describe('desktop 1440', () => {
  test.use({ viewport: { width: 1440, height: 900 } })

  test('typing shows suggestions; a product picked with the keyboard opens its page', async ({ page }) => {
    await ready(page)
    await page.getByRole('button', { name: 'Открыть поиск' }).click()
    const input = visibleForm(page).getByRole('combobox')
    await expect(input).toBeFocused()
    await expect(input).toHaveAttribute('aria-expanded', 'false')
    await input.pressSequentially('шамп')
    const list = page.locator(`[id="${await input.getAttribute('aria-controls')}"]`)
    await expect(list).toHaveRole('listbox')
    await expect(list).toBeVisible()
    await expect(input).toHaveAttribute('aria-expanded', 'true')
    for (const text of await list.getByRole('option').allInnerTexts()) expect(text).toMatch(/шамп/i)
    const name = await highlightFirstProduct(input, list)
    // The open combobox and its listbox pass axe (a highlighted option included).
    const axe = await new AxeBuilder({ page })
      .include('header form[role="search"]:not([inert] *)')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze()
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([])
    await input.press('Enter')
    await expect(page).toHaveURL(/\/catalog\/[^/]+\/[^/]+\/$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
    await expect(page.getByRole('button', { name: 'Открыть поиск' })).toHaveAttribute('aria-expanded', 'false')
  })

  test('the first Escape closes the suggestions, the second the search dropdown', async ({ page }) => {
    await ready(page)
    await page.getByRole('button', { name: 'Открыть поиск' }).click()
    const input = visibleForm(page).getByRole('combobox')
    await input.pressSequentially('шамп')
    const list = page.getByRole('listbox')
    await expect(list).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(list).toBeHidden()
    await expect(input).toHaveAttribute('aria-expanded', 'false')
    await expect(input).toHaveValue('шамп')
    await expect(page.getByRole('button', { name: 'Закрыть поиск' })).toHaveAttribute('aria-expanded', 'true')
    // ArrowDown brings the list back; Escape twice closes everything.
    await input.press('ArrowDown')
    await expect(list).toBeVisible()
    await page.keyboard.press('Escape')
    await page.keyboard.press('Escape')
    await expect(page.getByRole('button', { name: 'Открыть поиск' })).toHaveAttribute('aria-expanded', 'false')
  })

  test('wrong layout: suggestions as the server corrects them; a text suggestion fills the query, Enter submits it', async ({
    page,
  }) => {
    await ready(page)
    await page.getByRole('button', { name: 'Открыть поиск' }).click()
    const input = visibleForm(page).getByRole('combobox')
    await input.pressSequentially('ifvg') // «шамп» typed on the Latin layout
    const options = page.getByRole('listbox').getByRole('option')
    await expect(options.first()).toBeVisible()
    const texts = await options.allInnerTexts()
    for (const text of texts) expect(text).toMatch(/шамп/i)
    const textIndex = texts.findIndex((t) => !t.includes('₽'))
    expect(textIndex, `a text suggestion among ${JSON.stringify(texts)}`).toBeGreaterThanOrEqual(0)
    for (let i = 0; i <= textIndex; i++) await input.press('ArrowDown')
    await input.press('Enter')
    const filled = texts[textIndex]!.trim()
    await expect(input).toHaveValue(filled)
    await expect(page.getByRole('listbox')).toBeHidden()
    await input.press('Enter')
    await expect(page).toHaveURL(new RegExp(`/search/\\?s=${encodeURIComponent(filled).replace(/%20/g, '(%20|\\+)')}$`))
  })

  test('requests wait for a pause in typing; a superseded one is aborted, the last list stays while loading', async ({
    page,
  }) => {
    await ready(page)
    const sent: string[] = []
    const aborted: string[] = []
    const queryOf = (url: string) => /"s":"([^"]*)"/.exec(decodeURIComponent(url))?.[1] ?? ''
    page.on('request', (r) => {
      if (r.url().includes('search.suggest')) sent.push(queryOf(r.url()))
    })
    page.on('requestfailed', (r) => {
      if (r.url().includes('search.suggest')) aborted.push(queryOf(r.url()))
    })
    // The answers to «шамп» and «шампун» are held back until the test ends (not for a time, which a
    // busy machine could outlast), so typing on supersedes «шамп» while it is in flight.
    let release = () => {}
    const held = new Promise<void>((r) => (release = r))
    await page.route('**/api/trpc/search.suggest*', async (route) => {
      const s = queryOf(route.request().url())
      if (s === 'шамп' || s === 'шампун') await held
      await route.continue().catch(() => {})
    })
    await page.getByRole('button', { name: 'Открыть поиск' }).click()
    const input = visibleForm(page).getByRole('combobox')
    // Two changes with no time between them (one browser task, so no wall-clock gap on a busy
    // machine can exceed the debounce): only the last one is asked for.
    await input.focus()
    await input.evaluate((el: HTMLInputElement) => {
      for (const v of ['ша', 'шамп']) {
        // The prototype's setter, so React's value tracker sees a change (as typing does).
        Reflect.set(HTMLInputElement.prototype, 'value', v, el)
        el.dispatchEvent(new Event('input', { bubbles: true }))
      }
    })
    await expect.poll(() => sent).toEqual(['шамп'])
    await input.fill('шампунь')
    await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible()
    await expect.poll(() => aborted).toEqual(['шамп'])
    expect(sent).toEqual(['шамп', 'шампунь'])
    // While the next answer loads (held back too), the previous list stays.
    await input.press('Backspace')
    await expect.poll(() => sent).toContain('шампун')
    await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible()
    await expect(input).toHaveAttribute('aria-expanded', 'true')
    release()
  })
})

test.describe('phone 375', () => {
  test.use({ viewport: { width: 375, height: 812 } })

  test('in the phone header: suggestions, a product picked with the keyboard', async ({ page }) => {
    await ready(page)
    const input = visibleForm(page).getByRole('combobox')
    await expect(input).toBeVisible()
    await input.click()
    await input.pressSequentially('шамп')
    const list = page.locator(`[id="${await input.getAttribute('aria-controls')}"]`)
    await expect(list).toBeVisible()
    const box = await list.boundingBox()
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true)
    // Product names are whole, brand included (issue 29 §8: they were cut to one line).
    await expect(list.getByRole('option').filter({ hasText: '₽' }).first()).toBeVisible()
    const cut = await list.evaluate((el) =>
      Array.from(el.querySelectorAll('[role=option] span.font-medium'))
        .filter((s) => s.scrollWidth > s.clientWidth + 1 || s.scrollHeight > s.clientHeight + 1)
        .map((s) => s.textContent),
    )
    expect(cut).toEqual([])
    const name = await highlightFirstProduct(input, list)
    await input.press('Enter')
    await expect(page).toHaveURL(/\/catalog\/[^/]+\/[^/]+\/$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
    await expect(page.getByRole('button', { name: 'Открыть меню' }).first()).toHaveAttribute('aria-expanded', 'false')
  })
})
