import { call, data, YclientsError, yclientsTuning, type YclientsSettings } from './yclients-api'

/**
 * The online-booking methods of YCLIENTS' API as the shop calls them and reads their answers
 * (request and answer shapes from the documentation; yclients-api.ts has the transport and the
 * error rules, ADR 046). Query arrays go as repeated `service_ids[]`.
 */

type Json = Record<string, unknown>
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {})

export interface YclientsService {
  id: number
  title: string
  priceMin: number
  priceMax: number
  /** Seconds; only when the list was asked for one master. */
  seanceLength: number | null
}

export interface YclientsStaff {
  id: number
  name: string
  specialization: string
  position: string
  avatar: string
  bookable: boolean
}

export interface YclientsTime {
  /** `HH:MM` in the company's zone. */
  time: string
  /** Seconds. */
  seanceLength: number
  /** ISO 8601, as book_times gave it (to be sent back in book_check/book_record). */
  datetime: string
}

export interface YclientsAppointment {
  id: number
  services: number[]
  staff_id: number
  datetime: string
}

export interface YclientsRecordInput {
  phone: string
  fullname: string
  email?: string
  comment?: string
  apiId?: string
  appointments: YclientsAppointment[]
}

const num = (v: unknown): number => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : NaN)
const text = (v: unknown): string => (typeof v === 'string' ? v : '')
const malformed = (what: string) => new YclientsError('unavailable', 200, null, `${what}: unexpected answer`)

const serviceQuery = (ids: number[]): [string, string][] => ids.map((id) => ['service_ids[]', String(id)])

export async function bookServices(
  s: YclientsSettings,
  companyId: number,
  staffId?: number,
): Promise<YclientsService[]> {
  const query: [string, string][] = staffId ? [['staff_id', String(staffId)]] : []
  const r = await call(s, {
    method: 'GET',
    path: `book_services/${companyId}`,
    query,
    timeoutMs: yclientsTuning.readTimeoutMs,
  })
  const list = obj(data(r)).services
  if (!Array.isArray(list)) throw malformed('book_services')
  return list
    .map(obj)
    .filter((x) => Number.isInteger(num(x.id)))
    .map((x) => ({
      id: num(x.id),
      title: text(x.title),
      priceMin: num(x.price_min) || 0,
      priceMax: num(x.price_max) || 0,
      seanceLength: Number.isFinite(num(x.seance_length)) ? num(x.seance_length) : null,
    }))
}

export async function bookStaff(
  s: YclientsSettings,
  companyId: number,
  serviceIds: number[],
  datetime?: string,
): Promise<YclientsStaff[]> {
  const query = serviceQuery(serviceIds)
  if (datetime) query.push(['datetime', datetime])
  const r = await call(s, {
    method: 'GET',
    path: `book_staff/${companyId}`,
    query,
    timeoutMs: yclientsTuning.readTimeoutMs,
  })
  const list = data(r)
  if (!Array.isArray(list)) throw malformed('book_staff')
  return list
    .map(obj)
    .filter((x) => Number.isInteger(num(x.id)) && num(x.id) > 0)
    .map((x) => ({
      id: num(x.id),
      name: text(x.name),
      specialization: text(x.specialization),
      position: text(obj(x.position).title),
      avatar: text(x.avatar),
      bookable: x.bookable === true || x.bookable === 1 || x.bookable === '1',
    }))
}

/** Dates (YYYY-MM-DD) from `date` on: with free times (`booking_dates`), and worked (`working_dates`). */
export interface YclientsDates {
  booking: string[]
  working: string[]
}

export async function bookDates(
  s: YclientsSettings,
  companyId: number,
  serviceIds: number[],
  staffId: number,
  date: string,
): Promise<YclientsDates> {
  const query = [
    ...serviceQuery(serviceIds),
    ['staff_id', String(staffId)] as [string, string],
    ['date', date] as [string, string],
  ]
  const r = await call(s, {
    method: 'GET',
    path: `book_dates/${companyId}`,
    query,
    timeoutMs: yclientsTuning.readTimeoutMs,
  })
  const answer = obj(data(r))
  if (!Array.isArray(answer.booking_dates)) throw malformed('book_dates')
  const dates = (v: unknown) =>
    Array.isArray(v) ? v.filter((d): d is string => typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d)) : []
  return { booking: dates(answer.booking_dates), working: dates(answer.working_dates) }
}

export async function bookTimes(
  s: YclientsSettings,
  companyId: number,
  staffId: number,
  date: string,
  serviceIds: number[],
): Promise<YclientsTime[]> {
  const r = await call(s, {
    method: 'GET',
    path: `book_times/${companyId}/${staffId}/${date}`,
    query: serviceQuery(serviceIds),
    timeoutMs: yclientsTuning.readTimeoutMs,
  })
  const list = data(r)
  if (!Array.isArray(list)) throw malformed('book_times')
  return list
    .map(obj)
    .filter((x) => typeof x.datetime === 'string' && !Number.isNaN(Date.parse(x.datetime)))
    .map((x) => ({ time: text(x.time), seanceLength: num(x.seance_length) || 0, datetime: text(x.datetime) }))
}

export async function bookCheck(s: YclientsSettings, companyId: number, appointments: YclientsAppointment[]) {
  await call(s, {
    method: 'POST',
    path: `book_check/${companyId}`,
    body: { appointments },
    timeoutMs: yclientsTuning.writeTimeoutMs,
    okStatus: [200, 201],
  })
}

export interface YclientsRecordMade {
  id: number
  recordId: number
  recordHash: string
}

export async function bookRecord(
  s: YclientsSettings,
  companyId: number,
  input: YclientsRecordInput,
): Promise<YclientsRecordMade[]> {
  const body: Json = {
    phone: input.phone,
    fullname: input.fullname,
    email: input.email ?? '',
    comment: input.comment ?? '',
    // The shop sends its own confirmation and reminders (issue 26): YCLIENTS' would be a second text.
    notify_by_sms: 0,
    notify_by_email: 0,
    appointments: input.appointments,
  }
  if (input.apiId) body.api_id = input.apiId
  const r = await call(s, {
    method: 'POST',
    path: `book_record/${companyId}`,
    body,
    timeoutMs: yclientsTuning.writeTimeoutMs,
    okStatus: [200, 201],
  })
  const list = data(r)
  const made = (Array.isArray(list) ? list : [list]).map(obj).map((x) => ({
    id: num(x.id),
    recordId: num(x.record_id),
    recordHash: text(x.record_hash),
  }))
  if (!made.length || made.some((m) => !Number.isInteger(m.recordId) || !m.recordHash))
    throw new YclientsError('unavailable', r.status, null, 'book_record: no record_id/record_hash in the answer', true)
  return made
}

/** The user-side cancel of a record made by book_record (its id and hash). */
export async function cancelUserRecord(s: YclientsSettings, recordId: number, recordHash: string) {
  await call(s, {
    method: 'DELETE',
    path: `user/records/${recordId}/${encodeURIComponent(recordHash)}`,
    asUser: true,
    timeoutMs: yclientsTuning.writeTimeoutMs,
    okStatus: [200, 201, 204],
  })
}
