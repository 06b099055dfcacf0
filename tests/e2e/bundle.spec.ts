import { test, expect } from './fixtures'
import type { Page } from '@playwright/test'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** Server-only code never reaches the browser: strings that exist only in those modules. */
const SERVER_MARKERS = [
  'better-sqlite3', // the native driver
  'journal_mode = WAL', // db/client.ts
  'SQLiteTable', // drizzle-orm's table class
  'SHOP_MODE=production refuses to start', // server/env.ts
  'Idempotence-Key', // server/providers/payment/yookassa.ts
  'dev-payment-secret', // server/env.ts defaults
  'Outbound post failed', // server/services/outbound.ts
]

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? filesUnder(join(dir, e.name))
      : e.name.endsWith('.mjs') || e.name.endsWith('.js')
        ? [join(dir, e.name)]
        : [],
  )
}

test('the client bundle holds no server-only module', () => {
  const out = process.env.BUILD_DIR ?? '.output'
  // The markers are real: the server build contains the app's own ones (in the SSR bundle or the
  // server's entry, where the nitro plugins' modules, the periodic jobs among them, are bundled).
  const serverText = filesUnder(join(out, 'server'))
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n')
  for (const marker of [
    'journal_mode = WAL',
    'SHOP_MODE=production refuses to start',
    'Idempotence-Key',
    'Outbound post failed',
  ])
    expect(serverText).toContain(marker)
  const dir = join(out, 'public', 'assets')
  const files = readdirSync(dir).filter((f) => f.endsWith('.js'))
  expect(files.length).toBeGreaterThan(0)
  for (const f of files) {
    const text = readFileSync(join(dir, f), 'utf8')
    for (const marker of SERVER_MARKERS) expect(text.includes(marker), `${marker} in ${f}`).toBe(false)
  }
})

/**
 * What stays out of a Russian page's first load (ADR 011, 012): the English texts (loaded only
 * on English pages), the tRPC client (loaded on the first client-side fetch) and zod (loaded
 * with the forms; the catalog page reads its URL with the zod-free rules of
 * server/contracts/catalog-query.ts). Each marker is a string only that code contains.
 */
const NOT_UP_FRONT = [
  'We use cookie to improve the site work', // app/lib/messages/shell.en.ts
  'trpc-accept', // @trpc/client's httpBatchLink
  'Encountered Promise during synchronous parse', // zod's core
]

/** Every script a page loads until the network is idle, as one text. */
async function firstLoadScripts(page: Page, url: string): Promise<string> {
  const scripts: Promise<string>[] = []
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') scripts.push(res.text())
  })
  await page.goto(url, { waitUntil: 'networkidle' })
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru')
  return (await Promise.all(scripts)).join('\n')
}

test('a Russian product page loads neither the English texts, the tRPC client nor zod up front', async ({
  page,
  request,
}) => {
  const section = await (await request.get('/api/entity/?path=%2Fcatalog%2Fconditioner%2F')).json()
  const product: string = section.data.products.items[0].link
  const text = await firstLoadScripts(page, product)
  expect(text).toContain('Согласен') // the Russian texts are there
  for (const marker of NOT_UP_FRONT) expect(text.includes(marker), marker).toBe(false)
})

test('a Russian catalog section page with filters in its URL loads neither the English texts, the tRPC client nor zod up front', async ({
  page,
}) => {
  const text = await firstLoadScripts(page, '/catalog/conditioner/?sort=price-asc&filter[in-stock]=1')
  // The page read its URL state in the browser: the filter is applied and shown.
  await expect(page.getByRole('complementary', { name: 'Фильтры' }).getByLabel('В наличии')).toBeChecked()
  await expect(page.getByLabel('Сортировка')).toHaveValue('price-asc')
  expect(text).toContain('Согласен')
  for (const marker of NOT_UP_FRONT) expect(text.includes(marker), marker).toBe(false)
})

test("a product page's structured data comes in the server's HTML, kept through hydration; no script builds it (ADR 036)", async ({
  page,
  request,
}) => {
  const section = await (await request.get('/api/entity/?path=%2Fcatalog%2Fshampoo%2F')).json()
  const first: { name: string; link: string } = section.data.products.items[0]
  const text = await firstLoadScripts(page, first.link)
  expect(text.includes('https://schema.org/InStock'), 'the JSON-LD builder in a first-load script').toBe(false)
  const blocks = page.locator('script[type="application/ld+json"]')
  const read = async () => (await blocks.allTextContents()).map((t) => (t ? JSON.parse(t) : null))
  const [product, crumbs] = await read()
  expect(product).toMatchObject({ '@type': 'Product', name: first.name })
  expect(product.offers[0]).toMatchObject({ '@type': 'Offer', priceCurrency: 'RUB', url: first.link })
  expect(crumbs['@type']).toBe('BreadcrumbList')
  expect(crumbs.itemListElement.at(-1)).toMatchObject({ name: first.name, item: first.link })
  // A related product opened in the app (no reload): no block keeps the first product's data.
  const detail = await (await request.get(`/api/entity/?path=${encodeURIComponent(first.link)}`)).json()
  const next: { name: string; link: string } = detail.data.related[0]
  await page.evaluate(() => ((window as unknown as { __spa: boolean }).__spa = true))
  await page.locator(`main a[href="${next.link}"]`).last().click()
  await expect(page).toHaveURL(new RegExp(`${next.link}$`))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(next.name)
  expect(await page.evaluate(() => (window as unknown as { __spa?: boolean }).__spa)).toBe(true)
  expect(JSON.stringify(await read())).not.toContain(first.name)
})
