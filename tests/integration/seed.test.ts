import { describe, expect, it } from 'vitest'
import { db, scalar, rows, exec, jsonValue } from '../helpers/db'
import { seedAll, countRows } from '../../seed/seed-all'
import { visitor } from '../helpers/api'

/** Minimums of issue 2's seed section. */
const MINIMUMS: Record<string, number> = {
  cities: 15,
  site_contacts: 10,
  catalog_sections: 8,
  brands: 12,
  products: 150,
  service_sections: 6,
  services: 25,
  posts: 12,
  faq_items: 20,
  pages: 5,
  banks: 40,
  promo_codes: 5,
  delivery_methods: 3,
  payment_methods: 3,
  cancel_reasons: 1,
  redirects: 1,
  forms: 2,
}

describe('seed', () => {
  it('holds at least the promised reference data', async () => {
    const counts = await countRows(db())
    for (const [table, min] of Object.entries(MINIMUMS)) expect(counts[table], table).toBeGreaterThanOrEqual(min)
  })

  it('has one default city, a common contact record and social links of several kinds', async () => {
    expect(await scalar('select count(*) from cities where is_default = true')).toBe(1)
    expect(await scalar('select name from cities where is_default = true')).toBe('Москва')
    expect(await scalar('select count(*) from site_contacts where common = true and city_id is null')).toBe(1)
    const kinds = new Set(
      (await rows<{ social: unknown }>('select social from site_contacts')).flatMap((r) =>
        jsonValue<{ type: string }[]>(r.social).map((s) => s.type),
      ),
    )
    expect(kinds.size).toBeGreaterThanOrEqual(4)
  })

  it('spreads products over prices, discounts and stock', async () => {
    expect(await scalar('select count(*) from product_offers where price < 300 or price > 9000')).toBe(0)
    expect(await scalar('select count(*) from product_offers where old_price > price')).toBeGreaterThan(10)
    expect(await scalar('select count(*) from products where total_stock = 0')).toBeGreaterThan(3)
    expect(
      await scalar('select min(n) from (select count(*) n from product_offers group by product_id) c'),
    ).toBeGreaterThanOrEqual(1)
    expect(
      await scalar('select max(n) from (select count(*) n from product_offers group by product_id) c'),
    ).toBeLessThanOrEqual(3)
    expect(await scalar('select min(id) from product_offers')).toBeGreaterThan(1_000_000)
  })

  it('ships banks with true-looking BICs and correspondent accounts', async () => {
    expect(await scalar("select count(*) from banks where bic not like '04%' or length(bic) <> 9")).toBe(0)
    expect(
      await scalar(
        "select count(*) from banks where correspondent_account not like '30101%' or length(correspondent_account) <> 20",
      ),
    ).toBe(0)
    expect(await scalar("select correspondent_account from banks where bic = '044525225'")).toBe('30101810400000000225')
  })

  it('serves only local images, with their sizes', async () => {
    const images = await rows<{ image: unknown }>('select image from products')
    for (const r of images) {
      const img = jsonValue<{ src: string; width: number; height: number }>(r.image)
      expect(img.src).toMatch(/^\/images\//)
      expect(img.width).toBeGreaterThan(0)
    }
    expect(await scalar("select count(*) from posts where html like '%http://%' or html like '%https://%'")).toBe(0)
  })

  it('is idempotent: a second run changes no row count and leaves carts alone', async () => {
    const client = visitor()
    await client.post('/api/user-city/', { id: 3 })
    const sessionsBefore = await scalar('select count(*) from sessions')
    const before = await countRows(db())
    const stockBefore = await rows('select id, stock, price from product_offers order by id')
    await seedAll(db())
    expect(await countRows(db())).toEqual(before)
    expect(await rows('select id, stock, price from product_offers order by id')).toEqual(stockBefore)
    expect(await scalar('select count(*) from sessions')).toBe(sessionsBefore)
    expect((await client.get('/api/user-city/')).body).toMatchObject({ id: 3, isConfirmed: true })
  })

  it('keeps stock that was sold when the seed runs again', async () => {
    const offer = (
      await rows<{ id: number; stock: number }>('select id, stock from product_offers where stock > 2 limit 1')
    )[0]!
    await exec('update product_offers set stock = stock - 1 where id = ?', offer.id)
    await seedAll(db())
    expect(await scalar('select stock from product_offers where id = ?', offer.id)).toBe(offer.stock - 1)
  })
})
