import { describe, expect, it } from 'vitest'
import { visitor } from '../helpers/api'
import { jsonValue, rows, scalar } from '../helpers/db'
import { earliestFormDate, isoFormDate } from '../../server/contracts/forms'

/** yyyy-mm-dd `days` away from the shop's today. */
function shopDay(days: number): string {
  const d = new Date(`${earliestFormDate()}T12:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

const airtouchId = () => scalar("select id from services where slug = 'airtouch'")

const booking = (over: Record<string, unknown> = {}) => ({
  name: 'Анна',
  phone: '+7 (912) 345-67-89',
  date: shopDay(3),
  service: 'Окрашивание AirTouch',
  page: '/services/coloring/airtouch/',
  ...over,
})

const submissions = async () =>
  (
    await rows<{ data: unknown }>("select data from form_submissions where form_code = 'service-booking' order by id")
  ).map((r) => jsonValue<Record<string, string>>(r.data))

describe('service booking form', () => {
  it('offers every service of the shop and preselects the page’s own one', async () => {
    const def = await visitor().get('/api/form/service-booking/')
    const field = (def.body.fields as { name: string; options?: string[] }[]).find((f) => f.name === 'service')!
    expect(field.options).toHaveLength(await scalar('select count(*) from services'))
    expect(field.options).toContain('Окрашивание AirTouch')
    const en = await visitor({ locale: 'en' }).get('/api/form/service-booking/')
    const enField = (en.body.fields as { name: string; options?: string[]; optionLabels?: string[] }[]).find(
      (f) => f.name === 'service',
    )!
    expect(enField.options).toEqual(field.options)
    expect(enField.optionLabels?.[enField.options!.indexOf('Окрашивание AirTouch')]).toBe('AirTouch coloring')

    const page = await visitor().get('/api/entity/', { path: '/services/coloring/airtouch/' })
    expect(page.body.data.bookingDefaults).toEqual({ service: 'Окрашивание AirTouch' })
  })

  it('refuses a date in the past with a field message, accepts today and later', async () => {
    const past = await visitor().post('/api/form/service-booking/', booking({ date: shopDay(-1) }))
    expect(past.status).toBe(422)
    expect(past.body.errors).toEqual({ date: 'Дата не может быть в прошлом' })
    const [y, m, d] = shopDay(-30).split('-')
    const pastRu = await visitor({ locale: 'en' }).post(
      '/api/form/service-booking/',
      booking({ date: `${d}.${m}.${y}` }),
    )
    expect(pastRu.body.errors).toEqual({ date: 'The date cannot be in the past' })
    const impossible = await visitor().post('/api/form/service-booking/', booking({ date: '2099-02-30' }))
    expect(impossible.status).toBe(422)
    expect(impossible.body.errors.date).toBe('Неверные данные')
    expect(await submissions()).toHaveLength(0)

    expect((await visitor().post('/api/form/service-booking/', booking({ date: shopDay(0) }))).status).toBe(200)
    expect((await visitor().post('/api/form/service-booking/', booking({ date: shopDay(1) }))).status).toBe(200)
    expect(await submissions()).toHaveLength(2)
  })

  it('the date rule is the shop’s calendar day', () => {
    // 21:30 UTC on 31 Dec is already 1 Jan in Moscow.
    expect(earliestFormDate(new Date('2030-12-31T21:30:00Z'))).toBe('2031-01-01')
    expect(isoFormDate('01.02.2031')).toBe('2031-02-01')
    expect(isoFormDate('2031-02-29')).toBeNull()
  })

  it('stores the calculator’s choice, priced on the server, with the request (JSON, form-encoded and tRPC)', async () => {
    const id = await airtouchId()
    const json = await visitor().post(
      '/api/form/service-booking/',
      booking({ calculation: { service: id, values: { length: 'long', density: 'thick' } } }),
    )
    expect(json.status).toBe(200)
    expect((await submissions()).at(-1)).toMatchObject({
      service: 'Окрашивание AirTouch',
      serviceOptions: 'Длина волос: Длинные (до лопаток); Густота волос: Густые',
      servicePrice: String(Math.round(9000 * 1.6 * 1.3)),
    })

    const form = await visitor().form('POST', '/api/form/service-booking/', [
      ...Object.entries(booking()).map(([k, v]) => [k, String(v)] as [string, string]),
      ['calculation[service]', String(id)],
      ['calculation[values][length]', 'medium'],
    ])
    expect(form.status).toBe(200)
    expect((await submissions()).at(-1)).toMatchObject({ servicePrice: String(Math.round(9000 * 1.3)) })

    const { page, ...fields } = booking()
    await visitor()
      .trpc()
      .caller.forms.submit({
        code: 'service-booking',
        fields,
        page: String(page),
        calculation: { service: id, values: {} },
      })
    expect((await submissions()).at(-1)).toMatchObject({ servicePrice: '9000' })
  })

  it('refuses a bad calculator value and keeps no choice made for another service than the one booked', async () => {
    const id = await airtouchId()
    const count = (await submissions()).length
    const bad = await visitor().post(
      '/api/form/service-booking/',
      booking({ calculation: { service: id, values: { length: 'huge' } } }),
    )
    expect(bad.status).toBe(422)
    expect(await submissions()).toHaveLength(count)

    const other = await visitor().post(
      '/api/form/service-booking/',
      booking({ service: 'Мелирование', calculation: { service: id, values: { length: 'long' } } }),
    )
    expect(other.status).toBe(200)
    const stored = (await submissions()).at(-1)!
    expect(stored.service).toBe('Мелирование')
    expect(stored.servicePrice).toBeUndefined()
    expect(stored.serviceOptions).toBeUndefined()
  })
})
