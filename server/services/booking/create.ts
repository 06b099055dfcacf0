import { and, count, desc, eq, gt, inArray, isNull, ne, or } from 'drizzle-orm'
import { isConstraintViolation, transaction } from '../../../db/engine'
import { authCodes, bookings } from '../../../db/schema'
import type { Ctx } from '../../context'
import { AppError, conflict, notFound, unprocessable } from '../../errors'
import { env } from '../../env'
import { log } from '../../logger'
import type { BookingChangeResult, BookingCreateData, BookingCreateResult } from '../../contracts/booking'
import { calculateServicePrice, validateServiceValues } from '../../contracts/service-price'
import { fieldMessage } from '../../contracts/common'
import { isoInZone, localTime } from '../../contracts/zoned-time'
import { bookingProvider, BookingSlotTakenError, type BookingProvider, type BookResult } from '../../providers/booking'
import { consumeCode } from '../account/codes'
import { phoneConfirmed } from '../orders/confirm'
import { sendConfirmation } from './notify'
import {
  describeBookings,
  isCancellable,
  isOwnBooking,
  loadSalon,
  loadService,
  providerError,
  salonsDoing,
  type BookingRow,
  type Salon,
  type Service,
} from './shared'

const startError = (key: string) => unprocessable(key, {}, { errors: { start: key } })

/**
 * The guest's SMS code for `phone`. The code comes from POST /api/user-sms/ (a sign-in code) or
 * POST /api/order-phone-code/ (a contact code): whichever was sent last is checked and spent,
 * through the one code store and its limits (account/codes.ts). A signed-in account whose phone
 * the shop has proven needs none.
 */
async function confirmPhone(ctx: Ctx, phone: string, code: string | undefined): Promise<void> {
  if (!code) {
    if (await phoneConfirmed(ctx, phone, undefined)) return
    throw unprocessable('booking.codeRequired', {}, { errors: { code: 'booking.codeRequired' } })
  }
  const [latest] = await ctx.db
    .select({ purpose: authCodes.purpose })
    .from(authCodes)
    .where(
      and(
        eq(authCodes.login, phone),
        inArray(authCodes.purpose, ['login', 'contact']),
        isNull(authCodes.usedAt),
        gt(authCodes.expiresAt, Date.now()),
      ),
    )
    .orderBy(desc(authCodes.createdAt))
    .limit(1)
  await consumeCode(ctx, phone, code, latest?.purpose ?? 'login')
}

/** The calculator's price of the chosen values (a bad value is 422 on `values.<code>`, as /api/service-price/). */
function pricedService(ctx: Ctx, service: Service, values: Record<string, string | number>) {
  const checked = validateServiceValues(service.params, values)
  const keys = Object.keys(checked.errors)
  if (keys.length) {
    const errors = Object.fromEntries(
      keys.map((k) => [`values.${k}`, fieldMessage(ctx.locale, checked.errors[k] as { type: string })]),
    )
    throw new AppError(422, 'api.validation', {}, { errors })
  }
  return {
    service: {
      ...service,
      price: calculateServicePrice({ basePrice: service.basePrice, params: service.params }, checked.values),
    },
    values: checked.values,
  }
}

/**
 * Before a code is spent: is `start` free? Taken (a slot someone holds now) is 409, never a slot
 * 422. A provider without `check`: a start not among the free ones is 409 when a visit booked
 * through the shop starts then (of that master, when one was chosen), else 422.
 */
async function assertOffered(
  ctx: Ctx,
  provider: BookingProvider,
  salon: Salon,
  service: Service,
  start: number,
  master: number | undefined,
) {
  const startIso = isoInZone(salon.timeZone, start)
  let state: 'free' | 'taken' | 'none'
  if (provider.check) {
    state = await provider
      .check(ctx.db, { salon, service, masterId: master ?? null, start: startIso })
      .catch(providerError)
  } else {
    const date = localTime(salon.timeZone, start).date
    const free = await provider.slots(ctx.db, salon, service, date, master).catch(providerError)
    const [taken] = free.some((s) => Date.parse(s.start) === start)
      ? []
      : await ctx.db
          .select({ id: bookings.id })
          .from(bookings)
          .where(
            and(
              eq(bookings.salonId, salon.id),
              eq(bookings.status, 'booked'),
              eq(bookings.startAt, start),
              master ? eq(bookings.masterId, master) : undefined,
            ),
          )
          .limit(1)
    state = free.some((s) => Date.parse(s.start) === start) ? 'free' : taken ? 'taken' : 'none'
  }
  if (state === 'taken') throw new AppError(409, 'booking.slotTaken', {}, { errors: { start: 'booking.slotTaken' } })
  if (state === 'none') throw startError('booking.startNotFree')
}

/**
 * A write of its own, in its own turn (db/engine transaction): on SQLite a bare write awaited
 * while another request of this process opens a transaction can land inside that transaction and
 * be undone by its rollback (seen in the race test: a losing guest's pending row came back).
 */
const write = <T>(db: Ctx['db'], fn: (tx: Ctx['db']) => PromiseLike<T>) => transaction(db, async (tx) => await fn(tx))

type NewRow = Omit<typeof bookings.$inferInsert, 'id' | 'status' | 'provider' | 'createdAt' | 'updatedAt'>

/**
 * Inserts the visit as `pending`, has the provider book it, and marks it booked; on any failure
 * the pending row goes and the provider's error becomes the contract's answer.
 */
async function bookRow(
  ctx: Ctx,
  provider: BookingProvider,
  salon: Salon,
  service: Service,
  row: NewRow,
  replaces?: number,
): Promise<BookingRow> {
  const now = Date.now()
  const [inserted] = await write(ctx.db, (tx) =>
    tx
      .insert(bookings)
      .values({ ...row, provider: provider.name, status: 'pending', createdAt: now, updatedAt: now })
      .returning(),
  )
  const id = inserted!.id
  let result: BookResult
  try {
    result = await provider.book(ctx.db, {
      salon,
      service,
      masterId: row.masterId ?? null,
      start: row.startLocal,
      fullname: row.fullname,
      phone: row.phone,
      email: row.email || undefined,
      comment: row.comment || undefined,
      bookingId: id,
      replacesBookingId: replaces,
    })
  } catch (e) {
    await write(ctx.db, (tx) => tx.delete(bookings).where(and(eq(bookings.id, id), eq(bookings.status, 'pending'))))
    return providerError(e)
  }
  try {
    const [booked] = await write(ctx.db, (tx) =>
      tx
        .update(bookings)
        .set({
          status: 'booked',
          masterId: result.master.id,
          masterName: result.master.name,
          externalId: result.externalId,
          slotKey: `${provider.name}:${result.master.id}@${row.startAt}`,
          updatedAt: Date.now(),
        })
        .where(eq(bookings.id, id))
        .returning(),
    )
    return booked!
  } catch (e) {
    if (!isConstraintViolation(e)) throw e
    // Another visit booked through the shop holds this master and start: give the slot back.
    await provider.cancel(ctx.db, { salon, externalId: result.externalId, id }).catch(() => undefined)
    await write(ctx.db, (tx) => tx.delete(bookings).where(eq(bookings.id, id)))
    return providerError(new BookingSlotTakenError())
  }
}

/** Upcoming visits one phone (or one account) may hold at once: a proven phone still cannot book out a salon. */
export const MAX_OPEN_BOOKINGS = 5

async function assertFewOpen(ctx: Ctx, phone: string) {
  const userId = ctx.session.userId
  const [row] = await ctx.db
    .select({ n: count() })
    .from(bookings)
    .where(
      and(
        eq(bookings.status, 'booked'),
        gt(bookings.startAt, Date.now()),
        userId === null ? eq(bookings.phone, phone) : or(eq(bookings.phone, phone), eq(bookings.userId, userId)),
      ),
    )
  if ((row?.n ?? 0) >= MAX_OPEN_BOOKINGS) throw conflict('booking.tooMany', { max: MAX_OPEN_BOOKINGS })
}

/** POST /api/booking/ */
export async function createBooking(ctx: Ctx, input: BookingCreateData): Promise<BookingCreateResult> {
  const provider = bookingProvider()
  const base = await loadService(ctx, input.service)
  if (!base.bookableOnline)
    throw unprocessable('booking.notBookable', {}, { errors: { service: 'booking.notBookable' } })
  const salon = await loadSalon(ctx, input.salon)
  if (!(await salonsDoing(ctx, provider, base, [salon])).length) throw startError('booking.serviceNotHere')
  const { service, values } = pricedService(ctx, base, input.values)
  const start = Date.parse(input.start)
  if (start <= Date.now()) throw startError('booking.startPast')
  if (input.code) await assertOffered(ctx, provider, salon, service, start, input.master)
  await assertFewOpen(ctx, input.phone)
  await confirmPhone(ctx, input.phone, input.code)
  const session = ctx.session.userId === null ? await ctx.session.ensure() : ctx.session.get()
  const row = await bookRow(ctx, provider, salon, service, {
    serviceId: service.id,
    salonId: salon.id,
    masterId: input.master ?? null,
    startAt: start,
    endAt: start + service.durationMinutes * 60_000,
    startLocal: isoInZone(salon.timeZone, start),
    durationMinutes: service.durationMinutes,
    price: service.price,
    params: values,
    userId: ctx.session.userId,
    sessionId: session?.id ?? null,
    fullname: input.fullname,
    phone: input.phone,
    email: input.email ?? '',
    comment: input.comment,
  })
  const [booking] = await describeBookings(ctx, [row])
  await sendConfirmation(ctx, booking!, row.phone)
  const { cancellable: _c, past: _p, salonPhone: _s, ...plain } = booking!
  return { success: true, booking: plain }
}

/** The caller's visit, or 404 (someone else's is 404 too). */
export async function ownBooking(ctx: Ctx, id: number): Promise<BookingRow> {
  const [row] = await ctx.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, id), ne(bookings.status, 'pending')))
  if (!row || !isOwnBooking(ctx, row)) throw notFound()
  return row
}

/** A visit that may still change: booked and at least BOOKING_CANCEL_HOURS away (else 409). */
export function assertChangeable(row: BookingRow) {
  if (row.status !== 'booked') throw conflict('booking.alreadyCancelled')
  if (!isCancellable(row)) throw conflict('booking.tooLate', { hours: env().BOOKING_CANCEL_HOURS })
}

/**
 * PATCH /api/user-bookings/: the visit moves to another free start (same salon and service):
 * the new time is booked first, then the old one is cancelled; if the old one cannot be
 * cancelled, the new one is given back — the shopper has exactly one of them either way.
 */
export async function moveBooking(
  ctx: Ctx,
  input: { id: number; start: string; master?: number },
): Promise<BookingChangeResult> {
  const old = await ownBooking(ctx, input.id)
  assertChangeable(old)
  const start = Date.parse(input.start)
  if (start <= Date.now()) throw startError('booking.startPast')
  if (start === old.startAt && (input.master === undefined || input.master === old.masterId))
    throw startError('booking.startNotFree')
  const provider = bookingProvider()
  const salon = await loadSalon(ctx, old.salonId)
  const base = await loadService(ctx, old.serviceId)
  const service = { ...base, durationMinutes: old.durationMinutes, price: old.price }
  const row = await bookRow(
    ctx,
    provider,
    salon,
    service,
    {
      serviceId: old.serviceId,
      salonId: old.salonId,
      masterId: input.master ?? null,
      startAt: start,
      endAt: start + old.durationMinutes * 60_000,
      startLocal: isoInZone(salon.timeZone, start),
      durationMinutes: old.durationMinutes,
      price: old.price,
      params: old.params,
      userId: old.userId,
      sessionId: old.sessionId,
      fullname: old.fullname,
      phone: old.phone,
      email: old.email,
      comment: old.comment,
      movedFrom: old.id,
    },
    old.id,
  )
  try {
    await provider.cancel(ctx.db, { salon, externalId: old.externalId, id: old.id })
  } catch (e) {
    // The old visit stands: give the new time back, so the shopper keeps exactly one.
    await provider
      .cancel(ctx.db, { salon, externalId: row.externalId, id: row.id })
      .catch((err: unknown) =>
        log.error('Booking move: the new visit could not be given back', { bookingId: row.id, error: String(err) }),
      )
    await write(ctx.db, (tx) => tx.delete(bookings).where(eq(bookings.id, row.id)))
    return providerError(e)
  }
  const now = Date.now()
  await write(ctx.db, (tx) =>
    tx
      .update(bookings)
      .set({ status: 'cancelled', slotKey: null, cancelledAt: now, updatedAt: now })
      .where(eq(bookings.id, old.id)),
  )
  const [booking] = await describeBookings(ctx, [row], now)
  await sendConfirmation(ctx, booking!, row.phone)
  return { success: true, booking: booking! }
}

/** DELETE /api/user-bookings/: the visit is cancelled and its time is free again. */
export async function cancelBooking(ctx: Ctx, input: { id: number }): Promise<BookingChangeResult> {
  const row = await ownBooking(ctx, input.id)
  assertChangeable(row)
  const salon = await loadSalon(ctx, row.salonId)
  await bookingProvider().cancel(ctx.db, { salon, externalId: row.externalId, id: row.id }).catch(providerError)
  const now = Date.now()
  const [done] = await write(ctx.db, (tx) =>
    tx
      .update(bookings)
      .set({ status: 'cancelled', slotKey: null, cancelledAt: now, updatedAt: now })
      .where(and(eq(bookings.id, row.id), eq(bookings.status, 'booked')))
      .returning(),
  )
  if (!done) throw conflict('booking.alreadyCancelled')
  const [booking] = await describeBookings(ctx, [done], now)
  return { success: true, booking: booking! }
}
