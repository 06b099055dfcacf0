import { beforeEach, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { visitor, ORIGIN } from '../helpers/api'
import type { Ctx } from '../../server/context'
import { rows, scalar, exec } from '../helpers/db'
import { robotsTxt, sitemapXml } from '../../server/services/seo'
import { sanitizeRichHtml, readingMinutes } from '../../server/services/content'

const entity = (path: string, query?: string, locale?: string) =>
  visitor(locale ? { locale } : undefined).get('/api/entity/', query ? { path, query } : { path })

/** A visitor's context (no session), built before each test: building one reads the session. */
let visitorCtx: Ctx
beforeEach(async () => {
  visitorCtx = await visitor().trpc().ctx
})
const ctx = () => visitorCtx

describe('blog', () => {
  const total = () => scalar('select count(*) from posts where published_at <= ?', Date.now())

  it('/blog/ lists the newest posts with reading time; pages differ; canonical per page', async () => {
    const p1 = await entity('/blog/')
    expect(p1.status).toBe(200)
    expect(p1.body.type).toBe('blog')
    expect(p1.body.meta.canonical).toBe('/blog/')
    const { items, pageSize, pages } = p1.body.data
    expect(p1.body.data.total).toBe(await total())
    expect(items).toHaveLength(Math.min(pageSize, await total()))
    expect(pages).toBe(Math.ceil((await total()) / pageSize))
    const dates = items.map((i: { publishedAt: string }) => i.publishedAt)
    expect([...dates].sort().reverse()).toEqual(dates)
    for (const i of items) expect(i.readingTime).toBeGreaterThanOrEqual(1)
    expect(pages).toBeGreaterThan(1)
    const p2 = await entity('/blog/', 'page=2')
    expect(p2.status).toBe(200)
    expect(p2.body.meta.canonical).toBe('/blog/?page=2')
    const ids1 = items.map((i: { id: number }) => i.id)
    const ids2 = p2.body.data.items.map((i: { id: number }) => i.id)
    expect(ids2.length).toBeGreaterThan(0)
    expect(ids2.some((x: number) => ids1.includes(x))).toBe(false)
  })

  it('answers 404 for a page past the last or a malformed page, 200 for page=1', async () => {
    expect((await entity('/blog/', 'page=999')).status).toBe(404)
    expect((await entity('/blog/', 'page=0')).status).toBe(404)
    expect((await entity('/blog/', 'page=abc')).status).toBe(404)
    expect((await entity('/blog/', 'page[x]=1')).status).toBe(404)
    expect((await entity('/blog/', 'page=1')).status).toBe(200)
    expect((await visitor().get('/api/blog-list/', { page: 999 })).status).toBe(404)
    expect((await visitor().get('/api/blog-list/', { page: 'x' })).status).toBe(422)
    expect((await visitor().get('/api/blog-list/', { page: 2 })).body.page).toBe(2)
  })

  it('/blog/{slug}/ renders sanitized HTML, reading time and related posts sharing tags', async () => {
    const res = await entity('/blog/how-to-choose-shampoo/')
    expect(res.status).toBe(200)
    expect(res.body.type).toBe('blog-post')
    const { post, related } = res.body.data
    expect(res.body.meta).toMatchObject({
      title: post.title,
      canonical: '/blog/how-to-choose-shampoo/',
      image: expect.stringContaining('/images/blog/'),
    })
    expect(post.html).toContain('<h2>')
    expect(post.html).toMatch(
      /<img src="\/images\/blog\/cover-1\.svg" width="1200" height="630" alt="[^"]+" loading="lazy"/,
    )
    expect(post.readingTime).toBe(
      readingMinutes(
        (await rows<{ html: string }>("select html from posts where slug = 'how-to-choose-shampoo'"))[0]!.html,
      ),
    )
    expect(related).toHaveLength(3)
    expect(related.some((r: { tags: string[] }) => r.tags.some((t) => post.tags.includes(t)))).toBe(true)
    expect(related.every((r: { id: number }) => r.id !== post.id)).toBe(true)
    expect((await entity('/blog/no-such-post/')).status).toBe(404)
  })

  it('strips <script>, event handlers and javascript: links from stored HTML', async () => {
    await exec(
      'insert into posts (slug, title, excerpt, html, image, tags, published_at) values (?, ?, ?, ?, ?, ?, ?)',
      'xss-test',
      'XSS',
      'x',
      '<p>ok</p><script>alert(1)</script><img src="/images/x.svg" onerror="alert(2)" width="10" height="10" alt="a"><a href="javascript:alert(3)">j</a><p style="color:red" onclick="x()">s</p><iframe src="https://evil"></iframe><a href="https://example.com/">e</a>',
      '/images/blog/cover-1.svg',
      '[]',
      Date.now() - 1000,
    )
    const res = await entity('/blog/xss-test/')
    const html: string = res.body.data.post.html
    expect(html).toContain('<p>ok</p>')
    expect(html).not.toMatch(/script|onerror|onclick|javascript:|style=|iframe|alert/i)
    expect(html).toContain('<img src="/images/x.svg" width="10" height="10" alt="a"')
    expect(html).toContain('rel="noopener noreferrer nofollow"')
    expect(sanitizeRichHtml('<h1>T</h1><table><tr><th>a</th><td>b</td></tr></table>')).toBe(
      '<h2>T</h2><table><tr><th>a</th><td>b</td></tr></table>',
    )
  })

  it('tRPC content.posts and content.faq answer the same lists', async () => {
    const { caller } = visitor().trpc()
    const page2 = await caller.content.posts({ page: 2 })
    expect(page2.page).toBe(2)
    expect(page2.items.length).toBeGreaterThan(0)
    await expect(caller.content.posts({ page: 999 })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    const faq = await caller.content.faq()
    expect(faq.flatMap((g) => g.items)).toHaveLength(await scalar('select count(*) from faq_items'))
  })

  it('hides scheduled posts until their date', async () => {
    await exec(
      'insert into posts (slug, title, excerpt, html, image, tags, published_at) values (?, ?, ?, ?, ?, ?, ?)',
      'future-post',
      'Future',
      'x',
      '<p>x</p>',
      '/images/blog/cover-1.svg',
      '[]',
      Date.now() + 86_400_000,
    )
    expect((await entity('/blog/future-post/')).status).toBe(404)
    expect(await sitemapXml(ctx())).not.toContain('future-post')
  })
})

describe('FAQ and content pages', () => {
  it('/faq/ groups questions with sanitized answers', async () => {
    const res = await entity('/faq/')
    expect(res.status).toBe(200)
    expect(res.body.type).toBe('faq')
    expect(res.body.meta.canonical).toBe('/faq/')
    const groups = res.body.data.groups
    expect(groups).toHaveLength(await scalar('select count(distinct group_id) from faq_items'))
    const items = groups.flatMap((g: { items: unknown[] }) => g.items)
    expect(items).toHaveLength(await scalar('select count(*) from faq_items'))
    expect(items[0]).toMatchObject({ question: expect.any(String), answer: expect.stringContaining('<p>') })
  })

  it.each(['about', 'delivery', 'payment', 'privacy', 'requisites'])(
    '/%s/ is a content page with sanitized HTML and meta',
    async (slug) => {
      const res = await entity(`/${slug}/`)
      expect(res.status).toBe(200)
      expect(res.body.type).toBe('page')
      expect(res.body.meta.canonical).toBe(`/${slug}/`)
      expect(res.body.meta.description.length).toBeGreaterThan(10)
      expect(res.body.data.html.length).toBeGreaterThan(50)
      expect(res.body.data.html).not.toContain('<script')
    },
  )

  it('requisites keep their table', async () => {
    expect((await entity('/requisites/')).body.data.html).toContain('<table>')
  })

  it('an unknown top-level page is 404', async () => {
    expect((await entity('/no-such-page/')).status).toBe(404)
  })
})

describe('home page', () => {
  it('has the hero, catalog sections, popular products, services and latest posts', async () => {
    const res = await entity('/')
    expect(res.status).toBe(200)
    expect(res.body.type).toBe('index')
    expect(res.body.meta.canonical).toBe('/')
    const d = res.body.data
    expect(d.hero).toMatchObject({
      title: expect.any(String),
      subtitle: expect.any(String),
      image: { src: '/images/hero.svg', width: 1920, height: 560 },
    })
    expect(d.sections).toHaveLength(await scalar('select count(*) from catalog_sections'))
    expect(d.products.length).toBeGreaterThan(0)
    for (const p of d.products) {
      expect(Object.keys(p).sort()).toEqual(
        expect.arrayContaining(['brand', 'id', 'image', 'inStock', 'isFavorite', 'link', 'name', 'price']),
      )
      expect(p.price).toEqual({ value: expect.any(Number), discount: expect.any(Number) })
      expect(p.link).toMatch(/^\/catalog\/[\w-]+\/[\w-]+\/$/)
      expect(p.isFavorite).toBe(false)
    }
    const top = await scalar('select max(popularity) from products where total_stock > 0')
    expect(await scalar('select popularity from products where id = ?', d.products[0].id)).toBe(top)
    expect(d.services.length).toBeGreaterThan(0)
    expect(d.posts).toHaveLength(3)
    expect(d.posts[0].id).toBe(
      await scalar('select id from posts where published_at <= ? order by published_at desc limit 1', Date.now()),
    )
  })
})

describe('SEO', () => {
  it('sitemap.xml lists every public page with absolute URLs', async () => {
    const xml = await sitemapXml(ctx())
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    )
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!)
    for (const l of locs) expect(l.startsWith(ORIGIN + '/')).toBe(true)
    const paths = locs.map((l) => l.slice(ORIGIN.length))
    expect(paths).toEqual(
      expect.arrayContaining([
        '/',
        '/catalog/',
        '/services/',
        '/blog/',
        '/faq/',
        '/about/',
        '/delivery/',
        '/payment/',
        '/privacy/',
        '/requisites/',
        '/blog/?page=2',
      ]),
    )
    const product = (
      await rows<{ slug: string; section: string }>(
        'select p.slug, s.slug as section from products p join catalog_sections s on s.id = p.section_id limit 1',
      )
    )[0]!
    expect(paths).toContain(`/catalog/${product.section}/${product.slug}/`)
    expect(paths.filter((p) => /^\/catalog\/[\w-]+\/[\w-]+\/$/.test(p))).toHaveLength(
      await scalar('select count(*) from products'),
    )
    expect(paths.filter((p) => /^\/blog\/[\w-]+\/$/.test(p))).toHaveLength(
      await scalar('select count(*) from posts where published_at <= ?', Date.now()),
    )
    expect(paths.filter((p) => /^\/services\/[\w-]+\/[\w-]+\/$/.test(p))).toHaveLength(
      await scalar('select count(*) from services'),
    )
    expect(paths).toContain('/blog/how-to-choose-shampoo/')
    expect(new Set(paths).size).toBe(paths.length)
    expect(paths.some((p) => /^\/(cart|personal|search|order|api)\//.test(p))).toBe(false)
  })

  it('every sitemap page resolves (no 404 in the sitemap)', async () => {
    const xml = await sitemapXml(ctx())
    const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) =>
      m[1]!.slice(ORIGIN.length).replace(/&amp;/g, '&'),
    )
    const sample = paths.filter((_, i) => i % 7 === 0 || !paths[i]!.startsWith('/catalog/'))
    for (const p of sample) {
      const [path = '/', query] = p.split('?')
      const res = await entity(path, query)
      expect(res.status, p).toBe(200)
    }
  })

  it('robots.txt allows the site, disallows state and API paths, points to the sitemap', () => {
    const txt = robotsTxt(ctx())
    expect(txt).toContain('User-agent: *\nAllow: /\n')
    for (const p of ['/api/', '/personal/', '/cart/', '/order/', '/search/']) expect(txt).toContain(`Disallow: ${p}\n`)
    expect(txt).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`)
  })
})

describe('hostile input never gives a 5xx', () => {
  const scalarish = fc.oneof(
    fc.string(),
    fc.integer(),
    fc.double(),
    fc.constant('__proto__'),
    fc.constant(null),
    fc.boolean(),
  )
  const anything = fc.oneof(
    scalarish,
    fc.array(scalarish, { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 12 }), scalarish, { maxKeys: 4 }),
  )

  it('service-price with random ids and values', async () => {
    const ids = (await rows<{ id: number }>('select id from services')).map((r) => r.id)
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom(...ids), anything),
        fc.oneof(
          anything,
          fc.dictionary(
            fc.constantFrom('length', 'density', 'strands', 'tapes', 'braids', '__proto__', 'constructor'),
            scalarish,
            { maxKeys: 4 },
          ),
        ),
        async (id, values) => {
          const res = await visitor().post('/api/service-price/', { id, values })
          expect(res.status).toBeLessThan(500)
          if (res.status === 200) expect(Number.isInteger(res.body.price)).toBe(true)
        },
      ),
      { numRuns: 150 },
    )
    const proto = await visitor().post('/api/service-price/', { id: ids[0], values: { __proto__: 'x' } })
    expect(proto.status).toBeLessThan(500)
    const raw = await visitor().raw(
      'GET',
      `/api/service-price/?id=${ids[0]}&values[__proto__]=x&values[constructor][a]=1`,
    )
    expect(raw.status).toBeLessThan(500) // the body parser drops prototype keys
  })

  it('entity pages of this area with random slugs and queries', async () => {
    const segment = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.constantFrom('haircuts', 'womens-haircut', 'how-to-choose-shampoo', '%', '..', '%00', '<script>'),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/services/', '/blog/', '/faq/', '/'),
        fc.array(segment, { maxLength: 2 }),
        fc.oneof(
          fc.string({ maxLength: 30 }),
          fc.constantFrom('page=2', 'page=-1', 'page[]=1', 'page=1e3', 'page=99999999'),
        ),
        async (base, parts, query) => {
          const path = base + parts.map((p) => p + '/').join('')
          const res = await visitor().get('/api/entity/', { path, query })
          expect([200, 404]).toContain(res.status)
        },
      ),
      { numRuns: 150 },
    )
  })
})
