import type { DB } from '../../../db/client'

/**
 * A booking system behind the shop's salon booking (issue 26, ADR 044): the built-in `local`
 * schedule (masters, working hours, days off and bookings in our database) or YCLIENTS. The
 * service (server/services/booking/) owns the rules — who may book, the SMS code, the cancel
 * window, the bookings table — and asks the provider only what the schedule says.
 *
 * Ids: a salon and a service are always ours (`yclientsCompanyId`/`yclientsServiceId` map them
 * to YCLIENTS); a master's id is the provider's own (ours for `local`, YCLIENTS' staff id for
 * `yclients`).
 */

export interface BookingSalon {
  id: number
  name: string
  address: string
  /** IANA zone of the salon's city (`Asia/Novosibirsk`): its days and times are judged there. */
  timeZone: string
  yclientsCompanyId: string | null
}

export interface BookingService {
  id: number
  name: string
  durationMinutes: number
  /** Roubles, the calculator's choice applied. */
  price: number
  yclientsServiceId: string | null
}

export interface BookingMaster {
  id: number
  name: string
  position: string
  photo: string | null
}

export interface BookingSlot {
  /** ISO 8601 with the salon's offset: `2026-12-03T10:00:00+07:00`. */
  start: string
  master: { id: number; name: string }
}

export interface BookRequest {
  salon: BookingSalon
  service: BookingService
  /** Null: any master free at `start`. */
  masterId: number | null
  /** ISO 8601 with an offset (a slot's `start`). */
  start: string
  fullname: string
  /** `+79161234567`. */
  phone: string
  email?: string
  comment?: string
  /** Our bookings row (already inserted, status `pending`), for idempotency keys and links. */
  bookingId: number
  /**
   * A move: the visit (our bookings id) this one replaces. It is still booked while the new one
   * is booked (the service cancels it right after), so its own time does not count as taken.
   */
  replacesBookingId?: number
}

/** A start to check: the booking request without the shopper's details. */
export type SlotQuery = Pick<BookRequest, 'salon' | 'service' | 'masterId' | 'start' | 'replacesBookingId'>

export interface BookResult {
  /** The booking system's record id (YCLIENTS record id); null for `local`. */
  externalId: string | null
  master: { id: number; name: string }
}

export interface BookingProvider {
  readonly name: 'local' | 'yclients'
  /** Masters of the salon who do the service. */
  masters(db: DB, salon: BookingSalon, service: BookingService): Promise<BookingMaster[]>
  /**
   * Free starts on `date` (YYYY-MM-DD, the salon's local day), in the future only, in time order;
   * `masterId` narrows to one master. A day off is an empty list.
   */
  slots(db: DB, salon: BookingSalon, service: BookingService, date: string, masterId?: number): Promise<BookingSlot[]>
  /**
   * Books one slot. Throws BookingSlotTakenError (→ 409) when it is no longer free,
   * BookingStartError (→ 422 on `start`) when it never was a slot, BookingUnavailableError when
   * the booking system is down. `local` writes the master and time onto the bookings row itself,
   * inside the race-safe transaction; a remote provider only answers and the service writes them.
   */
  book(db: DB, req: BookRequest): Promise<BookResult>
  /**
   * Optional: what `start` is now, without booking it — `free`, `taken` (a slot someone holds) or
   * `none` (never a slot of this master/salon/service). The service asks it before it spends the
   * shopper's SMS code, so a lost slot costs no code. Without it the service falls back to `slots`.
   */
  check?(db: DB, req: SlotQuery): Promise<'free' | 'taken' | 'none'>
  /** Frees the slot. Throws BookingUnavailableError when the booking system is down. */
  cancel(db: DB, booking: { salon: BookingSalon; externalId: string | null; id: number }): Promise<void>
}
