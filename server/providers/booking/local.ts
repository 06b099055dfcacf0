import type { BookingProvider } from './types'

/**
 * The built-in schedule (BOOKING_PROVIDER=local): masters, their services, weekly hours, days off
 * and bookings in our database. Work in progress: filled in by the next commit.
 */
export const localBookingProvider: BookingProvider = {
  name: 'local',
  masters: () => Promise.resolve([]),
  slots: () => Promise.resolve([]),
  book: () => Promise.reject(new Error('not implemented yet')),
  cancel: () => Promise.resolve(),
}
