import { zipSync } from 'fflate'
import { beforeAll, describe, expect, it } from 'vitest'
import { readMedia } from '../../server/exchange/files'
import { visitor } from '../helpers/api'
import { db, rows, scalar, searchProductId } from '../helpers/db'
import { seedAll } from '../../seed/seed-all'
import { enableCatalogExchange } from '../helpers/one-c-env'
import { catalogSnapshot, fixture, fixtureImages, OneC } from '../helpers/one-c'

const P = '-8b5e-11ee-b962-0242ac120002'
const CEM = `e0a10001${P}`
const ACIDIC = `e0a10005${P}`

beforeAll(enableCatalogExchange)

const product = async (ext: string) =>
  (
    await rows<{
      id: number
      slug: string
      section: string
      name: string
      hidden: number
      minPrice: number
      totalStock: number
    }>(
      `select p.id, p.slug, s.slug as section, p.name, case when p.hidden then 1 else 0 end as hidden, p.min_price as "minPrice", p.total_stock as "totalStock"
       from products p join catalog_sections s on s.id = p.section_id where p.external_id = ?`,
      ext,
    )
  )[0]!
const entity = (path: string) => visitor().get('/api/entity/', { path })
const pagePath = async (ext: string) => `/catalog/${(await product(ext)).section}/${(await product(ext)).slug}/`

/** A whole catalog exchange: checkauth, init, files in parts, import of each until success. */
async function exchange(files: [string, Buffer][], opts: { images?: boolean; parts?: number } = {}) {
  const c = new OneC()
  await c.checkauth()
  const init = await c.init()
  expect(init.lines[0]).toBe('zip=yes')
  expect(init.lines[1]).toMatch(/^file_limit=\d+$/)
  if (opts.images !== false) for (const [path, data] of fixtureImages()) await c.upload(path, data)
  const results: Record<string, { answer: Awaited<ReturnType<OneC['importFile']>>['answer']; times: number[] }> = {}
  for (const [name, data] of files) {
    await c.upload(name, data, opts.parts ?? 3)
    results[name] = await c.importFile(name)
  }
  return { c, results }
}

describe('1C exchange: catalog import', () => {
  it('imports import.xml and offers.xml sent in parts, step by step, and the catalog shows them at once', async () => {
    const productsBefore = await scalar('select count(*) from products')
    // The caches are warm before the import: what follows must see the change at once.
    await visitor().get('/api/catalog-list/', { section: 'shampoo', page_size: 60 })
    const searchNames = async (q: string) =>
      (await visitor().get('/api/search/', { s: q })).body.items.map((i: { name: string }) => i.name) as string[]
    expect(await searchNames('Magnetics')).not.toContain('Шампунь Color Extend Magnetics для окрашенных волос')

    const { results } = await exchange([
      ['import.xml', fixture('import.xml')],
      ['offers.xml', fixture('offers.xml')],
    ])
    for (const name of ['import.xml', 'offers.xml']) {
      expect(results[name]!.answer.lines[0]).toBe('success')
      expect(results[name]!.times.length).toBeGreaterThan(2) // parse, write, finish: several calls
    }
    expect(await scalar('select count(*) from products')).toBe(productsBefore + 5)

    // Groups → sections: "Шампуни" is the seeded section of that title; the others are new.
    expect((await product(CEM)).section).toBe('shampoo')
    expect(await scalar("select external_id from catalog_sections where slug = 'shampoo'")).toBe(`b1f4d6c2${P}`)
    expect((await product(ACIDIC)).section).toBe('maski-dlya-volos')
    expect((await product(`e0a10003${P}`)).section).toBe('stayling')
    expect(await rows('select id from products where external_id is not null and id >= 1000001')).toEqual([])

    // The listing: card with price, old price as discount, stock.
    const list = await visitor().get('/api/catalog-list/', { section: 'shampoo', page_size: 60 })
    const cemId = (await product(CEM)).id
    const card = list.body.products.items.find((i: { id: number }) => i.id === cemId)
    expect(card).toMatchObject({
      brand: 'Redken',
      price: { value: 2150, discount: 240 },
      inStock: true,
      volumes: [300, 1000],
    })
    expect(card.image.src).toMatch(/^\/media\/1c\/[0-9a-f]{40}\.png$/)
    expect(card.image).toMatchObject({ width: 40, height: 30 })
    expect(readMedia(card.image.src.split('/').pop())?.type).toBe('image/png')

    // The product page: offers by volume with stock, properties, 1C attributes.
    const page = await entity(await pagePath(CEM))
    expect(page.status).toBe(200)
    const detail = page.body.data
    expect(
      detail.offers.map((o: { volume: number; stock: number; price: { value: number } }) => [
        o.volume,
        o.stock,
        o.price.value,
      ]),
    ).toEqual([
      [300, 12, 2150],
      [1000, 3, 4890],
    ])
    expect(detail.offers.map((o: { sku: string }) => o.sku)).toEqual(['RK-CEM-300', 'RK-CEM-1000'])
    expect(detail.gallery).toHaveLength(2)
    expect(detail.gallery[1]).toMatchObject({ width: 640 + 1, height: 480 + 1 })
    const prop = (code: string) => detail.properties.find((p: { code: string }) => p.code === code)?.value
    expect(prop('hair-type')).toBe('Окрашенные')
    expect(prop('purpose')).toBe('Защита цвета')
    expect(detail.properties).toContainEqual(expect.objectContaining({ label: 'Страна производства', value: 'США' }))

    // The brand by name (the seeded Davines, not a copy), the sum over warehouses, a volume from the name, a hair type the filter did not have becomes one of its values.
    expect(await scalar("select count(*) from brands where name = 'Davines'")).toBe(1)
    expect((await product(`e0a10002${P}`)).totalStock).toBe(7)
    expect(await rows(`select volume, stock from product_offers where external_id = ?`, `e0a10003${P}`)).toEqual([
      { volume: 150, stock: 0 },
    ])
    const curl = (await entity(await pagePath(`e0a10004${P}`))).body.data
    expect(curl.properties).toContainEqual(expect.objectContaining({ label: 'Тип волос', value: 'Кудрявые' }))

    // Search and facets see the new products in the same moment.
    expect(await searchNames('Magnetics')).toContain('Шампунь Color Extend Magnetics для окрашенных волос')
    const davines = (await visitor().get('/api/search/', { s: 'davines', page: 1 })).body
    expect(davines.total).toBe(
      await scalar("select count(*) from products p join brands b on b.id = p.brand_id where b.name = 'Davines'"),
    )
    expect(
      await scalar(
        'select b.name from products p join brands b on b.id = p.brand_id where p.external_id = ?',
        `e0a10002${P}`,
      ),
    ).toBe('Davines')
    const brands = list.body.filters.find((f: { code: string }) => f.code === 'brand')
    expect(brands.values.map((v: { label: string }) => v.label)).toContain('Davines')
  })

  it('every property value 1C sends shows on the product page: as a filter value where it is one, as a characteristic otherwise', async () => {
    const xml = fixture('import-partial.xml')
      .toString('utf8')
      .replace(
        '<Значение>d2000001-8b5e-11ee-b962-0242ac120002</Значение>',
        '<Значение>d2000002-8b5e-11ee-b962-0242ac120002</Значение><Значение>Сухие и ломкие</Значение>',
      )
    const { results } = await exchange([['import.xml', Buffer.from(xml)]])
    expect(results['import.xml']!.answer.lines[0]).toBe('success')
    const detail = (await entity(await pagePath(CEM))).body.data
    const shown = detail.properties.map((p: { label: string; value: string }) => `${p.label}: ${p.value}`)
    // "Тип волос" is a filter: the value 1C sends is one of its values (one row, no second "Тип волос").
    expect(shown).toContain('Тип волос: Сухие, Сухие и ломкие')
    expect(shown.filter((line: string) => line.startsWith('Тип волос'))).toHaveLength(1)
    expect(shown).toContain('Страна производства: США') // not a filter: a characteristic
    const list = await visitor().get('/api/catalog-list/', { section: 'shampoo', page_size: 60 })
    const hair = list.body.filters.find((f: { code: string }) => f.code === 'hair-type')
    const value = hair.values.find((v: { label: string }) => v.label === 'Сухие и ломкие')
    expect(value).toMatchObject({ value: 'sukhie-i-lomkie', count: 1 })
    const filtered = await visitor().get('/api/catalog-list/', {
      section: 'shampoo',
      'filter[hair-type][]': value.value,
    })
    expect(filtered.body.products.items.map((i: { id: number }) => i.id)).toEqual([(await product(CEM)).id])
    // The same file again makes no second filter value.
    await exchange([['import.xml', Buffer.from(xml)]])
    expect(await scalar("select count(*) from product_properties where label = 'Сухие и ломкие'")).toBe(1)
  })

  it('prices.xml and rests.xml (the split files) change only prices and stock', async () => {
    const names = await rows('select id, name, description, section_id from products order by id')
    await exchange(
      [
        ['prices.xml', fixture('prices.xml')],
        ['rests.xml', fixture('rests.xml')],
      ],
      { images: false, parts: 1 },
    )
    expect(
      await rows(
        'select price, old_price as "oldPrice", stock from product_offers where external_id = ?',
        `${CEM}#c0000300${P}`,
      ),
    ).toEqual([{ price: 1990, oldPrice: 2390, stock: 7 }])
    expect(await rows('select price, stock from product_offers where external_id = ?', `e0a10003${P}`)).toEqual([
      { price: 1851, stock: 9 },
    ])
    // The untouched offer keeps what offers.xml gave it; the aggregates follow.
    expect(await scalar('select stock from product_offers where external_id = ?', `${CEM}#c0001000${P}`)).toBe(3)
    expect(await product(CEM)).toMatchObject({ minPrice: 1990, totalStock: 10 })
    expect(await rows('select id, name, description, section_id from products order by id')).toEqual(names)
    const card = (await visitor().get('/api/search/', { s: 'Volume Lift' })).body.items[0]
    expect(card).toMatchObject({ inStock: true, price: { value: 1851 } })
  })

  it('importing the same files again changes nothing', async () => {
    await exchange([
      ['import.xml', fixture('import.xml')],
      ['offers.xml', fixture('offers.xml')],
    ])
    const before = await catalogSnapshot()
    await exchange([
      ['import.xml', fixture('import.xml')],
      ['offers.xml', fixture('offers.xml')],
    ])
    expect(await catalogSnapshot()).toBe(before)
  })

  it('a partial import touches only the products it names', async () => {
    const others = await rows('select * from products where external_id <> ? order by id', CEM)
    const offers = await rows('select * from product_offers order by id')
    const { results } = await exchange([['import.xml', fixture('import-partial.xml')]])
    expect(results['import.xml']!.answer.lines[0]).toBe('success')
    expect((await product(CEM)).name).toBe('Шампунь Color Extend Magnetics (новая формула)')
    expect(await rows('select * from products where external_id <> ? order by id', CEM)).toEqual(others)
    expect(await rows('select * from product_offers order by id')).toEqual(offers)
    expect((await visitor().get('/api/search/', { s: 'формула' })).body.items[0].name).toBe(
      'Шампунь Color Extend Magnetics (новая формула)',
    )
  })

  it('a full import hides the product it does not name (404, out of listing, search, sitemap, cart); its order still reads', async () => {
    const buyer = visitor()
    const offerId = await scalar<number>(
      'select id from product_offers where external_id = ?',
      `${ACIDIC}#c0000250${P}`,
    )
    const order = await buyer.post('/api/orders-fast-buy/', { id: offerId, phone: '+7 (912) 345-67-89' })
    expect(order.status).toBe(200)
    const path = await pagePath(ACIDIC)
    expect((await entity(path)).status).toBe(200)
    // Another shopper has it in the cart when it disappears.
    const holder = visitor()
    expect((await holder.post('/api/cart-list/', { id: offerId })).status).toBe(200)

    const { results } = await exchange([['import.xml', fixture('import-without-acidic.xml')]])
    expect(results['import.xml']!.answer.lines[0]).toBe('success')
    expect((await product(ACIDIC)).hidden).toBe(1)
    expect(await scalar('select count(*) from products where external_id = ?', ACIDIC)).toBe(1) // never deleted

    expect((await entity(path)).status).toBe(404)
    const list = await visitor().get('/api/catalog-list/', { section: 'maski-dlya-volos', page_size: 60 })
    expect(list.body.products.items.map((i: { name: string }) => i.name)).not.toContain(
      'Маска Acidic Bonding Concentrate восстанавливающая',
    )
    expect(list.body.products.total).toBe(1)
    const searchIds = async (q: string) =>
      (await visitor().get('/api/search/', { s: q })).body.items.map((i: { id: number }) => i.id) as number[]
    expect(await searchIds('Acidic Bonding Concentrate')).not.toContain((await product(ACIDIC)).id)
    expect(
      await scalar(`select count(*) from search_products where ${searchProductId} = ?`, (await product(ACIDIC)).id),
    ).toBe(0)
    const sitemap = await import('../../server/services/seo')
    const { createContext } = await import('../../server/context')
    expect(await sitemap.sitemapXml(await createContext(new Request('http://shop.test/sitemap.xml')))).not.toContain(
      path,
    )
    expect((await visitor().post('/api/cart-list/', { id: offerId })).status).toBe(404)
    expect((await visitor().post('/api/cart-list/', { id: (await product(ACIDIC)).id })).status).toBe(404)
    // Already in a cart: shown sold out, and the order is refused naming it (nothing lost: the line stays).
    const held = (await holder.get('/api/cart-list/')).body.items as { id: number; stock: number }[]
    expect(held.find((i) => i.id === offerId)?.stock).toBe(0)
    const refused = await holder.post('/api/orders-checkout-offline/', {
      fullname: 'Анна Смирнова',
      phone: '+7 (913) 555-12-34',
      email: 'anna@example.com',
      delivery: 'courier',
      address: 'г. Москва, ул. Тверская, д. 1, кв. 5',
    })
    expect(refused.status).toBe(409)
    expect((await holder.get('/api/cart-list/')).body.items).toHaveLength(1)

    const detail = await buyer.get('/api/order/', { id: order.body.order.id })
    expect(detail.status).toBe(200)
    expect(JSON.stringify(detail.body)).toContain('Acidic Bonding Concentrate')

    // Named again by the next full import: back, with its offers.
    await exchange([['import.xml', fixture('import.xml')]])
    expect((await product(ACIDIC)).hidden).toBe(0)
    expect((await entity(path)).status).toBe(200)
    expect(await searchIds('Acidic Bonding Concentrate')).toContain((await product(ACIDIC)).id)
  })

  it('npm run seed afterwards neither deletes nor shows again imported products', async () => {
    await exchange([['import.xml', fixture('import-without-acidic.xml')]])
    expect((await product(ACIDIC)).hidden).toBe(1)
    const imported = await rows(
      'select id, slug, name, hidden, min_price, total_stock from products where external_id is not null order by id',
    )
    const offers = await rows('select * from product_offers where external_id is not null order by id')
    await seedAll(db())
    expect(
      await rows(
        'select id, slug, name, hidden, min_price, total_stock from products where external_id is not null order by id',
      ),
    ).toEqual(imported)
    expect(await rows('select * from product_offers where external_id is not null order by id')).toEqual(offers)
    expect(
      await scalar(`select count(*) from search_products where ${searchProductId} = ?`, (await product(ACIDIC)).id),
    ).toBe(0)
    expect(
      await scalar(`select count(*) from search_products where ${searchProductId} = ?`, (await product(CEM)).id),
    ).toBe(1)
    await exchange([['import.xml', fixture('import.xml')]])
    expect((await product(ACIDIC)).hidden).toBe(0)
  })

  it.each([
    ['import.xml', 'import-broken-xml.xml', /^Файл import\.xml — неверный XML: /],
    ['import.xml', 'import-unknown-group.xml', /^Товар e0a10003-.*: неизвестная группа b1f4ffff-/],
    ['offers.xml', 'offers-negative-stock.xml', /: отрицательный остаток -6$/],
    ['offers.xml', 'offers-bad-price.xml', /: цена «28и70» — не число$/],
    ['offers.xml', 'offers-unknown-product.xml', /: неизвестный товар e0a1ffff-/],
  ])('refuses a broken %s (%s) with a reason and changes nothing', async (name, file, reason) => {
    const before = await catalogSnapshot()
    const { c, results } = await exchange([[name, fixture(file)]])
    const answer = results[name]!.answer
    expect(answer.lines[0]).toBe('failure')
    expect(answer.lines[1]).toMatch(reason)
    expect(await catalogSnapshot()).toBe(before)
    // Asked again, the same refusal.
    expect((await c.call({ type: 'catalog', mode: 'import', filename: name })).lines).toEqual(answer.lines)
  })

  it('takes the Классификатор and the goods in separate import files of one exchange (newer releases)', async () => {
    const xml = fixture('import.xml').toString('utf8')
    const catalogAt = xml.indexOf('\t<Каталог')
    const classifierOnly = xml.slice(0, catalogAt) + '</КоммерческаяИнформация>\n'
    const goodsOnly = xml.slice(0, xml.indexOf('\t<Классификатор>')) + xml.slice(catalogAt)
    const visible = await scalar('select count(*) from products where hidden = false')
    const { results } = await exchange([
      ['goods/import0_1.xml', Buffer.from(classifierOnly)],
      ['goods/import1_1.xml', Buffer.from(goodsOnly)],
    ])
    expect(results['goods/import0_1.xml']!.answer.lines[0]).toBe('success')
    expect(results['goods/import1_1.xml']!.answer.lines[0]).toBe('success')
    expect(await scalar('select count(*) from products where hidden = false')).toBe(visible)
    expect((await product(ACIDIC)).section).toBe('maski-dlya-volos')
  })

  it('accepts one zip archive with the files and images (zip=yes)', async () => {
    const files: Record<string, Uint8Array> = {
      'import.xml': fixture('import-partial.xml'),
      'offers.xml': fixture('offers.xml'),
    }
    for (const [path, data] of fixtureImages()) files[path] = data
    const zip = zipSync(files)
    const c = new OneC()
    await c.checkauth()
    await c.init()
    await c.upload('exchange.zip', zip, 4)
    const imp = await c.importFile('import.xml')
    expect(imp.answer.lines[0]).toBe('success')
    expect(imp.times.length).toBeGreaterThan(1) // the first call unpacks
    expect((await c.importFile('offers.xml')).answer.lines[0]).toBe('success')
  })
})
