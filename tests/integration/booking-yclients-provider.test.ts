import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  BookingSlotTakenError,
  BookingUnavailableError,
  type BookingSalon,
  type BookingService,
  type BookRequest,
} from '../../server/providers/booking'
import {
  clearYclientsCache,
  createYclientsProvider,
  parseExternalId,
  yclientsCacheTuning,
} from '../../server/providers/booking/yclients'
import { yclientsTuning } from '../../server/providers/booking/yclients-api'
import { startFakeYclients, YCLIENTS_ACCEPT, type FakeYclients } from '../fakes/yclients'
import { db } from '../helpers/db'
import { ANNA, OLGA, YC_SERVICE, yclientsCompany } from '../helpers/yclients'

/**
 * The YCLIENTS provider, called directly, against a local YCLIENTS (tests/fakes/yclients.ts, written from
 * YCLIENTS' API documentation) over real HTTP: where free times come from, what a booking sends,
 * how "taken", "down" and "slow" answers end, what is kept and for how long (ADR 046).
 */

const COMPANY = 512_345
const SERVICE = YC_SERVICE
/** A Novosibirsk salon (UTC+7): its YCLIENTS company answers in +07:00. */
const salon: BookingSalon = {
  id: 7,
  name: 'Салон на Красном',
  address: 'Новосибирск, Красный проспект, 1',
  timeZone: 'Asia/Novosibirsk',
  yclientsCompanyId: String(COMPANY),
}
const service: BookingService = {
  id: 3,
  name: 'Окрашивание',
  durationMinutes: 60,
  price: 3500,
  yclientsServiceId: String(SERVICE),
}
const COMPANY_MSK = 512_346
const irina = {
  id: 201,
  name: 'Ирина',
  specialization: '',
  position: { id: 1, title: 'Стилист' },
  avatar: '',
  services: [SERVICE],
}

/** The controlled clock: 2 December 2026, 12:00 in Novosibirsk. */
const T0 = Date.parse('2026-12-02T12:00:00+07:00')
let clock = T0
const DAY = '2026-12-03'
const DAY_OFF = '2026-12-06'

let fake: FakeYclients
let provider: ReturnType<typeof createYclientsProvider>

beforeAll(async () => {
  fake = await startFakeYclients({
    now: () => clock,
    companies: [
      { ...yclientsCompany(COMPANY, '+07:00'), daysOff: [DAY_OFF] },
      // A company whose YCLIENTS account keeps Moscow time (UTC+3): its times still mean instants.
      { ...yclientsCompany(COMPANY_MSK, '+03:00', '10:00', '12:00'), staff: [{ ...irina }] },
    ],
  })
  provider = createYclientsProvider(() => ({
    apiUrl: fake.url,
    partnerToken: fake.partnerToken,
    userToken: fake.userToken,
  }))
})
afterAll(async () => {
  await fake.close()
  yclientsCacheTuning.now = () => Date.now()
})
beforeEach(() => {
  clock = T0
  yclientsCacheTuning.now = () => clock
  yclientsTuning.readTimeoutMs = 300
  yclientsTuning.writeTimeoutMs = 300
  clearYclientsCache()
  fake.reset()
})
afterEach(() => {
  yclientsTuning.readTimeoutMs = 6_000
  yclientsTuning.writeTimeoutMs = 10_000
})

const request = (over: Partial<BookRequest> = {}): BookRequest => ({
  salon,
  service,
  masterId: ANNA,
  start: `${DAY}T11:00:00+07:00`,
  fullname: 'Мария Иванова',
  phone: '+79161234567',
  email: 'maria@example.ru',
  comment: 'Первый раз',
  bookingId: 42,
  ...over,
})

const failure = async (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e,
  )

describe('free times come from book_times', () => {
  it("one master: GET book_times/{company}/{staff}/{date}?service_ids[]=…, starts in the salon's offset", async () => {
    const slots = await provider.slots(db(), salon, service, DAY, ANNA)
    expect(slots).toEqual(
      ['10:00', '11:00', '12:00', '13:00'].map((t) => ({
        start: `${DAY}T${t}:00+07:00`,
        master: { id: ANNA, name: 'Анна' },
      })),
    )
    const times = fake.calls('/api/v1/book_times/')
    expect(times.map((r) => [r.method, r.path, r.query])).toEqual([
      ['GET', `/api/v1/book_times/${COMPANY}/${ANNA}/${DAY}`, [['service_ids[]', String(SERVICE)]]],
    ])
  })

  it('a time someone took in YCLIENTS is not offered; any master: one slot per start, the first free master', async () => {
    fake.occupy(COMPANY, ANNA, `${DAY}T10:00:00+07:00`)
    fake.occupy(COMPANY, OLGA, `${DAY}T10:00:00+07:00`)
    fake.occupy(COMPANY, ANNA, `${DAY}T11:00:00+07:00`)
    const slots = await provider.slots(db(), salon, service, DAY)
    expect(slots.map((s) => [s.start.slice(11, 16), s.master.name])).toEqual([
      ['11:00', 'Ольга'],
      ['12:00', 'Анна'],
      ['13:00', 'Анна'],
    ])
    expect(fake.calls('/api/v1/book_staff/').map((r) => r.query)).toEqual([[['service_ids[]', String(SERVICE)]]])
  })

  it('only future starts: on the day itself the times already gone are not offered', async () => {
    clock = Date.parse(`${DAY}T11:30:00+07:00`)
    const slots = await provider.slots(db(), salon, service, DAY, ANNA)
    expect(slots.map((s) => s.start)).toEqual([`${DAY}T12:00:00+07:00`, `${DAY}T13:00:00+07:00`])
  })

  it("a company answering in another offset: the same instants, written in the salon's offset", async () => {
    const slots = await provider.slots(db(), { ...salon, yclientsCompanyId: String(COMPANY_MSK) }, service, DAY, 201)
    expect(fake.calls('/api/v1/book_times/')[0]!.path).toBe(`/api/v1/book_times/${COMPANY_MSK}/201/${DAY}`)
    // 10:00 and 11:00 Moscow are 14:00 and 15:00 in Novosibirsk.
    expect(slots.map((s) => s.start)).toEqual([`${DAY}T14:00:00+07:00`, `${DAY}T15:00:00+07:00`])
  })

  it('a day without free times (book_dates does not list it) is an empty list, no book_times asked', async () => {
    for (const staff of [ANNA, OLGA]) fake.occupy(COMPANY, staff, `${DAY}T10:00:00+07:00`, 4 * 60)
    expect(await provider.slots(db(), salon, service, DAY)).toEqual([])
    expect(fake.calls('/api/v1/book_dates/').map((r) => r.query)).toEqual([
      [
        ['service_ids[]', String(SERVICE)],
        ['staff_id', '0'],
        ['date', DAY],
      ],
    ])
    expect(fake.calls('/api/v1/book_times/')).toHaveLength(0)
  })

  it('a service the company does not offer online (book_services) is "unavailable", not an empty schedule', async () => {
    const e = await failure(provider.masters(db(), salon, { ...service, yclientsServiceId: '777' }))
    expect(e).toBeInstanceOf(BookingUnavailableError)
    expect(fake.calls('/api/v1/book_staff/')).toHaveLength(0)
  })

  it('masters are book_staff of the service: staff id, name, position, photo', async () => {
    expect(await provider.masters(db(), salon, service)).toEqual([
      { id: ANNA, name: 'Анна', position: 'Стилист-колорист', photo: 'https://yclients.example/anna.png' },
      { id: OLGA, name: 'Ольга', position: 'Парикмахер', photo: null },
    ])
  })
})

describe('check: is a start free, before the SMS code is spent', () => {
  const q = (start: string, masterId: number | null = ANNA) => ({ salon, service, masterId, start })

  it('free: a fresh book_times has it (for the master, or for any master)', async () => {
    fake.occupy(COMPANY, ANNA, `${DAY}T11:00:00+07:00`)
    expect(await provider.check!(db(), q(`${DAY}T12:00:00+07:00`))).toBe('free')
    expect(await provider.check!(db(), q(`${DAY}T11:00:00+07:00`, null))).toBe('free')
  })

  it('taken: not free on a day YCLIENTS says is worked — even when the kept times still offered it', async () => {
    expect((await provider.slots(db(), salon, service, DAY, ANNA)).map((s) => s.start)).toContain(
      `${DAY}T11:00:00+07:00`,
    )
    fake.occupy(COMPANY, ANNA, `${DAY}T11:00:00+07:00`)
    expect(await provider.check!(db(), q(`${DAY}T11:00:00+07:00`))).toBe('taken')
    fake.occupy(COMPANY, OLGA, `${DAY}T11:00:00+07:00`)
    expect(await provider.check!(db(), q(`${DAY}T11:00:00+07:00`, null))).toBe('taken')
  })

  it('none: a day off, a past start, a master who does not do the service', async () => {
    expect(await provider.check!(db(), q(`${DAY_OFF}T11:00:00+07:00`))).toBe('none')
    expect(await provider.check!(db(), q(`2026-12-01T11:00:00+07:00`))).toBe('none')
    expect(await provider.check!(db(), q(`${DAY}T11:00:00+07:00`, 999))).toBe('none')
  })
})

describe('every request carries the documented headers', () => {
  it('Accept v2 and Bearer <partner> on booking methods; Bearer <partner>, User <user> on the user-side cancel', async () => {
    await provider.masters(db(), salon, service)
    await provider.slots(db(), salon, service, DAY, ANNA)
    const made = await provider.book(db(), request())
    await provider.cancel(db(), { salon, externalId: made.externalId, id: 42 })
    expect(fake.requests.map((r) => r.path.split('/')[3])).toEqual([
      'book_services',
      'book_staff',
      'book_dates',
      'book_times',
      'book_check',
      'book_record',
      'user',
    ])
    for (const r of fake.requests) expect(r.accept).toBe(YCLIENTS_ACCEPT)
    for (const r of fake.requests.slice(0, 6)) expect(r.authorization).toBe(`Bearer ${fake.partnerToken}`)
    expect(fake.requests[6]!.authorization).toBe(`Bearer ${fake.partnerToken}, User ${fake.userToken}`)
  })

  it('a refused partner token is "unavailable", never a crash', async () => {
    const wrong = createYclientsProvider(() => ({
      apiUrl: fake.url,
      partnerToken: 'not-ours',
      userToken: fake.userToken,
    }))
    expect(await failure(wrong.slots(db(), salon, service, DAY, ANNA))).toBeInstanceOf(BookingUnavailableError)
  })
})

describe('a booking is book_check, then book_record', () => {
  it('with the company, staff, service and datetime; the phone as 7XXXXXXXXXX; our booking id as api_id', async () => {
    const made = await provider.book(db(), request())
    const [check, record] = fake.requests.filter((r) => r.method === 'POST')
    const appointment = { id: 1, services: [SERVICE], staff_id: ANNA, datetime: `${DAY}T11:00:00+07:00` }
    expect(check).toMatchObject({ path: `/api/v1/book_check/${COMPANY}`, body: { appointments: [appointment] } })
    expect(record).toMatchObject({
      path: `/api/v1/book_record/${COMPANY}`,
      contentType: 'application/json',
      body: {
        phone: '79161234567',
        fullname: 'Мария Иванова',
        email: 'maria@example.ru',
        comment: 'Первый раз',
        api_id: '42',
        notify_by_sms: 0,
        notify_by_email: 0,
        appointments: [appointment],
      },
    })
    expect(fake.records).toHaveLength(1)
    const rec = fake.records[0]!
    expect(rec).toMatchObject({
      companyId: COMPANY,
      staffId: ANNA,
      services: [SERVICE],
      datetime: `${DAY}T11:00:00+07:00`,
    })
    expect(made).toEqual({ externalId: `${rec.id}:${rec.hash}`, master: { id: ANNA, name: 'Анна' } })
    expect(parseExternalId(made.externalId)).toEqual({ recordId: rec.id, recordHash: rec.hash })
  })

  it('any master: the master is chosen from a fresh book_times and booked by staff id', async () => {
    fake.occupy(COMPANY, ANNA, `${DAY}T11:00:00+07:00`)
    const made = await provider.book(db(), request({ masterId: null }))
    expect(made.master).toEqual({ id: OLGA, name: 'Ольга' })
    expect(fake.records.filter((r) => r.online).map((r) => r.staffId)).toEqual([OLGA])
  })

  it('the time taken in YCLIENTS between book_times and the booking: book_check says so → BookingSlotTakenError, no record', async () => {
    expect(await provider.slots(db(), salon, service, DAY, ANNA)).toHaveLength(4)
    fake.occupy(COMPANY, ANNA, `${DAY}T11:00:00+07:00`)
    expect(await failure(provider.book(db(), request()))).toBeInstanceOf(BookingSlotTakenError)
    expect(fake.calls('/api/v1/book_record/')).toHaveLength(0)
    expect(fake.records.filter((r) => r.online)).toHaveLength(0)
    // The company's kept times are dropped: the next listing no longer offers it.
    expect((await provider.slots(db(), salon, service, DAY, ANNA)).map((s) => s.start.slice(11, 16))).toEqual([
      '10:00',
      '12:00',
      '13:00',
    ])
  })

  it("taken between book_check and book_record: book_record's 422 → BookingSlotTakenError; one visit at that time", async () => {
    fake.takeBeforeNextRecord()
    expect(await failure(provider.book(db(), request()))).toBeInstanceOf(BookingSlotTakenError)
    const at11 = fake.records.filter((r) => r.staffId === ANNA && r.datetime === `${DAY}T11:00:00+07:00` && !r.deleted)
    expect(at11).toHaveLength(1)
    expect(at11[0]!.online).toBe(false)
  })

  it('any master and nobody free at that start → BookingSlotTakenError', async () => {
    fake.occupy(COMPANY, ANNA, `${DAY}T11:00:00+07:00`)
    fake.occupy(COMPANY, OLGA, `${DAY}T11:00:00+07:00`)
    expect(await failure(provider.book(db(), request({ masterId: null })))).toBeInstanceOf(BookingSlotTakenError)
    expect(fake.calls('/api/v1/book_check/')).toHaveLength(0)
  })

  it('a salon or service without YCLIENTS ids is "unavailable" (the request form), nothing sent', async () => {
    const e = await failure(provider.slots(db(), { ...salon, yclientsCompanyId: null }, service, DAY))
    expect(e).toBeInstanceOf(BookingUnavailableError)
    expect(
      await failure(provider.book(db(), request({ service: { ...service, yclientsServiceId: null } }))),
    ).toBeInstanceOf(BookingUnavailableError)
    expect(fake.requests).toHaveLength(0)
  })
})

describe('YCLIENTS down', () => {
  it.each(['hang', 'http-500', 'http-503', 'reset', 'garbage'] as const)(
    '%s on book_times → BookingUnavailableError',
    async (kind) => {
      fake.failNext(kind)
      const started = Date.now()
      const e = await failure(provider.slots(db(), salon, service, DAY, ANNA))
      expect(e).toBeInstanceOf(BookingUnavailableError)
      expect(Date.now() - started).toBeLessThan(2_000)
    },
  )

  it('book_check 503 → unavailable, and book_record is not sent', async () => {
    fake.failNext('http-503')
    const e = await failure(provider.book(db(), request()))
    expect(e).toBeInstanceOf(BookingUnavailableError)
    expect((e as BookingUnavailableError).maybeBooked).toBe(false)
    expect(fake.calls('/api/v1/book_record/')).toHaveLength(0)
  })

  it.each(['hang', 'reset', 'http-500'] as const)(
    'book_record %s → unavailable and maybeBooked; it is sent once, never repeated',
    async (kind) => {
      fake.failNext(kind, 1, '/api/v1/book_record/')
      const e = await failure(provider.book(db(), request()))
      expect(e).toBeInstanceOf(BookingUnavailableError)
      expect((e as BookingUnavailableError).maybeBooked).toBe(true)
      expect(fake.calls('/api/v1/book_record/')).toHaveLength(1)
    },
  )
})

describe('answers are kept briefly', () => {
  it('free times: read once within 60 s, again after; staff lists for 5 minutes', async () => {
    await provider.slots(db(), salon, service, DAY, ANNA)
    clock += 30_000
    await provider.slots(db(), salon, service, DAY, ANNA)
    expect(fake.calls('/api/v1/book_times/')).toHaveLength(1)
    clock += 61_000
    await provider.slots(db(), salon, service, DAY, ANNA)
    expect(fake.calls('/api/v1/book_times/')).toHaveLength(2)
    expect(fake.calls('/api/v1/book_staff/')).toHaveLength(1)
    clock += 5 * 60_000
    await provider.slots(db(), salon, service, DAY, ANNA)
    expect(fake.calls('/api/v1/book_staff/')).toHaveLength(2)
  })

  it("a booking drops the company's kept times at once", async () => {
    await provider.slots(db(), salon, service, DAY, ANNA)
    await provider.book(db(), request())
    const after = await provider.slots(db(), salon, service, DAY, ANNA)
    expect(after.map((s) => s.start.slice(11, 16))).toEqual(['10:00', '12:00', '13:00'])
    expect(fake.calls('/api/v1/book_times/')).toHaveLength(2)
  })
})

describe('cancel', () => {
  it('DELETE user/records/{record_id}/{record_hash}: the time is free again; a record already gone is fine', async () => {
    const made = await provider.book(db(), request())
    await provider.cancel(db(), { salon, externalId: made.externalId, id: 42 })
    const ref = parseExternalId(made.externalId)!
    expect(fake.calls('/api/v1/user/records/').map((r) => [r.method, r.path])).toEqual([
      ['DELETE', `/api/v1/user/records/${ref.recordId}/${ref.recordHash}`],
    ])
    expect(fake.records[0]!.deleted).toBe(true)
    expect((await provider.slots(db(), salon, service, DAY, ANNA)).map((s) => s.start.slice(11, 16))).toContain('11:00')
    await provider.cancel(db(), { salon, externalId: `999999:${ref.recordHash}`, id: 43 })
  })

  it('YCLIENTS down at cancel → BookingUnavailableError', async () => {
    const made = await provider.book(db(), request())
    fake.failNext('http-503')
    expect(await failure(provider.cancel(db(), { salon, externalId: made.externalId, id: 42 }))).toBeInstanceOf(
      BookingUnavailableError,
    )
    expect(fake.records[0]!.deleted).toBe(false)
  })
})
