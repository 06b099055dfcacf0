import { describe, expect, it } from 'vitest'
import { visitor } from '../helpers/api'
import { exec, rows } from '../helpers/db'
import { searchCities } from '../../server/contracts/city-search'

type Card = { id: number; name: string; brand: string; price: { value: number } }

/** Issue 17: the catalog's filters and sort on search results; the city search. */
describe('search with filters and sort', () => {
  it('facets come with the results; a brand filter narrows them; a sort orders them', async () => {
    const all = await visitor().get('/api/search/', { s: 'шампунь' })
    expect(all.status).toBe(200)
    const brands = all.body.filters.find((f: { code: string }) => f.code === 'brand')
    expect(brands.values.length).toBeGreaterThan(1)
    const brand = brands.values[0]
    const narrowed = await visitor().get('/api/search/', { s: 'шампунь', 'filter[brand]': brand.value })
    expect(narrowed.status).toBe(200)
    expect(narrowed.body.total).toBe(brand.count)
    expect(narrowed.body.total).toBeLessThan(all.body.total)
    for (const c of narrowed.body.items as Card[]) expect(c.brand).toBe(brand.label)
    expect(narrowed.body.applied).toEqual({ brand: [brand.value] })

    const sorted = await visitor().get('/api/search/', { s: 'шампунь', sort: 'price-asc' })
    expect(sorted.body.sort).toBe('price-asc')
    expect(sorted.body.total).toBe(all.body.total)
    const prices = (sorted.body.items as Card[]).map((c) => c.price.value)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
    // Without a sort: by relevance, as before (no sort in the answer).
    expect(all.body.sort).toBeUndefined()
  })

  it('facet counts over the matches are those of the filter in hand and of the data now (kept per data version, ADR 043)', async () => {
    type Answer = {
      total: number
      items: (Card & { inStock: boolean })[]
      filters: { code: string; values: { value: string; count: number }[] }[]
    }
    const ask = async (q: Record<string, string>) =>
      (await visitor().get('/api/search/', { s: 'шампунь', ...q })).body as Answer
    const inStock = (a: Answer) => a.filters.find((f) => f.code === 'in-stock')?.values[0]?.count
    const all = await ask({})
    // Each value's count is what choosing it finds (counted over the matched ids' links and offers).
    for (const code of ['brand', 'hair-type', 'purpose', 'volume'])
      for (const v of all.filters.find((f) => f.code === code)?.values.slice(0, 2) ?? [])
        expect([code, v.value, v.count]).toEqual([code, v.value, (await ask({ [`filter[${code}]`]: v.value })).total])
    const brand = all.filters.find((f) => f.code === 'brand')?.values[0]?.value as string
    // Each filter's own counts: the brand's in-stock count is what that filter finds.
    const ofBrand = await ask({ 'filter[brand]': brand })
    expect(inStock(ofBrand)).toBe((await ask({ 'filter[brand]': brand, 'filter[in-stock]': '1' })).total)
    expect(inStock(ofBrand)).toBeLessThan(inStock(all) as number)
    // A matched product sold out: the next search counts it out.
    const sold = all.items.find((c) => c.inStock) as Card
    await exec('update product_offers set stock = 0 where product_id = ?', sold.id)
    await exec('update products set total_stock = 0 where id = ?', sold.id)
    const after = await ask({})
    expect(inStock(after)).toBe((inStock(all) as number) - 1)
    expect(inStock(after)).toBe((await ask({ 'filter[in-stock]': '1' })).total)
  })

  it('a bad sort or filter value is dropped, never a 5xx', async () => {
    const res = await visitor().get('/api/search/', { s: 'шампунь', sort: 'nonsense', 'filter[price][min]': 'abc' })
    expect(res.status).toBe(200)
    expect(res.body.sort).toBe('popular')
  })
})

describe('city search', () => {
  const cities = () => rows<{ name: string; region: string }>('select name, region from cities')
  for (const [typed, city] of [
    ['питер', 'Санкт-Петербург'],
    ['спб', 'Санкт-Петербург'],
    ['cfyrn', 'Санкт-Петербург'],
    ['мск', 'Москва'],
    ['екб', 'Екатеринбург'],
    ['нск', 'Новосибирск'],
    ['piter', 'Санкт-Петербург'],
    ['казань', 'Казань'],
  ] as const) {
    it(`"${typed}" finds ${city} first`, async () => {
      expect(searchCities(await cities(), typed)[0]?.name).toBe(city)
    })
  }
  it('nothing for nonsense; everything for an empty query', async () => {
    expect(searchCities(await cities(), 'zzqx')).toEqual([])
    expect(searchCities(await cities(), '')).toHaveLength((await cities()).length)
  })
})
