import { randomBytes } from 'node:crypto'

/**
 * The schedule of the local YCLIENTS (tests/fakes/yclients.ts): companies, their staff and
 * services, the records, and which times are free — what book_times, book_check and book_record
 * answer from.
 */

export interface FakeYclientsService {
  id: number
  title: string
  price_min: number
  price_max: number
  /** Seconds. */
  seance_length: number
}

export interface FakeYclientsStaff {
  id: number
  name: string
  specialization: string
  position: { id: number; title: string }
  avatar: string
  /** The services this master does. */
  services: number[]
}

export interface FakeYclientsCompany {
  id: number
  /** The company's fixed UTC offset, e.g. `+07:00` (Novosibirsk). */
  offset: string
  opens?: string
  closes?: string
  stepMinutes?: number
  /** Local dates the company does not work (book_dates leaves them out of working_dates). */
  daysOff?: string[]
  services: FakeYclientsService[]
  staff: FakeYclientsStaff[]
}

export interface FakeYclientsRecord {
  id: number
  hash: string
  companyId: number
  staffId: number
  services: number[]
  /** ISO with the company's offset, as book_times gave it. */
  datetime: string
  start: number
  end: number
  phone: string
  fullname: string
  email: string
  comment: string
  notifyBySms: unknown
  notifyByEmail: unknown
  deleted: boolean
  /** Made through this fake's API (not `occupy`). */
  online: boolean
}

export const DAY_MS = 86_400_000
const MESSAGE = {
  taken: (staff: string, when: string) =>
    `К сотруднику ${staff} нельзя записаться на ${when}. Выбранное время уже занято или является нерабочим.`,
} as const

/** `+07:00` → minutes east of UTC. */
function offsetMinutes(offset: string): number {
  const m = /^([+-])(\d{2}):(\d{2})$/.exec(offset)
  if (!m) throw new Error(`bad offset ${offset}`)
  const v = Number(m[2]) * 60 + Number(m[3])
  return m[1] === '-' ? -v : v
}

const pad = (n: number) => String(n).padStart(2, '0')

/** An instant → `YYYY-MM-DDTHH:MM:00+07:00` in the company's offset. */
export function isoAt(ms: number, offset: string): string {
  const d = new Date(ms + offsetMinutes(offset) * 60_000)
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:00${offset}`
}

/** A local date and `HH:MM` of the company → the instant. */
export function localMs(date: string, hhmm: string, offset: string): number {
  return Date.parse(`${date}T${hhmm}:00${offset}`)
}

/** What YCLIENTS accepts as a datetime: ISO 8601 with an offset, or a local one (company's zone). */
export function parseDatetime(v: unknown, offset: string): number | null {
  if (typeof v !== 'string') return null
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(v)) {
    const ms = Date.parse(v.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'))
    return Number.isNaN(ms) ? null : ms
  }
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(v)) {
    const ms = Date.parse(`${v.length === 16 ? `${v}:00` : v}${offset}`)
    return Number.isNaN(ms) ? null : ms
  }
  return null
}

export interface Placed {
  staffId: number
  start: number
  end: number
  a: Record<string, unknown>
}

/** The rules over the records: free times and the checks of book_check/book_record. */
export function createSchedule(records: FakeYclientsRecord[], now: () => number) {
  let seq = 1000
  const nextId = () => ++seq

  const serviceLength = (c: FakeYclientsCompany, ids: number[]) => {
    const chosen = ids.length ? c.services.filter((s) => ids.includes(s.id)) : []
    return chosen.reduce((sum, s) => sum + s.seance_length, 0) || 3600
  }

  const busy = (companyId: number, staffId: number, start: number, end: number) =>
    records.some(
      (r) => !r.deleted && r.companyId === companyId && r.staffId === staffId && r.start < end && start < r.end,
    )

  /** Free starts of one master on a local date. */
  function freeTimes(c: FakeYclientsCompany, staff: FakeYclientsStaff, date: string, serviceIds: number[]) {
    if (serviceIds.some((id) => !staff.services.includes(id)) || c.daysOff?.includes(date)) return []
    const length = serviceLength(c, serviceIds) * 1000
    const open = localMs(date, c.opens ?? '10:00', c.offset)
    const close = localMs(date, c.closes ?? '20:00', c.offset)
    const step = (c.stepMinutes ?? 60) * 60_000
    const out: { time: string; seance_length: number; datetime: string; start: number }[] = []
    for (let t = open; t + length <= close; t += step) {
      if (t <= now() || busy(c.id, staff.id, t, t + length)) continue
      const iso = isoAt(t, c.offset)
      out.push({ time: iso.slice(11, 16), seance_length: length / 1000, datetime: iso, start: t })
    }
    return out
  }

  const staffOf = (c: FakeYclientsCompany, id: number) => c.staff.find((s) => s.id === id)

  /** Why an appointment cannot be made: [error code, message], or null when it can. */
  function appointmentProblem(
    c: FakeYclientsCompany,
    a: Record<string, unknown>,
    others: { staffId: number; start: number; end: number }[],
  ): [number, string] | { staffId: number; start: number; end: number } {
    const services = Array.isArray(a.services) ? a.services.map(Number) : []
    if (services.some((id) => !c.services.some((s) => s.id === id)))
      return [438, 'Нет записи на указанные услуги. Услуги удалены.']
    const start = parseDatetime(a.datetime, c.offset)
    if (start === null) return [433, 'Не указано время записи']
    const end = start + serviceLength(c, services) * 1000
    const date = isoAt(start, c.offset).slice(0, 10)
    const when = isoAt(start, c.offset).slice(0, 16).replace('T', ' в ')
    const fits = (s: FakeYclientsStaff) => freeTimes(c, s, date, services).some((t) => t.start === start)
    const staffId = Number(a.staff_id)
    if (staffId === 0) {
      const free = c.staff.find(
        (s) => fits(s) && !others.some((o) => o.staffId === s.id && o.start < end && start < o.end),
      )
      if (!free) return [436, 'Нет сотрудников доступных для записи']
      return { staffId: free.id, start, end }
    }
    const staff = staffOf(c, staffId)
    if (!staff || !fits(staff))
      return [433, MESSAGE.taken(staff ? `${staff.name}(${staff.id})` : String(staffId), when)]
    if (others.some((o) => o.staffId === staffId && o.start < end && start < o.end))
      return [437, 'Выбранное время одной из записей пересекается с временем другой записи']
    return { staffId, start, end }
  }

  function checkAppointments(c: FakeYclientsCompany, body: unknown): [number, string] | Placed[] {
    const appointments = (body as { appointments?: unknown })?.appointments
    if (!Array.isArray(appointments) || appointments.length === 0) return [422, 'Не переданы параметры записи']
    const placed: Placed[] = []
    for (const raw of appointments) {
      const a = (raw ?? {}) as Record<string, unknown>
      if (a.id === undefined || a.staff_id === undefined || a.datetime === undefined)
        return [422, 'Запись должна содержать поля id, staff_id, datetime']
      const r = appointmentProblem(c, a, placed)
      if (Array.isArray(r)) return r
      placed.push({ ...r, a })
    }
    return placed
  }

  function occupyAt(c: FakeYclientsCompany, staffId: number, start: number, minutes: number) {
    const rec: FakeYclientsRecord = {
      id: nextId(),
      hash: randomBytes(16).toString('hex'),
      companyId: c.id,
      staffId,
      services: [],
      datetime: isoAt(start, c.offset),
      start,
      end: start + minutes * 60_000,
      phone: '79990000000',
      fullname: 'Другой клиент',
      email: '',
      comment: '',
      notifyBySms: 0,
      notifyByEmail: 0,
      deleted: false,
      online: false,
    }
    records.push(rec)
    return rec
  }

  return { freeTimes, checkAppointments, staffOf, serviceLength, occupyAt, nextId }
}
