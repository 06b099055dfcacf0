import { z } from 'zod'
import { definePage, NoData } from './define'

/**
 * The shopper's salon visits (issue 26): "Мои записи" beside the orders, and one visit's page —
 * the confirmation a booking leads to, and the link of its SMS and reminders. The visits come live
 * from the booking API (`booking.mine`); a guest sees the visits their session booked.
 */

export const BookingPageData = z.object({
  id: z.number().int(),
  /** Until how many hours before the visit it may be cancelled or moved online (BOOKING_CANCEL_HOURS). */
  cancelHours: z.number().int(),
})

export const bookingsPage = definePage({
  type: 'personal-bookings',
  pattern: '/personal/bookings/',
  local: true,
  data: NoData,
  description: "The customer's salon visits (from /api/user-bookings/); visitors are redirected to /login/",
})

export const bookingPage = definePage({
  type: 'personal-booking',
  pattern: '/personal/bookings/{id}/',
  local: true,
  data: BookingPageData,
  description:
    'One salon visit (from /api/user-bookings/): the confirmation after booking; a guest sees the visit their session booked',
})

/** In match order. */
export const bookingPages = [bookingsPage, bookingPage] as const
