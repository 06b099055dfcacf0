import { env } from '../../env'
import { localBookingProvider } from './local'
import type { BookingProvider } from './types'

export type {
  BookingMaster,
  BookingProvider,
  BookingSalon,
  BookingService,
  BookingSlot,
  BookRequest,
  BookResult,
} from './types'
export { BookingSlotTakenError, BookingStartError, BookingUnavailableError } from './errors'

/** BOOKING_PROVIDER → its implementation (the yclients provider registers itself here). */
const providers: Partial<Record<BookingProvider['name'], BookingProvider>> = { local: localBookingProvider }

let override: BookingProvider | undefined

/** The configured booking system (BOOKING_PROVIDER). */
export function bookingProvider(): BookingProvider {
  if (override) return override
  const p = providers[env().BOOKING_PROVIDER]
  if (!p) throw new Error(`Booking provider ${env().BOOKING_PROVIDER} is not available`)
  return p
}

/** Tests: run the service against another provider (a fake of a booking system). */
export function setBookingProviderForTests(p: BookingProvider | undefined) {
  override = p
}
