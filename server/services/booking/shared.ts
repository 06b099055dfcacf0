import { and, eq, inArray, type SQL } from 'drizzle-orm'
import { bookings, cities, masters, masterServices, pickupPoints, services, siteContacts } from '../../../db/schema'
import type { Ctx } from '../../context'
import { AppError, notFound } from '../../errors'
import { env } from '../../env'
import { log } from '../../logger'
import { localizedText } from '../../contracts/localized'
import type { Booking, UserBooking } from '../../contracts/booking'
import { isTimeZone } from '../../contracts/zoned-time'
import {
  bookingProvider,
  BookingSlotTakenError,
  BookingStartError,
  BookingUnavailableError,
  type BookingProvider,
  type BookingSalon,
  type BookingService,
} from '../../providers/booking'

/** A salon as the service works with it: the provider's view plus what the answers show. */
export interface Salon extends BookingSalon {
  cityId: number
  latitude: number | null
  longitude: number | null
}

export type BookingRow = typeof bookings.$inferSelect

const DEFAULT_ZONE = 'Europe/Moscow'

const salonColumns = {
  id: pickupPoints.id,
  cityId: pickupPoints.cityId,
  title: pickupPoints.title,
  titleEn: pickupPoints.titleEn,
  address: pickupPoints.address,
  addressEn: pickupPoints.addressEn,
  latitude: pickupPoints.latitude,
  longitude: pickupPoints.longitude,
  yclientsCompanyId: pickupPoints.yclientsCompanyId,
  timeZone: cities.timeZone,
}

/** The salons matching `where`, in id order. */
export async function salonsWhere(ctx: Ctx, where: SQL | undefined): Promise<Salon[]> {
  const rows = await ctx.db
    .select(salonColumns)
    .from(pickupPoints)
    .innerJoin(cities, eq(cities.id, pickupPoints.cityId))
    .where(where)
    .orderBy(pickupPoints.id)
  return rows.map((r) => {
    // A zone the runtime does not know would make every time wrong: say so and keep Moscow's.
    const zone = isTimeZone(r.timeZone) ? r.timeZone : DEFAULT_ZONE
    if (zone !== r.timeZone) log.warn('Unknown city time zone', { cityId: r.cityId, timeZone: r.timeZone })
    return {
      id: r.id,
      cityId: r.cityId,
      name: localizedText(r, 'title', ctx.locale),
      address: localizedText(r, 'address', ctx.locale),
      timeZone: zone,
      latitude: r.latitude,
      longitude: r.longitude,
      yclientsCompanyId: r.yclientsCompanyId || null,
    }
  })
}

/** The salon (a pickup point) or 404. */
export async function loadSalon(ctx: Ctx, id: number): Promise<Salon> {
  const [salon] = await salonsWhere(ctx, eq(pickupPoints.id, id))
  if (!salon) throw notFound()
  return salon
}

export interface Service extends BookingService {
  basePrice: number
  params: (typeof services.$inferSelect)['params']
  bookableOnline: boolean
}

/** The service (404 when there is none), its price and duration for the calculator's `values`. */
export async function loadService(ctx: Ctx, id: number): Promise<Service> {
  const [row] = await ctx.db
    .select({
      id: services.id,
      title: services.title,
      titleEn: services.titleEn,
      basePrice: services.basePrice,
      durationMin: services.durationMin,
      params: services.params,
      bookableOnline: services.bookableOnline,
      yclientsServiceId: services.yclientsServiceId,
    })
    .from(services)
    .where(eq(services.id, id))
  if (!row) throw notFound()
  return {
    id: row.id,
    name: localizedText(row, 'title', ctx.locale),
    durationMinutes: row.durationMin,
    price: row.basePrice,
    basePrice: row.basePrice,
    params: row.params,
    bookableOnline: row.bookableOnline,
    yclientsServiceId: row.yclientsServiceId || null,
  }
}

/**
 * The salons of `candidates` that do the service with this provider: the local schedule has an
 * active master doing it; YCLIENTS needs the salon's company id and the service's id there.
 */
export async function salonsDoing(ctx: Ctx, provider: BookingProvider, service: Service, candidates: Salon[]) {
  if (!service.bookableOnline || !candidates.length) return []
  if (provider.name !== 'local')
    return service.yclientsServiceId ? candidates.filter((s) => s.yclientsCompanyId !== null) : []
  const rows = await ctx.db
    .selectDistinct({ salonId: masters.salonId })
    .from(masters)
    .innerJoin(masterServices, eq(masterServices.masterId, masters.id))
    .where(
      and(
        inArray(
          masters.salonId,
          candidates.map((s) => s.id),
        ),
        eq(masters.active, true),
        eq(masterServices.serviceId, service.id),
      ),
    )
  const ids = new Set(rows.map((r) => r.salonId))
  return candidates.filter((s) => ids.has(s.id))
}

export const cancelWindowMs = () => env().BOOKING_CANCEL_HOURS * 3_600_000

/** Whether the visit may still be cancelled or moved online (BOOKING_CANCEL_HOURS before it). */
export const isCancellable = (row: Pick<BookingRow, 'status' | 'startAt'>, now = Date.now()) =>
  row.status === 'booked' && row.startAt - now >= cancelWindowMs()

/** Whether the visit is the caller's: a user's by account, a guest's by the session that booked it. */
export function isOwnBooking(ctx: Ctx, row: Pick<BookingRow, 'userId' | 'sessionId'>): boolean {
  const userId = ctx.session.userId
  const sessionId = ctx.session.id
  return row.userId !== null
    ? row.userId === userId
    : sessionId !== null && row.sessionId === sessionId && userId === null
}

/** A provider's failure as the contract's answer; anything else is rethrown. */
export function providerError(e: unknown): never {
  if (e instanceof BookingSlotTakenError)
    throw new AppError(409, 'booking.slotTaken', {}, { errors: { start: 'booking.slotTaken' } })
  if (e instanceof BookingStartError)
    throw new AppError(422, 'booking.startNotFree', {}, { errors: { start: 'booking.startNotFree' } })
  if (e instanceof BookingUnavailableError) {
    log.warn('Booking system unavailable', { provider: bookingProvider().name, error: e.message })
    throw new AppError(503, 'booking.unavailable')
  }
  throw e
}

/** Answers for rows of `bookings`: names in the caller's language, the salon's phone. */
export async function describeBookings(ctx: Ctx, rows: BookingRow[], now = Date.now()): Promise<UserBooking[]> {
  if (!rows.length) return []
  const serviceIds = [...new Set(rows.map((r) => r.serviceId))]
  const salonIds = [...new Set(rows.map((r) => r.salonId))]
  const localMasterIds = [
    ...new Set(rows.filter((r) => r.provider === 'local' && r.masterId !== null).map((r) => r.masterId!)),
  ]
  const [serviceRows, salonList, masterRows, contacts] = await Promise.all([
    ctx.db
      .select({ id: services.id, title: services.title, titleEn: services.titleEn })
      .from(services)
      .where(inArray(services.id, serviceIds)),
    salonsWhere(ctx, inArray(pickupPoints.id, salonIds)),
    localMasterIds.length
      ? ctx.db
          .select({ id: masters.id, name: masters.name, nameEn: masters.nameEn })
          .from(masters)
          .where(inArray(masters.id, localMasterIds))
      : Promise.resolve([]),
    ctx.db
      .select({ pickupPointId: siteContacts.pickupPointId, phones: siteContacts.phones })
      .from(siteContacts)
      .where(inArray(siteContacts.pickupPointId, salonIds)),
  ])
  const serviceName = new Map(serviceRows.map((s) => [s.id, localizedText(s, 'title', ctx.locale)]))
  const salonOf = new Map(salonList.map((s) => [s.id, s]))
  const masterName = new Map(masterRows.map((m) => [m.id, localizedText(m, 'name', ctx.locale)]))
  const phoneOf = new Map(contacts.map((c) => [c.pickupPointId, c.phones[0] ?? '']))
  return rows.map((r) => {
    const salon = salonOf.get(r.salonId)
    const booking: Booking = {
      id: r.id,
      service: { id: r.serviceId, name: serviceName.get(r.serviceId) ?? '' },
      salon: {
        id: r.salonId,
        name: salon?.name ?? '',
        address: salon?.address ?? '',
        latitude: salon?.latitude ?? null,
        longitude: salon?.longitude ?? null,
        timeZone: salon?.timeZone ?? DEFAULT_ZONE,
      },
      master: {
        id: r.masterId ?? 0,
        name: (r.provider === 'local' && r.masterId !== null ? masterName.get(r.masterId) : undefined) ?? r.masterName,
      },
      start: r.startLocal,
      durationMinutes: r.durationMinutes,
      price: r.price,
      status: r.status === 'cancelled' ? 'cancelled' : 'booked',
    }
    return {
      ...booking,
      cancellable: isCancellable(r, now),
      past: r.startAt <= now,
      salonPhone: phoneOf.get(r.salonId) ?? '',
    }
  })
}
