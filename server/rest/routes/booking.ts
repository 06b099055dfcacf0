import { z } from 'zod'
import { defineRoute } from '../registry'
import {
  BookingChangeResult,
  BookingCreateInput,
  BookingCreateResult,
  BookingIdInput,
  BookingMaster,
  BookingMastersInput,
  BookingMoveInput,
  BookingSalon,
  BookingSalonsInput,
  BookingSlot,
  BookingSlotsInput,
  UserBookingList,
} from '../../contracts/booking'
import * as booking from '../../services/booking'

const tags = ['booking']
const none = z.object({}).passthrough()

/** Salon booking (issue 26, ADR 044). Times carry the salon's own UTC offset. */
export const bookingRoutes = [
  defineRoute({
    method: 'GET',
    path: '/booking-salons/',
    summary:
      "Salons of the visitor's city that book the service online (a salon is a pickup point); an unknown service is 404",
    tags,
    input: BookingSalonsInput,
    output: z.array(BookingSalon),
    errors: [404, 422],
    handler: (input, ctx) => booking.salons(ctx, input),
  }),
  defineRoute({
    method: 'GET',
    path: '/booking-masters/',
    summary: 'Masters of the salon who do the service (empty when the salon does not do it online)',
    tags,
    input: BookingMastersInput,
    output: z.array(BookingMaster),
    errors: [404, 422, 503],
    handler: (input, ctx) => booking.masters(ctx, input),
  }),
  defineRoute({
    method: 'GET',
    path: '/booking-slots/',
    summary:
      "Free starts on `date` (the salon's local day, YYYY-MM-DD), future only, `start` with the salon's UTC offset (2026-12-03T10:00:00+07:00); without `master` one entry per start, with a master free then. A day off is an empty list. 503: the booking system is down (offer the request form)",
    tags,
    input: BookingSlotsInput,
    output: z.array(BookingSlot),
    errors: [404, 422, 503],
    handler: (input, ctx) => booking.slots(ctx, input),
  }),
  defineRoute({
    method: 'POST',
    path: '/booking/',
    summary:
      'Book a visit at a free `start` (without `master`: any master free then). A guest confirms `phone` with `code` from POST /api/user-sms/ (or /api/order-phone-code/); without it 422 on `code` (a signed-in account with a verified phone needs none). A past start, one that is not a free slot, or a salon that does not do the service: 422 on `start`; a slot taken meanwhile: 409; the booking system down: 503. An SMS confirms it',
    tags,
    input: BookingCreateInput,
    output: BookingCreateResult,
    errors: [404, 409, 422, 429, 503],
    handler: (input, ctx) => booking.createBooking(ctx, input),
  }),
  defineRoute({
    method: 'GET',
    path: '/user-bookings/',
    summary:
      "The account's visits (a guest: those booked in this session), upcoming first, then past; `cancellable` while at least BOOKING_CANCEL_HOURS away",
    tags,
    input: none,
    output: UserBookingList,
    handler: (_, ctx) => booking.myBookings(ctx),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/user-bookings/',
    summary:
      "Cancel one's visit (the time is free again). Less than BOOKING_CANCEL_HOURS before it, or cancelled already: 409; someone else's: 404",
    tags,
    input: BookingIdInput,
    output: BookingChangeResult,
    errors: [404, 409, 503],
    handler: (input, ctx) => booking.cancelBooking(ctx, input),
  }),
  defineRoute({
    method: 'PATCH',
    path: '/user-bookings/',
    summary:
      "Move one's visit to another free `start` of the same salon and service (`master` optional): the new time is booked, then the old one cancelled; the answer is the new visit. Too late: 409; someone else's: 404; not a free slot: 422 on `start`; taken meanwhile: 409",
    tags,
    input: BookingMoveInput,
    output: BookingChangeResult,
    errors: [404, 409, 422, 503],
    handler: (input, ctx) => booking.moveBooking(ctx, input),
  }),
]
