import { and, asc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm'
import type { DB } from '../../../db/client'
import { isConstraintViolation, isPostgres, queryRows, transaction } from '../../../db/engine'
import { bookings, masterDaysOff, masterHours, masters, masterServices } from '../../../db/schema'
import { isoInZone, localTime, zonedToUtc } from '../../contracts/zoned-time'
import { BookingSlotTakenError, BookingStartError } from './errors'
import type { BookingMaster, BookingProvider, BookingSalon, BookingSlot, BookRequest, SlotQuery } from './types'

/**
 * The built-in schedule (BOOKING_PROVIDER=local, ADR 044): masters, the services each does,
 * weekly hours and days off, all in the salon's local time, and the `bookings` table. A slot is
 * a start on the SLOT_STEP grid from the start of the master's day where the whole service fits
 * before the day's end, lies in the future and overlaps no booked visit of that master.
 *
 * Race safety, across processes: `book` decides inside one transaction that holds the master —
 * SQLite: BEGIN IMMEDIATE (one writer at a time); PostgreSQL: `SELECT … FOR UPDATE` on the
 * master's row, taken in id order (no deadlock when "any master" tries several) — re-reads the
 * master's visits and only then marks ours booked. `bookings.slot_key` (unique while booked) is
 * the database's last word against the same start twice.
 */

/** Minutes between the starts a master offers. */
export const SLOT_STEP_MINUTES = 30

type MasterRow = { id: number; name: string; position: string; photo: string | null; sort: number }

async function mastersOf(db: DB, salonId: number, serviceId: number, masterId?: number | null): Promise<MasterRow[]> {
  return db
    .select({
      id: masters.id,
      name: masters.name,
      position: masters.position,
      photo: masters.photo,
      sort: masters.sort,
    })
    .from(masters)
    .innerJoin(masterServices, eq(masterServices.masterId, masters.id))
    .where(
      and(
        eq(masters.salonId, salonId),
        eq(masters.active, true),
        eq(masterServices.serviceId, serviceId),
        masterId ? eq(masters.id, masterId) : undefined,
      ),
    )
    .orderBy(asc(masters.sort), asc(masters.id))
}

/** 1 = Monday … 7 = Sunday of a calendar day. */
const weekdayOf = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  const w = new Date(Date.UTC(y, m - 1, d)).getUTCDay()
  return w === 0 ? 7 : w
}

interface DaySchedule {
  /** Per master: [from, to] in local minutes, absent = not working that day. */
  hours: Map<number, [number, number]>
  /** Per master: booked [startAt, endAt) in UTC ms. */
  busy: Map<number, [number, number][]>
}

async function daySchedule(
  db: DB,
  salon: BookingSalon,
  masterIds: number[],
  date: string,
  exceptBookingId?: number,
): Promise<DaySchedule> {
  const hours = new Map<number, [number, number]>()
  const busy = new Map<number, [number, number][]>()
  if (!masterIds.length) return { hours, busy }
  const [hourRows, offRows] = await Promise.all([
    db
      .select({ masterId: masterHours.masterId, from: masterHours.startMinute, to: masterHours.endMinute })
      .from(masterHours)
      .where(and(inArray(masterHours.masterId, masterIds), eq(masterHours.weekday, weekdayOf(date)))),
    db
      .select({ masterId: masterDaysOff.masterId })
      .from(masterDaysOff)
      .where(and(inArray(masterDaysOff.masterId, masterIds), eq(masterDaysOff.date, date))),
  ])
  const off = new Set(offRows.map((r) => r.masterId))
  for (const r of hourRows) if (!off.has(r.masterId) && r.to > r.from) hours.set(r.masterId, [r.from, r.to])
  if (!hours.size) return { hours, busy }
  const dayStart = zonedToUtc(salon.timeZone, date, 0)
  const dayEnd = zonedToUtc(salon.timeZone, date, 24 * 60)
  const visits = await db
    .select({ masterId: bookings.masterId, startAt: bookings.startAt, endAt: bookings.endAt })
    .from(bookings)
    .where(
      and(
        inArray(bookings.masterId, [...hours.keys()]),
        eq(bookings.status, 'booked'),
        eq(bookings.provider, 'local'),
        lt(bookings.startAt, dayEnd),
        gt(bookings.endAt, dayStart),
        exceptBookingId ? ne(bookings.id, exceptBookingId) : undefined,
      ),
    )
  for (const v of visits) {
    if (v.masterId === null) continue
    const list = busy.get(v.masterId) ?? []
    list.push([v.startAt, v.endAt])
    busy.set(v.masterId, list)
  }
  return { hours, busy }
}

/** The UTC starts a master's day offers for a service of `duration` minutes (the grid, not yet checked against visits). */
function gridStarts(salon: BookingSalon, date: string, [from, to]: [number, number], duration: number): number[] {
  const out: number[] = []
  for (let m = from; m + duration <= to; m += SLOT_STEP_MINUTES) out.push(zonedToUtc(salon.timeZone, date, m))
  return out
}

const overlaps = (busy: [number, number][] | undefined, start: number, end: number) =>
  (busy ?? []).some(([s, e]) => s < end && e > start)

/**
 * The master who takes `req.start`: the one asked for, or the first free of those who do the
 * service (in id order, the order their rows are locked in). `anySlot`: the start is on someone's
 * grid (so a miss is "taken", not "never a slot"). `lock`: PostgreSQL, inside the booking's
 * transaction — each master's row is held before their visits are read.
 */
async function pick(db: DB, req: SlotQuery, lock: boolean): Promise<{ master: MasterRow | null; anySlot: boolean }> {
  const start = Date.parse(req.start)
  if (!Number.isFinite(start) || start <= Date.now()) return { master: null, anySlot: false }
  const end = start + req.service.durationMinutes * 60_000
  const { date, minute } = localTime(req.salon.timeZone, start)
  const candidates = (await mastersOf(db, req.salon.id, req.service.id, req.masterId)).sort((a, b) => a.id - b.id)
  let anySlot = false
  for (const m of candidates) {
    if (lock) await queryRows(db, sql`select id from masters where id = ${m.id} for update`)
    const { hours, busy } = await daySchedule(db, req.salon, [m.id], date, req.replacesBookingId)
    const day = hours.get(m.id)
    const onGrid =
      !!day &&
      minute >= day[0] &&
      minute + req.service.durationMinutes <= day[1] &&
      (minute - day[0]) % SLOT_STEP_MINUTES === 0
    if (!onGrid) continue
    anySlot = true
    if (!overlaps(busy.get(m.id), start, end)) return { master: m, anySlot }
  }
  return { master: null, anySlot }
}

export const localBookingProvider: BookingProvider = {
  name: 'local',

  async masters(db, salon, service): Promise<BookingMaster[]> {
    const rows = await mastersOf(db, salon.id, service.id)
    return rows.map((r) => ({ id: r.id, name: r.name, position: r.position, photo: r.photo }))
  },

  async slots(db, salon, service, date, masterId): Promise<BookingSlot[]> {
    const list = await mastersOf(db, salon.id, service.id, masterId)
    const { hours, busy } = await daySchedule(
      db,
      salon,
      list.map((m) => m.id),
      date,
    )
    const now = Date.now()
    const duration = service.durationMinutes * 60_000
    // One entry per start: the first master (by the salon's order) free then.
    const byStart = new Map<number, BookingSlot>()
    for (const m of list) {
      const day = hours.get(m.id)
      if (!day) continue
      for (const start of gridStarts(salon, date, day, service.durationMinutes)) {
        if (start <= now || byStart.has(start) || overlaps(busy.get(m.id), start, start + duration)) continue
        byStart.set(start, { start: isoInZone(salon.timeZone, start), master: { id: m.id, name: m.name } })
      }
    }
    return [...byStart.entries()].sort(([a], [b]) => a - b).map(([, slot]) => slot)
  },

  async check(db, req) {
    const found = await pick(db, req, false)
    return found.master ? 'free' : found.anySlot ? 'taken' : 'none'
  },

  async book(db, req: BookRequest) {
    const pg = isPostgres(db)
    try {
      return await transaction(
        db,
        async (tx) => {
          const { master, anySlot } = await pick(tx, req, pg)
          if (!master) throw anySlot ? new BookingSlotTakenError() : new BookingStartError()
          const start = Date.parse(req.start)
          await tx
            .update(bookings)
            .set({
              status: 'booked',
              masterId: master.id,
              masterName: master.name,
              slotKey: `local:${master.id}@${start}`,
              updatedAt: Date.now(),
            })
            .where(eq(bookings.id, req.bookingId))
          return { externalId: null, master: { id: master.id, name: master.name } }
        },
        // PostgreSQL: READ COMMITTED under the row lock (each statement sees what the previous holder committed).
        { behavior: pg ? 'deferred' : 'immediate' },
      )
    } catch (e) {
      if (isConstraintViolation(e)) throw new BookingSlotTakenError('slot_key taken')
      throw e
    }
  },

  // The service frees the slot in our own row (status, slot_key): nothing else holds it.
  cancel: () => Promise.resolve(),
}
