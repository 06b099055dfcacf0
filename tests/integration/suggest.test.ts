import { describe, expect, it } from 'vitest'
import { visitor } from '../helpers/api'
import { editDistance, matchScore, fold } from '../../server/services/suggest'

const c = visitor({ locale: 'ru' })
const list = async (route: string, query?: string) => {
  const res = await c.get(`/api/${route}/`, query === undefined ? undefined : { query })
  expect(res.status).toBe(200)
  return res.body.list as Record<string, unknown>[]
}

describe('suggestions', () => {
  it('a query under 2 characters gives an empty list', async () => {
    for (const r of ['suggest-address', 'suggest-name', 'suggest-city', 'suggest-bank']) {
      expect(await list(r)).toEqual([])
      expect(await list(r, '')).toEqual([])
      expect(await list(r, 'а')).toEqual([])
    }
  })

  it('suggest-bank: by BIC prefix and by name, with the correspondent account', async () => {
    const byBic = await list('suggest-bank', '044525225')
    expect(byBic).toEqual([{ bic: '044525225', bank: 'ПАО Сбербанк', correspondentAccount: '30101810400000000225' }])
    const prefix = await list('suggest-bank', '0445')
    expect(prefix.length).toBe(10)
    expect(prefix.every((b) => String(b.bic).startsWith('0445'))).toBe(true)
    const byName = await list('suggest-bank', 'сбер')
    expect(byName[0]).toMatchObject({ bank: 'ПАО Сбербанк' })
    const typo = await list('suggest-bank', 'Райфайзен')
    expect(typo[0]).toMatchObject({ bic: '044525700' })
    expect(await list('suggest-bank', 'zzzzzz')).toEqual([])
  })

  it('suggest-city: prefix and fuzzy', async () => {
    expect((await list('suggest-city', 'моск'))[0]).toMatchObject({ name: 'Москва', id: 1 })
    expect((await list('suggest-city', 'Новосиб'))[0]).toMatchObject({ name: 'Новосибирск' })
    expect((await list('suggest-city', 'Екатеренбург'))[0]).toMatchObject({ name: 'Екатеринбург' })
  })

  it('suggest-name: completes the last word, surname first', async () => {
    const surnames = await list('suggest-name', 'Иван')
    expect(surnames[0]).toMatchObject({ value: 'Иванов', kind: 'surname' })
    const first = await list('suggest-name', 'Иванов Але')
    expect(first[0]).toMatchObject({ kind: 'first' })
    expect(String(first[0]!.value)).toMatch(/^Иванов Алекс/)
    const patronymic = await list('suggest-name', 'Иванов Иван Серг')
    expect(patronymic[0]).toMatchObject({ value: 'Иванов Иван Сергеевич', kind: 'patronymic' })
    expect(patronymic.length).toBeLessThanOrEqual(10)
  })

  it("suggest-address: street and house in the session's city", async () => {
    const moscow = await list('suggest-address', 'тверская')
    expect(moscow.length).toBeGreaterThan(0)
    expect(moscow.length).toBeLessThanOrEqual(10)
    expect(moscow[0]).toMatchObject({ street: 'ул. Тверская', city: 'Москва', country: 'Россия', postal: '125009' })
    const house = await list('suggest-address', 'Тверская 1')
    expect(house.map((a) => a.house)).toEqual(expect.arrayContaining(['14', '15А', '18А', '115']))
    expect(house.every((a) => String(a.house).startsWith('1'))).toBe(true)
    expect(house[0]!.value).toMatch(/^ул\. Тверская, 1/)
    expect((await list('suggest-address', 'Тверкая'))[0]).toMatchObject({ street: 'ул. Тверская' })

    const spb = visitor({ locale: 'ru' })
    await spb.post('/api/user-city/', { id: 2 })
    const nevsky = (await spb.get('/api/suggest-address/', { query: 'невский' })).body.list
    expect(nevsky[0]).toMatchObject({ street: 'Невский проспект', city: 'Санкт-Петербург' })
    expect((await spb.get('/api/suggest-address/', { query: 'тверская' })).body.list).toEqual([])
  })

  it('suggest-address (issue 17): a partial street name or abbreviation with a house, real postcodes, natural order', async () => {
    const spb = visitor({ locale: 'ru' })
    await spb.post('/api/user-city/', { id: 2 })
    const ask = async (query: string) =>
      (await spb.get('/api/suggest-address/', { query })).body.list as {
        value: string
        house: string
        postal: string
      }[]
    for (const query of [
      'Невский 2',
      'невский пр 2',
      'Невский пр-т, д. 2',
      'пр. Невский 2',
      'нев 2',
      'Невский проспект 2',
    ]) {
      expect((await ask(query))[0], query).toMatchObject({ value: 'Невский проспект, 2', postal: '191186' })
    }
    // Houses in natural order, not as text (9к2, 11, 17к3, 63 — not 11, 17к3, 63, 9к2).
    const houses = (await ask('Невский')).map((a) => a.house)
    expect(houses.slice(0, 6)).toEqual(['2', '9к2', '11', '17к3', '28', '63'])
    // Postcodes differ along a street and between streets; no city-wide single code.
    const nevsky = await ask('Невский')
    expect(new Set(nevsky.map((a) => a.postal)).size).toBeGreaterThan(2)
    const all = (await ask('проспект')).map((a) => a.postal)
    expect(all.every((p) => /^19\d{4}$/.test(p))).toBe(true)
    expect(all).not.toContain('190000')
    const moscow = await list('suggest-address', 'Арбат 2')
    expect(moscow[0]).toMatchObject({ value: 'ул. Арбат, 21к2', postal: '119002' })
  })

  it('bad input never gives a 5xx; results are fast', async () => {
    for (const q of ['%', "' OR 1=1 --", 'ё'.repeat(200), '\u0000\u0001', '0'.repeat(200)]) {
      for (const r of ['suggest-address', 'suggest-name', 'suggest-city', 'suggest-bank']) {
        const res = await c.get(`/api/${r}/`, { query: q })
        expect(res.status, `${r} ${q}`).toBeLessThan(500)
      }
    }
    expect((await c.get('/api/suggest-bank/', { query: 'x'.repeat(300) })).status).toBe(422)
    const started = performance.now()
    for (let i = 0; i < 50; i++) await c.get('/api/suggest-name/', { query: 'Петр' })
    expect((performance.now() - started) / 50).toBeLessThan(20)
  })
})

describe('matching rules', () => {
  it('edit distance is bounded and fold normalises ё', () => {
    expect(editDistance('тверская', 'тверкая', 2)).toBe(1)
    expect(editDistance('abc', 'xyz', 1)).toBe(2)
    expect(fold('Семёнов')).toBe('семенов')
    expect(matchScore('пао сбербанк', 'сбер')).toBe(1)
    expect(matchScore('пао сбербанк', 'пао')).toBe(0)
    expect(matchScore('пао сбербанк', 'qq')).toBe(Infinity)
  })
})
