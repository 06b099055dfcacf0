import { describe, expect, it } from 'vitest'
import { visitor } from '../helpers/api'
import { db, rows, exec } from '../helpers/db'
import { runSeed } from '../../seed/seed'
import { historyCommentText } from '../../server/services/order-history-text'
import { t } from '../../server/contracts/i18n'
import '../../server/services/orders'

const entity = (path: string, locale = 'en') => visitor({ locale }).get('/api/entity/', { path })
const CYRILLIC = /[А-Яа-яЁё]/

/** Every nullable English column migration 0005 added, with the Russian column it translates. */
const EN_COLUMNS: [table: string, en: string, ru: string][] = [
  ['catalog_sections', 'description_en', 'description'],
  ['products', 'description_en', 'description'],
  ['brands', 'country_en', 'country'],
  ['services', 'description_en', 'description'],
  ['service_sections', 'description_en', 'description'],
  ['faq_groups', 'title_en', 'title'],
  ['faq_items', 'question_en', 'question'],
  ['faq_items', 'answer_en', 'answer'],
  ['posts', 'title_en', 'title'],
  ['posts', 'excerpt_en', 'excerpt'],
  ['posts', 'html_en', 'html'],
  ['pages', 'description_en', 'description'],
  ['pages', 'html_en', 'html'],
  ['site_contacts', 'workhours_en', 'workhours'],
  ['site_contacts', 'address_en', 'address'],
  ['pickup_points', 'title_en', 'title'],
  ['pickup_points', 'address_en', 'address'],
  ['pickup_points', 'workhours_en', 'workhours'],
]

describe('seeded English texts (issue 17)', () => {
  it('the seed fills every English column of the seeded rows, in English, also when it runs over an existing database', async () => {
    // A database seeded before the English texts existed: the next seed must fill them.
    for (const [table, en] of EN_COLUMNS) await exec(`update ${table} set ${en} = null`)
    await runSeed(db())
    for (const [table, en, ru] of EN_COLUMNS) {
      const all = await rows<{ en: string | null; ru: string }>(
        `select cast(${en} as text) as en, cast(${ru} as text) as ru from ${table}`,
      )
      expect(all.length, table).toBeGreaterThan(0)
      const missing = all.filter((r) => r.en === null || r.en.trim() === '')
      expect(missing, `${table}.${en}`).toEqual([])
      // pickup points' and contacts' addresses may keep no Cyrillic at all; none of them may be Russian text
      const russian = all.filter((r) => CYRILLIC.test(r.en ?? ''))
      expect(russian.map((r) => r.en).slice(0, 3), `${table}.${en}`).toEqual([])
    }
    // seeded products carry no 1C attributes, so there is nothing to translate there
    expect(
      await rows('select id from products where cast(attributes as text) <> ? and attributes_en is null', '[]'),
    ).toEqual([])
  })

  it('no English product name repeats a word ("Vitamino Color Color Care Shampoo")', async () => {
    const names = (await rows<{ name: string }>('select name_en as name from products')).map((r) => r.name)
    expect(names).toContain("L'Oréal Professionnel Serie Expert Vitamino Color Care Shampoo")
    expect(names.filter((n) => /\b(\w+) \1\b/i.test(n))).toEqual([])
  })

  it('a product without an English description falls back to the Russian one, flagged', async () => {
    const product = (
      await rows<{ id: number; section: string; slug: string; description: string }>(
        `select p.id, s.slug as section, p.slug, p.description from products p
         join catalog_sections s on s.id = p.section_id where p.hidden = false order by p.id limit 1`,
      )
    )[0]!
    const path = `/catalog/${product.section}/${product.slug}/`
    const before = await entity(path)
    expect(before.body.data.description).not.toMatch(CYRILLIC)
    expect(before.body.data.ruOnly).toBeUndefined()
    await exec('update products set description_en = null where id = ?', product.id)
    const after = await entity(path)
    expect(after.body.data.description).toBe(product.description)
    expect(after.body.data.ruOnly).toEqual(['description'])
    const ru = await entity(path, 'ru')
    expect(ru.body.data.ruOnly).toBeUndefined()
    await exec('update products set description_en = ? where id = ?', 'Restored.', product.id)
  })

  it("the footer's hours of a city with a salon are the salon's pickup hours, in both languages", async () => {
    for (const locale of ['ru', 'en'] as const) {
      const res = await visitor({ locale }).get('/api/site-contacts/')
      expect(res.status).toBe(200)
      const moscow = (res.body as { city: { id: number } | null; workhours: string[] }[]).find((c) => c.city?.id === 1)!
      const point = (
        await rows<{ workhours: string; workhoursEn: string }>(
          'select workhours, workhours_en as "workhoursEn" from pickup_points where id = 1',
        )
      )[0]!
      const hours = locale === 'en' ? point.workhoursEn : point.workhours
      expect(moscow.workhours.join(', ')).toBe(hours)
    }
    // One source: the salon's hours changed in its pickup point are the footer's at once.
    const before = (await rows<{ workhours: string }>('select workhours from pickup_points where id = 1'))[0]!.workhours
    await exec('update pickup_points set workhours = ? where id = 1', 'Пн–Вс 09:00–23:00')
    const res = await visitor().get('/api/site-contacts/')
    const moscow = (res.body as { city: { id: number } | null; workhours: string[] }[]).find((c) => c.city?.id === 1)!
    expect(moscow.workhours).toEqual(['Пн–Вс 09:00–23:00'])
    await exec('update pickup_points set workhours = ? where id = 1', before)
  })

  it('order history texts stored in Russian are shown through their keys in English', () => {
    expect(historyCommentText('en', t('ru', 'order.historyCreated'))).toBe(t('en', 'order.historyCreated'))
    expect(
      historyCommentText('en', t('ru', 'order.historyCancelled', { reason: 'Передумал' }), (_, v) => `<${v}>`),
    ).toBe(t('en', 'order.historyCancelled', { reason: '<Передумал>' }))
    expect(historyCommentText('ru', 'Заказ оформлен')).toBe('Заказ оформлен')
    expect(historyCommentText('en', 'typed by a manager')).toBe('typed by a manager')
  })
})
