import { VersionedCache } from '../../cache'
import { isoInZone } from '../../contracts/zoned-time'
import { env } from '../../env'
import { log } from '../../logger'
import { BookingSlotTakenError, BookingUnavailableError } from './errors'
import type { BookingMaster, BookingProvider, BookingSalon, BookingService, BookingSlot } from './types'
import { YclientsError, type YclientsSettings } from './yclients-api'
import {
  bookCheck,
  bookDates,
  bookRecord,
  bookServices,
  bookStaff,
  bookTimes,
  cancelUserRecord,
  type YclientsDates,
  type YclientsService,
  type YclientsStaff,
  type YclientsTime,
} from './yclients-endpoints'

/**
 * BOOKING_PROVIDER=yclients: the salon's schedule is YCLIENTS' (ADR 046). The wire is in
 * yclients-api.ts; this file maps the shop onto it:
 *
 * - a salon is a YCLIENTS company (`yclients_company_id`), a service a YCLIENTS service
 *   (`yclients_service_id`), a master's id is YCLIENTS' staff id;
 * - the service must be in the company's `book_services` (else "unavailable", logged: a wrong
 *   id); masters: `book_staff` for the service; a day: `book_dates` says whether it has free
 *   times at all (a day off is an empty list at once), then `book_times` of each master (or of
 *   the one asked for), re-expressed in the salon's zone (its UTC offset), future only, one per
 *   start ("any master": the first master in YCLIENTS' order free at it);
 * - a booking: `book_check` first, then `book_record` with the company, staff, service and the
 *   start; "any master" is resolved first to a master whose fresh `book_times` has the start. A
 *   time YCLIENTS calls taken (422: 433/436/437, or a 422 without a code) is BookingSlotTakenError
 *   (409); no answer, a timeout, 5xx, 429 or refused credentials are BookingUnavailableError (the
 *   UI offers the request form). book_record is never repeated: YCLIENTS documents no idempotency,
 *   so an answer lost after the request went out is `maybeBooked`, logged with our booking id,
 *   which also travels as the record's `api_id` for the salon to find it;
 * - a cancel: the user-side `DELETE user/records/{record_id}/{record_hash}`; the booking keeps
 *   both as its external id `<record_id>:<record_hash>`;
 * - answers are kept briefly, per process: services and staff lists for 5 minutes, dates and free
 *   times for at most 60 s (a booking, a cancel or a "taken" answer drops the company's at once). A time taken meanwhile in
 *   YCLIENTS is caught by book_check/book_record at booking — never a double booking.
 */

export const yclientsCacheTuning = {
  staffTtlMs: 5 * 60_000,
  timesTtlMs: 60_000,
  /** The clock of the caches and of "future only" (tests move it). */
  now: () => Date.now(),
}

const servicesCache = new VersionedCache<YclientsService[]>(200)
const staffCache = new VersionedCache<YclientsStaff[]>(500)
const datesCache = new VersionedCache<YclientsDates>(2_000)
const timesCache = new VersionedCache<YclientsTime[]>(5_000)
/** A company's generation: bumped when its times must be read afresh in this process. */
const generations = new Map<string, number>()

/** Tests: forget every kept answer. */
export function clearYclientsCache() {
  servicesCache.clear()
  staffCache.clear()
  datesCache.clear()
  timesCache.clear()
  generations.clear()
}

/* ---------- mapping ---------- */

function companyOf(salon: BookingSalon): number {
  const id = Number(salon.yclientsCompanyId)
  if (!salon.yclientsCompanyId || !Number.isInteger(id) || id <= 0) {
    log.warn('Salon has no YCLIENTS company id: online booking is off for it', { salon: salon.id })
    throw new BookingUnavailableError(`salon ${salon.id} has no yclients_company_id`)
  }
  return id
}

function serviceOf(service: BookingService): number {
  const id = Number(service.yclientsServiceId)
  if (!service.yclientsServiceId || !Number.isInteger(id) || id <= 0) {
    log.warn('Service has no YCLIENTS service id: online booking is off for it', { service: service.id })
    throw new BookingUnavailableError(`service ${service.id} has no yclients_service_id`)
  }
  return id
}

/** A failure of YCLIENTS → the provider's errors (reads: every failure is "unavailable"). */
function readFailure(e: unknown): never {
  if (e instanceof YclientsError) {
    log.warn('YCLIENTS read failed', { error: e.message, status: e.status, code: e.code })
    throw new BookingUnavailableError(`YCLIENTS: ${e.message}`)
  }
  throw e
}

interface Settings {
  settings: YclientsSettings
  key: string
}

function currentSettings(settings: () => YclientsSettings): Settings {
  const s = settings()
  return { settings: s, key: s.apiUrl }
}

const windowOf = (ttl: number) => String(Math.floor(yclientsCacheTuning.now() / ttl))
const generation = (key: string, company: number) => generations.get(`${key}|${company}`) ?? 0
function dropTimes(key: string, company: number) {
  generations.set(`${key}|${company}`, generation(key, company) + 1)
}

/** The service must be one the company offers for online booking (book_services), else "unavailable". */
async function offered(s: Settings, company: number, serviceId: number) {
  const services = await servicesCache
    .through(windowOf(yclientsCacheTuning.staffTtlMs), `${s.key}|${company}`, () => bookServices(s.settings, company))
    .catch(readFailure)
  if (!services.some((x) => x.id === serviceId)) {
    log.warn('YCLIENTS company does not offer this service online: check yclients_service_id', { company, serviceId })
    throw new BookingUnavailableError(`YCLIENTS company ${company} has no bookable service ${serviceId}`)
  }
}

async function staffFor(s: Settings, company: number, serviceId: number): Promise<YclientsStaff[]> {
  await offered(s, company, serviceId)
  return staffCache
    .through(windowOf(yclientsCacheTuning.staffTtlMs), `${s.key}|${company}|${serviceId}`, () =>
      bookStaff(s.settings, company, [serviceId]),
    )
    .catch(readFailure)
}

/** book_dates from `date` on, for one master or any (0): the days with free times, and the days worked. */
function datesFrom(s: Settings, company: number, serviceId: number, staffId: number, date: string) {
  const version = `${windowOf(yclientsCacheTuning.timesTtlMs)}:${generation(s.key, company)}`
  return datesCache
    .through(version, `${s.key}|${company}|${serviceId}|${staffId}|${date}`, () =>
      bookDates(s.settings, company, [serviceId], staffId, date),
    )
    .catch(readFailure)
}

/** A master's free times on a local date: kept ≤ 60 s, or read now (`fresh`, which also renews what is kept). */
function timesFor(s: Settings, company: number, staffId: number, date: string, serviceId: number, fresh = false) {
  const version = `${windowOf(yclientsCacheTuning.timesTtlMs)}:${generation(s.key, company)}`
  const key = `${s.key}|${company}|${staffId}|${date}|${serviceId}`
  const load = () => bookTimes(s.settings, company, staffId, date, [serviceId])
  if (!fresh) return timesCache.through(version, key, load).catch(readFailure)
  return load().then((times) => {
    timesCache.set(version, key, times)
    return times
  }, readFailure)
}

const startsAt = (t: YclientsTime) => Date.parse(t.datetime)

/** The first of `staff` whose schedule, read now, has a free start at `at`. */
async function freeAt(
  s: Settings,
  company: number,
  serviceId: number,
  staff: YclientsStaff[],
  date: string,
  at: number,
) {
  for (const m of staff) {
    const times = await timesFor(s, company, m.id, date, serviceId, true)
    if (times.some((t) => startsAt(t) === at)) return m
  }
  return undefined
}

/** The external id a booking keeps: `<record_id>:<record_hash>`. */
export const externalIdOf = (recordId: number, recordHash: string) => `${recordId}:${recordHash}`
export function parseExternalId(externalId: string | null): { recordId: number; recordHash: string } | null {
  const m = /^(\d+):([A-Za-z0-9]+)$/.exec(externalId ?? '')
  return m ? { recordId: Number(m[1]), recordHash: m[2] ?? '' } : null
}

/** `+79161234567` → `79161234567`, the form book_record documents. */
const wirePhone = (phone: string) => phone.replace(/\D/g, '').replace(/^8(\d{10})$/, '7$1')

export function createYclientsProvider(settings: () => YclientsSettings): BookingProvider {
  return {
    name: 'yclients',

    async masters(_db, salon, service): Promise<BookingMaster[]> {
      const s = currentSettings(settings)
      const staff = await staffFor(s, companyOf(salon), serviceOf(service))
      return staff.map((m) => ({
        id: m.id,
        name: m.name,
        position: m.position || m.specialization,
        photo: m.avatar || null,
      }))
    },

    async slots(_db, salon, service, date, masterId): Promise<BookingSlot[]> {
      const s = currentSettings(settings)
      const company = companyOf(salon)
      const serviceId = serviceOf(service)
      const staff = await staffFor(s, company, serviceId)
      const chosen = masterId === undefined ? staff : staff.filter((m) => m.id === masterId)
      // A day off (or a full day): one cached book_dates instead of a book_times per master.
      if (!chosen.length || !(await datesFrom(s, company, serviceId, masterId ?? 0, date)).booking.includes(date))
        return []
      const lists = await Promise.all(chosen.map((m) => timesFor(s, company, m.id, date, serviceId)))
      const now = yclientsCacheTuning.now()
      const byStart = new Map<number, BookingSlot>()
      chosen.forEach((m, i) => {
        for (const t of lists[i] ?? []) {
          const at = startsAt(t)
          if (!(at > now) || byStart.has(at)) continue
          const start = isoInZone(salon.timeZone, at)
          // A time of another local day (the company's zone differs from the salon's) is not this day's.
          if (start.slice(0, 10) !== date) continue
          byStart.set(at, { start, master: { id: m.id, name: m.name } })
        }
      })
      return [...byStart.entries()].sort((a, b) => a[0] - b[0]).map(([, slot]) => slot)
    },

    /**
     * Before the shopper's SMS code is spent: free when a fresh book_times (of the master, or of
     * any master) has the start. YCLIENTS answers "taken or not worked" in one breath, so a start
     * that is not free is `taken` on a day the master (any master) works — book_dates'
     * working_dates — and `none` on a day off, in the past, or for a master who does not do it.
     */
    async check(_db, q) {
      const s = currentSettings(settings)
      const company = companyOf(q.salon)
      const serviceId = serviceOf(q.service)
      const at = Date.parse(q.start)
      if (!(at > yclientsCacheTuning.now())) return 'none'
      const date = isoInZone(q.salon.timeZone, at).slice(0, 10)
      const staff = await staffFor(s, company, serviceId)
      const asked = q.masterId === null ? staff : staff.filter((m) => m.id === q.masterId)
      if (!asked.length) return 'none'
      if (await freeAt(s, company, serviceId, asked, date, at)) return 'free'
      const { working } = await datesFrom(s, company, serviceId, q.masterId ?? 0, date)
      return working.includes(date) ? 'taken' : 'none'
    },

    async book(_db, req) {
      const s = currentSettings(settings)
      const company = companyOf(req.salon)
      const serviceId = serviceOf(req.service)
      const at = Date.parse(req.start)
      const start = isoInZone(req.salon.timeZone, at)
      const staff = await staffFor(s, company, serviceId)
      let master = req.masterId === null ? undefined : staff.find((m) => m.id === req.masterId)
      if (req.masterId === null) {
        // "Any master": the first master whose schedule, read now, has the start.
        master = await freeAt(s, company, serviceId, staff, start.slice(0, 10), at)
        if (!master) {
          dropTimes(s.key, company)
          throw new BookingSlotTakenError(`YCLIENTS company ${company}: no master free at ${start}`)
        }
      }
      const staffId = master?.id ?? req.masterId ?? 0
      const appointments = [{ id: 1, services: [serviceId], staff_id: staffId, datetime: start }]
      try {
        await bookCheck(s.settings, company, appointments)
        const [made] = await bookRecord(s.settings, company, {
          phone: wirePhone(req.phone),
          fullname: req.fullname,
          email: req.email,
          comment: req.comment,
          apiId: String(req.bookingId),
          appointments,
        })
        dropTimes(s.key, company)
        log.info('YCLIENTS record made', { booking: req.bookingId, company, staff: staffId, record: made?.recordId })
        return {
          externalId: externalIdOf(made?.recordId ?? 0, made?.recordHash ?? ''),
          master: { id: staffId, name: master?.name ?? '' },
        }
      } catch (e) {
        if (!(e instanceof YclientsError)) throw e
        if (e.kind === 'taken') {
          dropTimes(s.key, company)
          log.info('YCLIENTS: the time is taken', {
            booking: req.bookingId,
            company,
            staff: staffId,
            start,
            error: e.message,
          })
          throw new BookingSlotTakenError(`YCLIENTS: ${e.message}`)
        }
        const fields = {
          booking: req.bookingId,
          company,
          staff: staffId,
          start,
          status: e.status,
          code: e.code,
          error: e.message,
        }
        if (e.maybeDone)
          log.error('YCLIENTS booking outcome unknown: check the record with api_id = the booking id', fields)
        else log.warn('YCLIENTS booking failed', fields)
        throw new BookingUnavailableError(`YCLIENTS: ${e.message}`, e.maybeDone)
      }
    },

    async cancel(_db, booking) {
      const ref = parseExternalId(booking.externalId)
      if (!ref) {
        log.warn('Booking has no YCLIENTS record to cancel', { booking: booking.id })
        return
      }
      const s = currentSettings(settings)
      try {
        await cancelUserRecord(s.settings, ref.recordId, ref.recordHash)
      } catch (e) {
        if (!(e instanceof YclientsError)) throw e
        // Already gone in YCLIENTS (cancelled at the front desk): the cancel holds.
        if (e.status === 404) {
          log.info('YCLIENTS record already gone', { booking: booking.id, record: ref.recordId })
        } else {
          log.warn('YCLIENTS cancel failed', { booking: booking.id, record: ref.recordId, error: e.message })
          throw new BookingUnavailableError(`YCLIENTS: ${e.message}`)
        }
      }
      const company = Number(booking.salon.yclientsCompanyId)
      if (Number.isInteger(company)) dropTimes(s.key, company)
    },
  }
}

/** BOOKING_PROVIDER=yclients, configured from YCLIENTS_API_URL / YCLIENTS_PARTNER_TOKEN / YCLIENTS_USER_TOKEN. */
export const yclientsBookingProvider: BookingProvider = createYclientsProvider(() => {
  const e = env()
  return { apiUrl: e.YCLIENTS_API_URL, partnerToken: e.YCLIENTS_PARTNER_TOKEN, userToken: e.YCLIENTS_USER_TOKEN }
})
