import { test, expect } from './fixtures'

test('the site title comes from the database, server-rendered', async ({ page, request }) => {
  const options = await (await request.get('/api/site-options/')).json()
  expect(options.title).toBeTruthy()
  const html = await (await request.get('/')).text()
  expect(html).toContain(options.title)
  await page.goto('/')
  await expect(page).toHaveTitle(new RegExp(options.title))
})

test('a database redirect answers with its status on the server', async ({ request }) => {
  const res = await request.get('/shampuni/', { maxRedirects: 0 })
  expect(res.status()).toBe(301)
  expect(res.headers()['location']).toContain('/catalog/shampoo/')
})

test('an unknown page answers 404 from the server render', async ({ request }) => {
  const res = await request.get('/no-such-page-at-all/')
  expect(res.status()).toBe(404)
})

test('the API documentation page renders the generated document', async ({ page }) => {
  await page.goto('/api/docs/')
  await expect(page.getByText('/api/composite/').first()).toBeVisible()
})
