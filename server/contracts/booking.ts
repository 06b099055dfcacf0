import { z } from 'zod'
import { email, id, optionalString, phone } from './common'
import { registerMessages } from './i18n'
import { phoneCode } from './order-confirmation'

/**
 * Booking a salon visit (issue 26, ADR 044): the inputs and answers of the REST endpoints
 * (`/api/booking-salons/`, `/api/booking-masters/`, `/api/booking-slots/`, `/api/booking/`,
 * `/api/user-bookings/`) and of the `booking.*` tRPC procedures, which take the same inputs.
 *
 * Times: a slot's `start` is ISO 8601 with the salon's own UTC offset
 * (`2026-12-03T10:00:00+07:00`); a day (`date`) is the salon's local calendar day.
 */

export const BOOKING_STATUSES = ['booked', 'cancelled'] as const
export type BookingStatus = (typeof BOOKING_STATUSES)[number]

/** `YYYY-MM-DD`, a real calendar day. */
export const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/
export const isCalendarDate = (v: string) => {
  const m = DATE_RE.exec(v)
  if (!m) return false
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3])
}

/** ISO 8601 date-time with an explicit offset (or Z): `2026-12-03T10:00:00+07:00`. */
export const START_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/
export const isStart = (v: string) => START_RE.test(v) && Number.isFinite(Date.parse(v))

const optionalId = () =>
  z.preprocess((v) => (v === '' || v === null || v === '0' || v === 0 ? undefined : v), id().optional())

const date = () =>
  z
    .string()
    .trim()
    .min(1)
    .refine((v) => isCalendarDate(v), { params: { type: 'bookingDate' } })

const start = () =>
  z
    .string()
    .trim()
    .min(1)
    .max(40)
    .refine((v) => isStart(v), { params: { type: 'bookingStart' } })

/** Calculator choices carried over from the service page (`values[length]=long`), as in /api/service-price/. */
const values = () =>
  z
    .record(z.string().max(50), z.union([z.string().max(100), z.number()]))
    .optional()
    .default({})

/* ---------- inputs ---------- */

/** GET /api/booking-salons/?service= */
export const BookingSalonsInput = z.object({ service: id() })
export type BookingSalonsInput = z.input<typeof BookingSalonsInput>

/** GET /api/booking-masters/?service=&salon= */
export const BookingMastersInput = z.object({ service: id(), salon: id() })
export type BookingMastersInput = z.input<typeof BookingMastersInput>

/** GET /api/booking-slots/?service=&salon=&date=YYYY-MM-DD[&master=] */
export const BookingSlotsInput = z.object({ service: id(), salon: id(), date: date(), master: optionalId() })
export type BookingSlotsInput = z.input<typeof BookingSlotsInput>

/** POST /api/booking/: without `master`, any master free at `start`. A guest needs `code` (POST /api/user-sms/). */
export const BookingCreateInput = z.object({
  service: id(),
  salon: id(),
  master: optionalId(),
  start: start(),
  fullname: z.string().trim().min(2).max(200),
  phone: phone(),
  email: z.preprocess((v) => (v === '' || v === null ? undefined : v), email().optional()),
  comment: optionalString(1000),
  /** The shop's SMS code for `phone` (POST /api/user-sms/); not needed when signed in with a verified phone. */
  code: phoneCode(),
  /** The calculator's choice (service params), priced like /api/service-price/. */
  values: values(),
})
export type BookingCreateInput = z.input<typeof BookingCreateInput>
export type BookingCreateData = z.output<typeof BookingCreateInput>

/** DELETE /api/user-bookings/ {id}: cancel one's own visit. */
export const BookingIdInput = z.object({ id: id() })
export type BookingIdInput = z.input<typeof BookingIdInput>

/** PATCH /api/user-bookings/ {id, start, master?}: move one's own visit to another free slot (same salon and service). */
export const BookingMoveInput = z.object({ id: id(), start: start(), master: optionalId() })
export type BookingMoveInput = z.input<typeof BookingMoveInput>

/* ---------- answers ---------- */

export const BookingSalon = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  cityId: z.number().int(),
  /** IANA time zone of the salon's city (`Asia/Novosibirsk`). */
  timeZone: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
})
export type BookingSalon = z.infer<typeof BookingSalon>

export const BookingMaster = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.string(),
  photo: z.string().nullable(),
})
export type BookingMaster = z.infer<typeof BookingMaster>

export const BookingSlot = z.object({
  /** ISO 8601 with the salon's offset: `2026-12-03T10:00:00+07:00`. */
  start: z.string(),
  master: z.object({ id: z.number().int(), name: z.string() }),
})
export type BookingSlot = z.infer<typeof BookingSlot>

export const Booking = z.object({
  id: z.number().int(),
  service: z.object({ id: z.number().int(), name: z.string() }),
  salon: z.object({
    id: z.number().int(),
    name: z.string(),
    address: z.string(),
    /** For the map link ("Мои записи"). */
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    timeZone: z.string(),
  }),
  master: z.object({ id: z.number().int(), name: z.string() }),
  /** ISO 8601 with the salon's offset. */
  start: z.string(),
  durationMinutes: z.number().int(),
  price: z.number().int(),
  status: z.enum(BOOKING_STATUSES),
})
export type Booking = z.infer<typeof Booking>

export const BookingCreateResult = z.object({ success: z.literal(true), booking: Booking })
export type BookingCreateResult = z.infer<typeof BookingCreateResult>

/** One of "Мои записи": `cancellable` — may still be cancelled or moved (BOOKING_CANCEL_HOURS before); `past` — started already. */
export const UserBooking = Booking.extend({
  cancellable: z.boolean(),
  past: z.boolean(),
  /** The salon's phone to call when it is too late to cancel online (may be empty). */
  salonPhone: z.string(),
})
export type UserBooking = z.infer<typeof UserBooking>

export const UserBookingList = z.array(UserBooking)

/** DELETE answer: the cancelled visit. PATCH answer: the new visit (the old one is cancelled). */
/** The visit's page in the account ("Мои записи"): the link of the SMS texts. */
export const bookingLink = (id: number) => `/personal/bookings/${id}/`

export const BookingChangeResult = z.object({ success: z.literal(true), booking: UserBooking })
export type BookingChangeResult = z.infer<typeof BookingChangeResult>

registerMessages({
  en: {
    'errors.bookingDate': 'Choose a day (YYYY-MM-DD)',
    'errors.bookingStart': 'Choose a time from the list',
    'booking.startNotFree': 'This time is no longer available: choose another one',
    'booking.startPast': 'This time has already passed: choose another one',
    'booking.slotTaken': 'Someone has just booked this time: choose another one',
    'booking.serviceNotHere': 'This salon does not do this service online',
    'booking.notBookable': 'This service cannot be booked online: leave a request and we will call you',
    'booking.codeRequired': 'Enter the code from the SMS we sent to your phone',
    'booking.tooLate': 'It is less than {hours} h before the visit: to cancel or move it, call the salon',
    'booking.alreadyCancelled': 'This visit has been cancelled',
    'booking.tooMany': 'You already have {max} upcoming visits: to book another one, call the salon',
    'booking.unavailable': 'Online booking is unavailable right now: leave a request and we will call you back',
    'booking.smsConfirmation': '{service}: {date} at {time}, {salon}, {address}. Master: {master}. Details: {link}',
    'booking.smsReminder': 'Reminder: {service} {date} at {time}, {salon}, {address}. Details: {link}',
    'booking.mailReminderSubject': 'Your visit {date} at {time}',
  },
  ru: {
    'errors.bookingDate': 'Выберите день (ГГГГ-ММ-ДД)',
    'errors.bookingStart': 'Выберите время из списка',
    'booking.startNotFree': 'Это время уже недоступно: выберите другое',
    'booking.startPast': 'Это время уже прошло: выберите другое',
    'booking.slotTaken': 'Это время только что заняли: выберите другое',
    'booking.serviceNotHere': 'В этом салоне нельзя записаться на эту услугу онлайн',
    'booking.notBookable': 'На эту услугу нельзя записаться онлайн: оставьте заявку, мы перезвоним',
    'booking.codeRequired': 'Введите код из SMS, которое мы отправили на ваш телефон',
    'booking.tooLate': 'До визита меньше {hours} ч: чтобы отменить или перенести его, позвоните в салон',
    'booking.alreadyCancelled': 'Эта запись отменена',
    'booking.tooMany': 'У вас уже {max} предстоящих визитов: чтобы записаться ещё, позвоните в салон',
    'booking.unavailable': 'Онлайн-запись сейчас недоступна: оставьте заявку, мы перезвоним',
    'booking.smsConfirmation': '{service}: {date} в {time}, {salon}, {address}. Мастер: {master}. Подробнее: {link}',
    'booking.smsReminder': 'Напоминаем: {service} {date} в {time}, {salon}, {address}. Подробнее: {link}',
    'booking.mailReminderSubject': 'Ваш визит {date} в {time}',
  },
})
