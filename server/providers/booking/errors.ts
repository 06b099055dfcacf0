/**
 * What a booking provider may fail with, turned into the contract's answers by the service:
 * `BookingSlotTakenError` → 409 (someone took the time meanwhile), `BookingStartError` → 422 on
 * `start` (not a slot of this master/salon at all), `BookingUnavailableError` → 503 with
 * `booking.unavailable` (the UI offers the request form).
 */
export class BookingSlotTakenError extends Error {
  override readonly name = 'BookingSlotTakenError'
  constructor(detail = 'The slot is no longer free') {
    super(detail)
  }
}

export class BookingStartError extends Error {
  override readonly name = 'BookingStartError'
  constructor(detail = 'Not a free slot') {
    super(detail)
  }
}

export class BookingUnavailableError extends Error {
  override readonly name = 'BookingUnavailableError'
  constructor(
    detail: string,
    /** The booking system may have taken the request without us seeing the answer. */
    readonly maybeBooked = false,
  ) {
    super(detail)
  }
}
