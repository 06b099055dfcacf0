import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { setEnvForTests } from '../../server/env'
import { clearYclientsCache, yclientsCacheTuning } from '../../server/providers/booking/yclients'
import { yclientsTuning } from '../../server/providers/booking/yclients-api'
import { startFakeYclients, YCLIENTS_ACCEPT, type FakeYclients } from '../fakes/yclients'
import { book, codeFor, freshPhone, guest, nextWeekday, nsk, NSK, serviceId } from '../helpers/booking'
import { visitor } from '../helpers/api'
import { exec, scalar } from '../helpers/db'
import { captureLogs } from '../helpers/logs'
import { ANNA, OLGA, YC_SERVICE, yclientsCompany } from '../helpers/yclients'

/**
 * BOOKING_PROVIDER=yclients through the shop's REST handler (in-process) against a local YCLIENTS
 * (tests/fakes/yclients.ts, written from YCLIENTS' API documentation) over real HTTP — issue 26
 * "Done when": slots come from book_times, a booking is a book_record with the right company,
 * staff, services and datetime, a slot taken in YCLIENTS is a 409, and YCLIENTS down gives the
 * shopper a clear message while the request form still works (ADR 046). The Novosibirsk salon
 * (id 8, UTC+7) is YCLIENTS company 512345; the women's haircut is YCLIENTS service 9001.
 * The provider itself, called directly: booking-yclients-provider.test.ts.
 */

const COMPANY = 512_345
let fake: FakeYclients
let haircut: number
const wednesday = nextWeekday(3)

beforeAll(async () => {
  fake = await startFakeYclients({ companies: [yclientsCompany(COMPANY, '+07:00')] })
  haircut = await serviceId('womens-haircut')
  await exec('update pickup_points set yclients_company_id = ? where id = ?', String(COMPANY), NSK)
  await exec('update services set yclients_service_id = ? where id = ?', String(YC_SERVICE), haircut)
  setEnvForTests({
    BOOKING_PROVIDER: 'yclients',
    YCLIENTS_API_URL: fake.url,
    YCLIENTS_PARTNER_TOKEN: fake.partnerToken,
    YCLIENTS_USER_TOKEN: fake.userToken,
  })
})
afterAll(async () => {
  setEnvForTests({})
  await fake.close()
})
beforeEach(() => {
  yclientsCacheTuning.now = () => Date.now()
  yclientsTuning.readTimeoutMs = 300
  yclientsTuning.writeTimeoutMs = 300
  clearYclientsCache()
  fake.reset()
})
afterEach(() => {
  yclientsTuning.readTimeoutMs = 6_000
  yclientsTuning.writeTimeoutMs = 10_000
})

const slotsOf = async (master?: number) => {
  const query = { service: haircut, salon: NSK, date: wednesday, ...(master ? { master } : {}) }
  const res = await (await guest()).get('/api/booking-slots/', query)
  expect(res.status).toBe(200)
  return res.body as { start: string; master: { id: number; name: string } }[]
}
const bookingRows = () => scalar<number>('select count(*) from bookings where provider = ?', 'yclients')

describe('BOOKING_PROVIDER=yclients through REST', () => {
  it("masters are YCLIENTS' staff; slots are book_times of the salon's company in +07:00", async () => {
    const v = await guest()
    const masters = await v.get('/api/booking-masters/', { service: haircut, salon: NSK })
    expect(masters.status).toBe(200)
    expect(masters.body).toEqual([
      { id: ANNA, name: 'Анна', position: 'Стилист-колорист', photo: 'https://yclients.example/anna.png' },
      { id: OLGA, name: 'Ольга', position: 'Парикмахер', photo: null },
    ])
    fake.occupy(COMPANY, ANNA, nsk(wednesday, '10:00'))
    expect(await slotsOf(ANNA)).toEqual(
      ['11:00', '12:00', '13:00'].map((t) => ({ start: nsk(wednesday, t), master: { id: ANNA, name: 'Анна' } })),
    )
    const times = fake.calls('/api/v1/book_times/')
    expect(times.map((r) => r.path)).toEqual([`/api/v1/book_times/${COMPANY}/${ANNA}/${wednesday}`])
    expect(times[0]!.query).toEqual([['service_ids[]', String(YC_SERVICE)]])
    for (const r of fake.requests) {
      expect(r.accept).toBe(YCLIENTS_ACCEPT)
      expect(r.authorization).toBe(`Bearer ${fake.partnerToken}`)
    }
  })

  it('a second listing within 60 s asks YCLIENTS nothing', async () => {
    await slotsOf()
    const asked = fake.requests.length
    expect(fake.calls('/api/v1/book_times/')).toHaveLength(2)
    await slotsOf()
    expect(fake.requests).toHaveLength(asked)
  })

  it('a booking is book_check then book_record with the company, staff, service and datetime', async () => {
    const v = await guest()
    const { res, phone } = await book(v, { service: haircut, salon: NSK, master: OLGA, start: nsk(wednesday, '12:00') })
    expect(res.status).toBe(200)
    expect(res.body.booking).toMatchObject({ master: { id: OLGA, name: 'Ольга' }, start: nsk(wednesday, '12:00') })
    const posts = fake.requests.filter((r) => r.method === 'POST').map((r) => r.path)
    expect(posts).toEqual([`/api/v1/book_check/${COMPANY}`, `/api/v1/book_record/${COMPANY}`])
    const appointment = { id: 1, services: [YC_SERVICE], staff_id: OLGA, datetime: nsk(wednesday, '12:00') }
    expect(fake.calls('/api/v1/book_record/')[0]!.body).toMatchObject({
      phone: phone.replace('+', ''),
      fullname: 'Анна Иванова',
      api_id: String(res.body.booking.id),
      appointments: [appointment],
    })
    expect(fake.records).toMatchObject([
      { companyId: COMPANY, staffId: OLGA, services: [YC_SERVICE], datetime: nsk(wednesday, '12:00'), deleted: false },
    ])
    // The time is gone from the listing at once (the company's kept times were dropped).
    expect((await slotsOf(OLGA)).map((s) => s.start)).not.toContain(nsk(wednesday, '12:00'))

    // Cancelled in "Мои записи": the user-side DELETE with the record's hash; the time is free again.
    const cancelled = await v.delete('/api/user-bookings/', { id: res.body.booking.id })
    expect(cancelled.status).toBe(200)
    const rec = fake.records[0]!
    expect(fake.calls('/api/v1/user/records/').map((r) => [r.method, r.path, r.authorization])).toEqual([
      ['DELETE', `/api/v1/user/records/${rec.id}/${rec.hash}`, `Bearer ${fake.partnerToken}, User ${fake.userToken}`],
    ])
    expect(rec.deleted).toBe(true)
    expect((await slotsOf(OLGA)).map((s) => s.start)).toContain(nsk(wednesday, '12:00'))
  })

  it('without a master: a master free at that start in YCLIENTS is booked', async () => {
    fake.occupy(COMPANY, ANNA, nsk(wednesday, '13:00'))
    const { res } = await book(await guest(), { service: haircut, salon: NSK, start: nsk(wednesday, '13:00') })
    expect(res.status).toBe(200)
    expect(res.body.booking.master).toEqual({ id: OLGA, name: 'Ольга' })
    expect(fake.records.filter((r) => r.online).map((r) => r.staffId)).toEqual([OLGA])
  })

  it('a slot taken in YCLIENTS after the shopper saw it is a 409 — before the code (check) and at book_record', async () => {
    const before = await bookingRows()
    // The shopper sees 11:00 free (kept for up to 60 s); the front desk books it in YCLIENTS.
    expect((await slotsOf(ANNA)).map((s) => s.start)).toContain(nsk(wednesday, '11:00'))
    fake.occupy(COMPANY, ANNA, nsk(wednesday, '11:00'))
    const v = await guest(3, 'ru')
    const phone = freshPhone()
    const code = await codeFor(v, phone)
    const body = {
      service: haircut,
      salon: NSK,
      master: ANNA,
      start: nsk(wednesday, '11:00'),
      fullname: 'Анна',
      phone,
      code,
    }
    const taken = await v.post('/api/booking/', body)
    expect(taken.status).toBe(409)
    expect(taken.body).toMatchObject({ success: false, errors: { start: expect.any(String) } })
    expect(fake.calls('/api/v1/book_record/')).toHaveLength(0)

    // Taken between book_check and book_record (the race YCLIENTS settles): still a 409, no visit kept.
    fake.takeBeforeNextRecord()
    const raced = await v.post('/api/booking/', { ...body, start: nsk(wednesday, '12:00') })
    expect(raced.status).toBe(409)
    expect(fake.calls('/api/v1/book_record/')).toHaveLength(1)
    expect(fake.records.filter((r) => r.online)).toHaveLength(0)
    expect(await bookingRows()).toBe(before)
  })

  it('YCLIENTS down: a 503 with a message the shopper can act on (ru/en), no visit kept; the request form still works', async () => {
    fake.failNext('http-503', 20)
    const en = await (await guest()).get('/api/booking-slots/', { service: haircut, salon: NSK, date: wednesday })
    expect(en.status).toBe(503)
    expect(en.body).toMatchObject({ success: false, message: expect.stringMatching(/leave a request/) })
    const ru = await (await guest(3, 'ru')).get('/api/booking-masters/', { service: haircut, salon: NSK })
    expect(ru.status).toBe(503)
    expect(ru.body.message).toMatch(/оставьте заявку/)
    fake.reset()

    // Down at the booking itself: book_record hangs past the timeout.
    const before = await bookingRows()
    fake.failNext('hang', 1, '/api/v1/book_record/')
    const { res } = await book(await guest(), {
      service: haircut,
      salon: NSK,
      master: ANNA,
      start: nsk(wednesday, '10:00'),
    })
    expect(res.status).toBe(503)
    expect(res.body.message).toMatch(/leave a request/)
    expect(await bookingRows()).toBe(before)

    const form = await visitor().post('/api/form/service-booking/', {
      name: 'Анна',
      phone: '+7 (912) 345-67-89',
      date: wednesday,
      service: 'Женская стрижка',
      page: '/services/haircuts/womens-haircut/',
    })
    expect(form.status).toBe(200)
  })

  it("logs name the booking and YCLIENTS' answer, never the tokens or the phone", async () => {
    const env = {
      BOOKING_PROVIDER: 'yclients',
      YCLIENTS_API_URL: fake.url,
      YCLIENTS_PARTNER_TOKEN: fake.partnerToken,
      YCLIENTS_USER_TOKEN: fake.userToken,
    }
    const v = await guest()
    const phone = freshPhone()
    const code = await codeFor(v, phone)
    fake.failNext('hang', 1, '/api/v1/book_record/')
    const body = {
      service: haircut,
      salon: NSK,
      master: ANNA,
      start: nsk(wednesday, '13:00'),
      fullname: 'Анна',
      phone,
      code,
    }
    const { result, logs } = await captureLogs(() => v.post('/api/booking/', body), env)
    expect(result?.status).toBe(503)
    expect(logs).toMatch(/YCLIENTS booking outcome unknown/)
    expect(logs).toMatch(/"booking":\d+/)
    for (const secret of [fake.partnerToken, fake.userToken, phone.slice(2), 'Анна']) expect(logs).not.toContain(secret)

    // Refused credentials: an error line that names the variables to check.
    const refused = await captureLogs(
      () => v.get('/api/booking-slots/', { service: haircut, salon: NSK, date: wednesday }),
      { ...env, YCLIENTS_PARTNER_TOKEN: 'not-the-partner-token' },
    )
    expect(refused.result?.status).toBe(503)
    expect(refused.logs).toMatch(/YCLIENTS_PARTNER_TOKEN/)
    expect(refused.logs).not.toContain('not-the-partner-token')
  })
})
