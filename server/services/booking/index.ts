/**
 * Salon booking (issue 26, ADR 044): the adapters (REST server/rest/routes/booking.ts, tRPC
 * booking.*) call these; the rules live here, the schedule behind the provider
 * (server/providers/booking, BOOKING_PROVIDER).
 */
export { salons, masters, slots } from './reading'
export { createBooking, moveBooking, cancelBooking } from './create'
export { myBookings, claimGuestBookings } from './mine'
export { sendBookingReminders } from './notify'
