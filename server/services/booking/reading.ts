import { eq, inArray } from 'drizzle-orm'
import { masters as mastersTable, pickupPoints } from '../../../db/schema'
import type { Ctx } from '../../context'
import { localizedText } from '../../contracts/localized'
import type { BookingMaster, BookingSalon, BookingSlot } from '../../contracts/booking'
import { localTime } from '../../contracts/zoned-time'
import { bookingProvider } from '../../providers/booking'
import { userCity } from '../site'
import { loadSalon, loadService, providerError, salonsDoing, salonsWhere } from './shared'

/** How far ahead a day may be asked for. */
export const BOOKING_DAYS_AHEAD = 62

/** GET /api/booking-salons/: the salons of the caller's city that do the service online. */
export async function salons(ctx: Ctx, input: { service: number }): Promise<BookingSalon[]> {
  const service = await loadService(ctx, input.service)
  const city = await userCity(ctx)
  const inCity = await salonsWhere(ctx, eq(pickupPoints.cityId, city.id))
  const doing = await salonsDoing(ctx, bookingProvider(), service, inCity)
  return doing.map((s) => ({
    id: s.id,
    name: s.name,
    address: s.address,
    cityId: s.cityId,
    timeZone: s.timeZone,
    latitude: s.latitude,
    longitude: s.longitude,
  }))
}

/** The salon when it does the service online, else null (an empty answer, not an error). */
async function salonDoing(ctx: Ctx, input: { service: number; salon: number }) {
  const service = await loadService(ctx, input.service)
  const salon = await loadSalon(ctx, input.salon)
  const [doing] = await salonsDoing(ctx, bookingProvider(), service, [salon])
  return doing ? { service, salon: doing } : null
}

/** Local masters' names and positions in the caller's language (the provider answers them in Russian). */
async function localizeMasters(ctx: Ctx, list: BookingMaster[]): Promise<BookingMaster[]> {
  if (ctx.locale === 'ru' || bookingProvider().name !== 'local' || !list.length) return list
  const rows = await ctx.db
    .select({
      id: mastersTable.id,
      name: mastersTable.name,
      nameEn: mastersTable.nameEn,
      position: mastersTable.position,
      positionEn: mastersTable.positionEn,
    })
    .from(mastersTable)
    .where(
      inArray(
        mastersTable.id,
        list.map((m) => m.id),
      ),
    )
  const byId = new Map(rows.map((r) => [r.id, r]))
  return list.map((m) => {
    const r = byId.get(m.id)
    return r
      ? { ...m, name: localizedText(r, 'name', ctx.locale), position: localizedText(r, 'position', ctx.locale) }
      : m
  })
}

/** GET /api/booking-masters/: who does the service in the salon. */
export async function masters(ctx: Ctx, input: { service: number; salon: number }): Promise<BookingMaster[]> {
  const found = await salonDoing(ctx, input)
  if (!found) return []
  const list = await bookingProvider().masters(ctx.db, found.salon, found.service).catch(providerError)
  return localizeMasters(ctx, list)
}

/** GET /api/booking-slots/: free starts of the salon's local day, each with the salon's offset; future only. */
export async function slots(
  ctx: Ctx,
  input: { service: number; salon: number; date: string; master?: number },
): Promise<BookingSlot[]> {
  const found = await salonDoing(ctx, input)
  if (!found) return []
  const today = localTime(found.salon.timeZone, Date.now()).date
  // Days before the salon's today, or beyond the booking horizon, have no free time.
  if (input.date < today || daysBetween(today, input.date) > BOOKING_DAYS_AHEAD) return []
  const list = await bookingProvider()
    .slots(ctx.db, found.salon, found.service, input.date, input.master)
    .catch(providerError)
  if (ctx.locale === 'ru' || bookingProvider().name !== 'local') return list
  const names = new Map((await localizeMasters(ctx, uniqueMasters(list))).map((m) => [m.id, m.name]))
  return list.map((s) => ({ ...s, master: { id: s.master.id, name: names.get(s.master.id) ?? s.master.name } }))
}

const uniqueMasters = (list: BookingSlot[]): BookingMaster[] =>
  [...new Map(list.map((s) => [s.master.id, s.master])).values()].map((m) => ({ ...m, position: '', photo: null }))

const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000)
