import type { Ctx } from '../../context'
import type {
  Booking,
  BookingChangeResult,
  BookingCreateData,
  BookingCreateResult,
  BookingMaster,
  BookingSalon,
  BookingSlot,
  UserBooking,
} from '../../contracts/booking'

/**
 * Salon booking (issue 26, ADR 044). The adapters (REST server/rest/routes/booking.ts, tRPC
 * booking.*) call these; the rules live here. Skeleton: the signatures are final, the bodies come next.
 */

export type { Booking }

export function salons(_ctx: Ctx, _input: { service: number }): Promise<BookingSalon[]> {
  return Promise.reject(new Error('booking: not implemented yet'))
}

export function masters(_ctx: Ctx, _input: { service: number; salon: number }): Promise<BookingMaster[]> {
  return Promise.reject(new Error('booking: not implemented yet'))
}

export function slots(
  _ctx: Ctx,
  _input: { service: number; salon: number; date: string; master?: number },
): Promise<BookingSlot[]> {
  return Promise.reject(new Error('booking: not implemented yet'))
}

export function createBooking(_ctx: Ctx, _input: BookingCreateData): Promise<BookingCreateResult> {
  return Promise.reject(new Error('booking: not implemented yet'))
}

export function myBookings(_ctx: Ctx): Promise<UserBooking[]> {
  return Promise.reject(new Error('booking: not implemented yet'))
}

export function cancelBooking(_ctx: Ctx, _input: { id: number }): Promise<BookingChangeResult> {
  return Promise.reject(new Error('booking: not implemented yet'))
}

export function moveBooking(
  _ctx: Ctx,
  _input: { id: number; start: string; master?: number },
): Promise<BookingChangeResult> {
  return Promise.reject(new Error('booking: not implemented yet'))
}
