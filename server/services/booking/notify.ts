import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm'
import type { DB } from '../../../db/client'
import { affectedRows, transaction } from '../../../db/engine'
import { bookings } from '../../../db/schema'
import type { Ctx } from '../../context'
import { env } from '../../env'
import { log } from '../../logger'
import { t, type Locale } from '../../contracts/i18n'
import { bookingLink, type Booking } from '../../contracts/booking'
import { dayText } from '../../contracts/zoned-time'
import { mailProvider } from '../../providers/mail'
import { smsProvider } from '../../providers/sms'
import { describeBookings } from './shared'

/**
 * The texts of a visit (issue 26): the confirmation when it is booked or moved, and the
 * reminders 24 h and 2 h before it, each with the salon's address, the salon's local time and a
 * link to the visit. A send that fails is logged; the visit stands.
 */

const HOUR = 3_600_000
/** The reminders: the column that marks each sent, how long before the visit it goes. */
export const REMINDERS = [
  { column: 'remindedDayAt', before: 24 * HOUR },
  { column: 'remindedHoursAt', before: 2 * HOUR },
] as const

const absolute = (path: string) => `${env().APP_ORIGIN}${path}`

function textParams(b: Booking) {
  // `start` is the salon's wall clock with its offset: its date and time are what the salon shows.
  const [date = '', time = ''] = b.start.split('T')
  return {
    service: b.service.name,
    date: dayText(date),
    time: time.slice(0, 5),
    salon: b.salon.name,
    address: b.salon.address,
    master: b.master.name,
    link: absolute(bookingLink(b.id)),
  }
}

/** The SMS confirming a booked (or moved) visit, in the shopper's language. */
export async function sendConfirmation(ctx: Ctx, b: Booking, phone: string): Promise<void> {
  try {
    await smsProvider().send(ctx.db, { phone, text: t(ctx.locale, 'booking.smsConfirmation', textParams(b)) })
  } catch (e) {
    log.error('Booking confirmation SMS failed', { bookingId: b.id, error: String(e) })
  }
}

/** A context for describing visits outside a request (the job): Russian, the shop's language. */
function jobCtx(db: DB, locale: Locale = 'ru'): Ctx {
  return {
    db,
    locale,
    requestId: 'job:booking-reminders',
    origin: env().APP_ORIGIN,
    clientIp: '',
    session: { userId: null, id: null, get: () => null } as unknown as Ctx['session'],
  }
}

/**
 * The reminders due at `now`: each visit booked before the reminder's time and not cancelled gets
 * it once. A process claims a reminder with a conditional update (set only where still unset)
 * before sending, so several processes running the job never send one twice. Answers the count sent.
 */
export async function sendBookingReminders(db: DB, now = Date.now()): Promise<number> {
  let sent = 0
  const ctx = jobCtx(db)
  const mail = mailProvider()
  for (const [i, r] of REMINDERS.entries()) {
    const column = bookings[r.column]
    // Due: the visit starts within `before` (and after the next reminder's window, which then goes instead).
    const after = REMINDERS[i + 1]?.before ?? 0
    const due = await db
      .select()
      .from(bookings)
      .where(
        and(
          eq(bookings.status, 'booked'),
          isNull(column),
          lte(bookings.startAt, now + r.before),
          gt(bookings.startAt, now + after),
          // Booked after the reminder's time: the confirmation said it all.
          sql`${bookings.createdAt} < ${bookings.startAt} - ${r.before}`,
        ),
      )
      .limit(200)
    for (const row of due) {
      // In a transaction of its own: a bare write could land in another request's transaction and be rolled back with it.
      const claimed = affectedRows(
        await transaction(
          db,
          async (tx) =>
            await tx
              .update(bookings)
              .set(r.column === 'remindedDayAt' ? { remindedDayAt: now } : { remindedHoursAt: now })
              .where(and(eq(bookings.id, row.id), isNull(column), eq(bookings.status, 'booked'))),
        ),
      )
      if (!claimed) continue
      const [b] = await describeBookings(ctx, [row], now)
      const params = textParams(b!)
      try {
        await smsProvider().send(db, { phone: row.phone, text: t('ru', 'booking.smsReminder', params) })
        sent++
      } catch (e) {
        log.error('Booking reminder SMS failed', { bookingId: row.id, error: String(e) })
      }
      if (row.email && mail) {
        await mail
          .send(db, {
            to: row.email,
            subject: t('ru', 'booking.mailReminderSubject', params),
            text: t('ru', 'booking.smsReminder', params),
          })
          .catch((e: unknown) => log.error('Booking reminder e-mail failed', { bookingId: row.id, error: String(e) }))
      }
    }
  }
  return sent
}
