import { beforeEach, describe, expect, it } from 'vitest'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { visitor, ORIGIN } from '../helpers/api'
import type { Ctx } from '../../server/context'
import { rows, scalar, exec } from '../helpers/db'
import { plainText, ymlDate, ymlFeed } from '../../server/services/feed'
import { Route } from '../../app/routes/yml[.]xml'

/** The Yandex YML feed `/yml.xml` (issue 16 point 4). */

interface YmlOffer {
  '@_id': string
  '@_available': string
  url: string
  price: number
  oldprice?: number
  currencyId: string
  categoryId: number
  picture?: string
  vendor: string
  name: string
  description?: string
}

const parser = new XMLParser({
  ignoreAttributes: false,
  isArray: (name) => ['offer', 'category', 'currency'].includes(name),
  // Names like "Шампунь 2-в-1" stay strings; numeric elements are converted where asked.
  parseTagValue: true,
  numberParseOptions: { leadingZeros: false, hex: false },
})

/** A visitor's context (no session), built before each test: building one reads the session. */
let visitorCtx: Ctx
beforeEach(async () => {
  visitorCtx = await visitor().trpc().ctx
})
const ctx = () => visitorCtx

async function feed(now?: number) {
  const xml = await ymlFeed(ctx(), now)
  expect(XMLValidator.validate(xml)).toBe(true)
  const doc = parser.parse(xml) as {
    yml_catalog: {
      '@_date': string
      shop: {
        name: string
        company: string
        url: string
        currencies: { currency: { '@_id': string; '@_rate': string }[] }
        categories: { category: { '@_id': string; '#text': string }[] }
        offers: { offer: YmlOffer[] }
      }
    }
  }
  return { xml, doc: doc.yml_catalog }
}

const visibleOffers = () =>
  rows<{ id: number; price: number; oldPrice: number | null; stock: number; sectionId: number }>(
    `select o.id, o.price, o.old_price as "oldPrice", o.stock, p.section_id as "sectionId"
       from product_offers o join products p on p.id = o.product_id where p.hidden = false order by o.id`,
  )

describe('/yml.xml', () => {
  it('is a valid YML catalog: header, shop, RUR, the sections, one offer per volume with the database prices', async () => {
    const { xml, doc } = await feed()
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<yml_catalog date="')).toBe(true)
    expect(doc['@_date']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}\+03:00$/)
    expect(doc.shop).toMatchObject({ name: 'Волосы и уход', company: 'ООО «Волосы и уход»', url: `${ORIGIN}/` })
    expect(doc.shop.currencies.currency).toEqual([{ '@_id': 'RUR', '@_rate': '1' }])
    const sections = await rows<{ id: number; title: string }>(
      'select id, title from catalog_sections order by sort, id',
    )
    expect(doc.shop.categories.category.map((c) => [Number(c['@_id']), c['#text']])).toEqual(
      sections.map((s) => [s.id, s.title]),
    )

    const offers = doc.shop.offers.offer
    const expected = await visibleOffers()
    expect(offers).toHaveLength(expected.length)
    const byId = new Map(offers.map((o) => [Number(o['@_id']), o]))
    for (const e of expected) {
      const o = byId.get(e.id)
      expect(o, `offer ${e.id}`).toBeDefined()
      expect(o!.price).toBe(e.price)
      expect(o!.oldprice).toBe(e.oldPrice !== null && e.oldPrice > e.price ? e.oldPrice : undefined)
      expect(o!['@_available']).toBe(e.stock > 0 ? 'true' : 'false')
      expect(o!.currencyId).toBe('RUR')
      expect(o!.categoryId).toBe(e.sectionId)
      expect(o!.url).toMatch(new RegExp(`^${ORIGIN}/catalog/[a-z0-9-]+/[a-z0-9-]+/\\?offer=${e.id}$`))
      expect(o!.picture).toMatch(/^http:\/\/shop\.test\/.+/)
      expect(o!.vendor).toBeTruthy()
      expect(o!.name).toMatch(/, \d+ мл$/)
      expect(String(o!.description ?? '').length).toBeLessThanOrEqual(3000)
    }
    // Both availabilities occur in the seed, and so do discounts.
    expect(offers.some((o) => o['@_available'] === 'false')).toBe(true)
    expect(offers.some((o) => o.oldprice !== undefined)).toBe(true)
  })

  it('shows a price change, a hidden product and escaped text at once (cached per data version)', async () => {
    const [first] = await visibleOffers()
    if (!first) throw new Error('seed')
    const before = (await feed()).doc.shop.offers.offer.find((o) => Number(o['@_id']) === first.id)!
    expect(before.price).toBe(first.price)
    expect(await ymlFeed(ctx())).toBe(await ymlFeed(ctx())) // the same cached text while nothing changes

    await exec('update product_offers set price = ? where id = ?', first.price + 111, first.id)
    const after = (await feed()).doc.shop.offers.offer.find((o) => Number(o['@_id']) === first.id)!
    expect(after.price).toBe(first.price + 111)

    const productId = await scalar<number>('select product_id from product_offers where id = ?', first.id)
    const name = `Шампунь "Тест" & <Уход> 'Про'`
    await exec(
      'update products set name = ?, description = ? where id = ?',
      name,
      '<p>Первый абзац&nbsp;текста.</p><p>Второй\u0001 абзац — ' + 'очень длинный текст '.repeat(300) + '</p>',
      productId,
    )
    const escaped = await feed()
    expect(escaped.xml).toContain('Шампунь &quot;Тест&quot; &amp; &lt;Уход&gt; &apos;Про&apos;')
    const o = escaped.doc.shop.offers.offer.find((x) => Number(x['@_id']) === first.id)!
    expect(o.name.startsWith(name)).toBe(true)
    expect(o.description!.startsWith('Первый абзац текста. Второй абзац —')).toBe(true)
    expect(o.description!.length).toBeLessThanOrEqual(3000)
    expect(escaped.xml.includes('\u0001')).toBe(false)

    const count = (await feed()).doc.shop.offers.offer.length
    const own = await scalar<number>('select count(*) from product_offers where product_id = ?', productId)
    await exec('update products set hidden = true where id = ?', productId)
    const hidden = (await feed()).doc.shop.offers.offer
    expect(hidden).toHaveLength(count - own)
    expect(hidden.some((x) => Number(x['@_id']) === first.id)).toBe(false)
    await exec('update products set hidden = false where id = ?', productId)
  })

  it('is rebuilt at least hourly so its date never goes stale', async () => {
    const t0 = Date.UTC(2026, 4, 22, 11, 37, 10)
    expect(ymlDate(t0)).toBe('2026-05-22T14:37+03:00')
    expect((await feed(t0)).doc['@_date']).toBe('2026-05-22T14:37+03:00')
    expect((await feed(t0 + 2 * 3600_000)).doc['@_date']).toBe('2026-05-22T16:37+03:00')
  })

  it('plain-text descriptions: tags out, entities decoded, cut at a word within the limit', () => {
    expect(plainText('<h3>Заголовок</h3><p>Текст&nbsp;&amp; ещё</p>')).toBe('Заголовок Текст & ещё')
    const long = plainText('слово '.repeat(1000), 100)
    expect(long.length).toBeLessThanOrEqual(100)
    expect(long.endsWith('слово…')).toBe(true)
  })

  it('the product page opens on the volume the feed links to (?offer=)', async () => {
    const p = (
      await rows<{ id: number; section: string; slug: string }>(
        `select p.id, s.slug as section, p.slug from products p
         join catalog_sections s on s.id = p.section_id join product_offers o on o.product_id = p.id
        where p.hidden = false group by p.id, s.slug, p.slug having count(o.id) > 1 limit 1`,
      )
    )[0]
    if (!p) throw new Error('seed')
    const ids = (await rows<{ id: number }>('select id from product_offers where product_id = ?', p.id)).map(
      (o) => o.id,
    )
    const v = visitor()
    const path = `/catalog/${p.section}/${p.slug}/`
    const offerOf = async (query?: Record<string, string>) =>
      ((await v.trpc().caller.page.entity({ path, query }))?.data as { offerId: number }).offerId
    const byDefault = await offerOf()
    const other = ids.find((id) => id !== byDefault)!
    expect(await offerOf({ offer: String(other) })).toBe(other)
    expect(await offerOf({ offer: '1' })).toBe(byDefault) // not this product's offer: the default
  })

  it('GET /yml.xml answers the feed as XML (the route)', async () => {
    const get = (
      Route.options as unknown as { server: { handlers: { GET: (a: { request: Request }) => Promise<Response> } } }
    ).server.handlers.GET
    const res = await get({ request: new Request(`${ORIGIN}/yml.xml`) })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8')
    const text = await res.text()
    expect(XMLValidator.validate(text)).toBe(true)
    expect(text).toBe(await ymlFeed(ctx()))
  })
})
