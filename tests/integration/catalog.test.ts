import { describe, expect, it } from 'vitest'
import { visitor } from '../helpers/api'
import { rows, scalar } from '../helpers/db'

const entity = (path: string, query = '') => visitor().get('/api/entity/', { path, ...(query ? { query } : {}) })

describe('catalog entities (contract §3)', () => {
  it('answers /catalog/ with cards of the contract shape, total from the database, filters and sorts', async () => {
    const res = await entity('/catalog/')
    expect(res.status).toBe(200)
    expect(res.body.type).toBe('catalog')
    expect(res.body.meta.canonical).toBe('/catalog/')
    const { products, filters } = res.body.data
    expect(products.total).toBe(await scalar('select count(*) from products'))
    expect(products.page).toBe(1)
    expect(products.items).toHaveLength(products.pageSize)
    const card = products.items[0]
    expect(Object.keys(card)).toEqual(
      expect.arrayContaining(['id', 'name', 'link', 'image', 'brand', 'price', 'inStock', 'isFavorite']),
    )
    expect(card.image).toEqual({
      src: expect.any(String),
      width: expect.any(Number),
      height: expect.any(Number),
      alt: expect.any(String),
    })
    expect(card.price).toEqual({ value: expect.any(Number), discount: expect.any(Number) })
    expect(card.offerId).toBeGreaterThan(1_000_000)
    expect(filters.map((f: { code: string }) => f.code)).toEqual([
      'price',
      'in-stock',
      'brand',
      'hair-type',
      'purpose',
      'volume',
    ])
    const price = filters.find((f: { code: string }) => f.code === 'price')
    expect(price).toMatchObject({ kind: 'range', step: expect.any(Number) })
    expect(price.min).toBeLessThanOrEqual(await scalar('select min(min_price) from products'))
    expect(price.max).toBeGreaterThanOrEqual(await scalar('select max(min_price) from products'))
  })

  it('answers a section, with a canonical without filters and sort', async () => {
    const res = await entity('/catalog/shampoo/', 'sort=price-asc&filter[in-stock]=1&page=2')
    expect(res.body.type).toBe('catalog-section')
    expect(res.body.meta.canonical).toBe('/catalog/shampoo/')
    expect(res.body.breadcrumbs.map((b: { link: string }) => b.link)).toEqual(['/', '/catalog/', '/catalog/shampoo/'])
    expect(res.body.data.products.total).toBe(
      await scalar(
        "select count(*) from products p join catalog_sections s on s.id = p.section_id where s.slug = 'shampoo' and p.total_stock > 0",
      ),
    )
  })

  it('answers an unknown section or product with 404', async () => {
    expect((await entity('/catalog/no-such-section/')).status).toBe(404)
    expect((await entity('/catalog/shampoo/no-such-product/')).status).toBe(404)
    // A product under another section's path is not found either.
    const other = (
      await rows<{ slug: string }>(
        "select p.slug from products p join catalog_sections s on s.id = p.section_id where s.slug = 'masks' limit 1",
      )
    )[0]!
    expect((await entity(`/catalog/shampoo/${other.slug}/`)).status).toBe(404)
  })

  it('answers the product page: gallery, offers, properties, related, breadcrumbs', async () => {
    const p = (
      await rows<{ id: number; slug: string; section: string }>(
        `select p.id, p.slug, s.slug as section from products p join catalog_sections s on s.id = p.section_id
        where (select count(*) from product_offers o where o.product_id = p.id) > 1 order by p.id limit 1`,
      )
    )[0]!
    const res = await entity(`/catalog/${p.section}/${p.slug}/`)
    expect(res.status).toBe(200)
    expect(res.body.type).toBe('product')
    const d = res.body.data
    expect(d.id).toBe(p.id)
    expect(d.offers.length).toBe(await scalar('select count(*) from product_offers where product_id = ?', p.id))
    for (const o of d.offers) {
      const row = (
        await rows<{ price: number; old_price: number | null; stock: number }>(
          'select price, old_price, stock from product_offers where id = ?',
          o.id,
        )
      )[0]!
      expect(o.price.value).toBe(row.price)
      expect(o.price.discount).toBe(row.old_price && row.old_price > row.price ? row.old_price - row.price : 0)
      expect(o.stock).toBe(row.stock)
    }
    expect(d.gallery.length).toBeGreaterThan(0)
    expect(d.gallery[0]).toMatchObject({ width: expect.any(Number), height: expect.any(Number) })
    expect(d.properties.length).toBeGreaterThan(2)
    expect(d.related.length).toBeGreaterThan(0)
    expect(d.related.some((c: { id: number }) => c.id === p.id)).toBe(false)
    expect(res.body.breadcrumbs).toHaveLength(4)
    expect(res.body.meta.canonical).toBe(`/catalog/${p.section}/${p.slug}/`)
  })

  it('computes price.discount as oldPrice - price, the default offer and the stock state on cards', async () => {
    const res = await visitor().get('/api/catalog-list/?page_size=60&sort=price-desc')
    for (const card of res.body.products.items) {
      const cheapest = (
        await rows<{ price: number; old_price: number | null }>(
          'select price, old_price from product_offers where product_id = ? order by price, id limit 1',
          card.id,
        )
      )[0]!
      expect(card.price.value).toBe(cheapest.price)
      expect(card.price.discount).toBe(
        cheapest.old_price && cheapest.old_price > cheapest.price ? cheapest.old_price - cheapest.price : 0,
      )
      // The default offer (ADR 006): cheapest in stock, else the first by sort.
      const def =
        (await scalar<number | undefined>(
          'select id from product_offers where product_id = ? and stock > 0 order by price, id limit 1',
          card.id,
        )) ??
        (await scalar<number>('select id from product_offers where product_id = ? order by sort, id limit 1', card.id))
      expect(card.offerId).toBe(def)
      expect(card.inStock).toBe(
        (await scalar<number>('select coalesce(sum(stock), 0) from product_offers where product_id = ?', card.id)) > 0,
      )
    }
  })
})

describe('filters, sort and pagination', () => {
  it('a brand filter reduces the total to the SQL count', async () => {
    const all = (await entity('/catalog/')).body.data.products.total
    const res = await entity('/catalog/', 'filter[brand][]=kerastase&filter[brand][]=redken')
    const sql = await scalar(
      "select count(*) from products p join brands b on b.id = p.brand_id where b.slug in ('kerastase', 'redken')",
    )
    expect(res.body.data.products.total).toBe(sql)
    expect(sql).toBeLessThan(all)
    for (const c of res.body.data.products.items) expect(['Kérastase', 'Redken']).toContain(c.brand)
    // The comma form the page writes is the same filter.
    expect((await entity('/catalog/', 'filter[brand]=kerastase,redken')).body.data.products.total).toBe(sql)
  })

  it('combines facets with AND and values of one facet with OR; counts match SQL', async () => {
    const q =
      'filter[hair-type][]=dry&filter[hair-type][]=damaged&filter[purpose][]=repair&filter[volume][]=250&filter[in-stock]=1&filter[price][min]=500&filter[price][max]=5000'
    const res = await entity('/catalog/', q)
    const base = `from products p where p.total_stock > 0 and p.min_price between 500 and 5000
      and exists (select 1 from product_property_links l join product_properties pp on pp.id = l.property_id where l.product_id = p.id and pp.kind = 'hair-type' and pp.code in ('dry', 'damaged'))
      and exists (select 1 from product_property_links l join product_properties pp on pp.id = l.property_id where l.product_id = p.id and pp.kind = 'purpose' and pp.code = 'repair')
      and exists (select 1 from product_offers o where o.product_id = p.id and o.volume = 250)`
    expect(res.body.data.products.total).toBe(await scalar(`select count(*) ${base}`))
    expect(res.body.data.products.total).toBeGreaterThan(0)
    // Facet counts ignore their own facet and respect the others: brand counts = the filtered set by brand.
    const brand = res.body.data.filters.find((f: { code: string }) => f.code === 'brand')
    const expected = await rows<{ slug: string; n: number }>(
      `select b.slug, count(*) as n ${base.replace('from products p', 'from products p join brands b on b.id = p.brand_id')} group by b.slug`,
    )
    expect(Object.fromEntries(brand.values.map((v: { value: string; count: number }) => [v.value, v.count]))).toEqual(
      Object.fromEntries(expected.map((e) => [e.slug, e.n])),
    )
    // Hair-type counts: every other filter applied, hair-type itself not.
    const hair = res.body.data.filters.find((f: { code: string }) => f.code === 'hair-type')
    const dry = hair.values.find((v: { value: string }) => v.value === 'oily')
    const oilySql =
      await scalar(`select count(*) from products p where p.total_stock > 0 and p.min_price between 500 and 5000
      and exists (select 1 from product_property_links l join product_properties pp on pp.id = l.property_id where l.product_id = p.id and pp.kind = 'hair-type' and pp.code = 'oily')
      and exists (select 1 from product_property_links l join product_properties pp on pp.id = l.property_id where l.product_id = p.id and pp.kind = 'purpose' and pp.code = 'repair')
      and exists (select 1 from product_offers o where o.product_id = p.id and o.volume = 250)`)
    expect(dry?.count ?? 0).toBe(oilySql)
  })

  it('sorts by price ascending and descending, and by novelty', async () => {
    const asc = (await entity('/catalog/', 'sort=price-asc')).body.data.products.items.map(
      (c: { price: { value: number } }) => c.price.value,
    )
    expect(asc).toEqual([...asc].sort((a, b) => a - b))
    expect(asc[0]).toBe(await scalar('select min(min_price) from products'))
    const desc = (await entity('/catalog/', 'sort=price-desc')).body.data.products.items.map(
      (c: { price: { value: number } }) => c.price.value,
    )
    expect(desc).toEqual([...desc].sort((a, b) => b - a))
    const newest = (await entity('/catalog/', 'sort=new')).body.data.products.items[0].id
    expect(newest).toBe(await scalar('select id from products order by created_at desc, id desc limit 1'))
  })

  it('page 2 differs from page 1 and pages cover the total without duplicates', async () => {
    const p1 = (await entity('/catalog/', 'page=1')).body.data.products
    const p2 = (await entity('/catalog/', 'page=2')).body.data.products
    expect(p2.page).toBe(2)
    const ids1 = p1.items.map((c: { id: number }) => c.id)
    const ids2 = p2.items.map((c: { id: number }) => c.id)
    expect(ids2.some((id: number) => ids1.includes(id))).toBe(false)
    const seen = new Set<number>()
    for (let page = 1; page <= Math.ceil(p1.total / 60); page++) {
      const res = await visitor().get('/api/catalog-list/', { page, page_size: 60 })
      for (const c of res.body.products.items) seen.add(c.id)
    }
    expect(seen.size).toBe(p1.total)
  })

  it('never answers 5xx to bad listing input; bad values are dropped', async () => {
    for (const q of [
      'page=-1',
      'page=abc',
      'sort=evil',
      'filter[price][min]=1.5',
      'filter=1',
      'filter[brand][x][y]=1',
      'filter[volume]=abc',
      "filter[brand]=' or 1=1 --",
      'page=99999',
    ]) {
      const res = await entity('/catalog/', q)
      expect(res.status, q).toBe(200)
    }
    expect((await entity('/catalog/', 'page=abc')).body.data.products.page).toBe(1)
    const res = await visitor().get('/api/catalog-list/?section=nope')
    expect(res.status).toBe(404)
  })

  it('answers the product options for the card modal', async () => {
    const id = await scalar<number>(
      'select product_id from product_offers group by product_id having count(*) > 1 limit 1',
    )
    const res = await visitor().get('/api/product-options/', { id })
    expect(res.status).toBe(200)
    expect(res.body.offers.length).toBeGreaterThan(1)
    expect((await visitor().get('/api/product-options/', { id: 999999 })).status).toBe(404)
    expect((await visitor().get('/api/product-options/', { id: 'x' })).status).toBe(422)
  })

  it('tRPC serves the same listing', async () => {
    const { caller } = visitor().trpc()
    const res = await caller.catalog.listing({ section: 'masks', sort: 'price-asc' })
    expect(res.products.total).toBe(
      await scalar(
        "select count(*) from products p join catalog_sections s on s.id = p.section_id where s.slug = 'masks'",
      ),
    )
  })
})

describe('listing query parsing', () => {
  it('drops malformed filter values instead of failing', async () => {
    for (const q of [
      'filter[price][min]=1.5',
      'filter[price]=5',
      'filter[price][max]=abc&filter[price][min]=10',
      'filter[in-stock][x]=1',
      'page_size=1000',
    ]) {
      const res = await visitor().get(`/api/catalog-list/?${q}`)
      expect(res.status, q).toBe(200)
    }
  })
})
