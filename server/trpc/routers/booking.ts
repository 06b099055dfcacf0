import { createTRPCRouter, publicProcedure } from '../init'
import {
  BookingCreateInput,
  BookingIdInput,
  BookingMastersInput,
  BookingMoveInput,
  BookingSalonsInput,
  BookingSlotsInput,
} from '../../contracts/booking'
import * as booking from '../../services/booking'

/** Salon booking (issue 26): the same inputs and service calls as the REST endpoints. */
export const bookingRouter = createTRPCRouter({
  /** GET /api/booking-salons/ */
  salons: publicProcedure.input(BookingSalonsInput).query(({ ctx, input }) => booking.salons(ctx, input)),
  /** GET /api/booking-masters/ */
  masters: publicProcedure.input(BookingMastersInput).query(({ ctx, input }) => booking.masters(ctx, input)),
  /** GET /api/booking-slots/ */
  slots: publicProcedure.input(BookingSlotsInput).query(({ ctx, input }) => booking.slots(ctx, input)),
  /** POST /api/booking/ */
  create: publicProcedure.input(BookingCreateInput).mutation(({ ctx, input }) => booking.createBooking(ctx, input)),
  /** GET /api/user-bookings/: the session's or the account's visits. */
  mine: publicProcedure.query(({ ctx }) => booking.myBookings(ctx)),
  /** DELETE /api/user-bookings/ */
  cancel: publicProcedure.input(BookingIdInput).mutation(({ ctx, input }) => booking.cancelBooking(ctx, input)),
  /** PATCH /api/user-bookings/ */
  move: publicProcedure.input(BookingMoveInput).mutation(({ ctx, input }) => booking.moveBooking(ctx, input)),
})
