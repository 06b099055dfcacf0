import { asc, eq } from 'drizzle-orm'
import type { Ctx } from '../context'
import { pickupPoints } from '../../db/schema'
import type { PickupPoint } from '../contracts/orders'
import { localizedText } from '../contracts/localized'

/**
 * Salons where orders are picked up (issue 17): the one source of a salon's title, address and
 * opening hours. The checkout's pickup option, the order page and the footer (through
 * `salonOfContact`) all read them here, in the caller's language.
 */

type PointRow = typeof pickupPoints.$inferSelect

function toPoint(ctx: Ctx, r: PointRow): PickupPoint {
  return {
    id: r.id,
    title: localizedText(r, 'title', ctx.locale),
    address: localizedText(r, 'address', ctx.locale),
    workhours: localizedText(r, 'workhours', ctx.locale),
  }
}

export async function pickupPointsOfCity(ctx: Ctx, cityId: number): Promise<PickupPoint[]> {
  const rows = await ctx.db
    .select()
    .from(pickupPoints)
    .where(eq(pickupPoints.cityId, cityId))
    .orderBy(asc(pickupPoints.id))
  return rows.map((r) => toPoint(ctx, r))
}

export async function pickupPointById(ctx: Ctx, id: number): Promise<PickupPoint | null> {
  const [row] = await ctx.db.select().from(pickupPoints).where(eq(pickupPoints.id, id))
  return row ? toPoint(ctx, row) : null
}

/**
 * The salon a city contact stands for (`site_contacts.pickup_point_id`, set by the seed's contacts
 * file). Its hours are the ones the footer shows, so they cannot disagree with the pickup option.
 */
export function salonOfContact(rows: readonly PointRow[], pickupPointId: number | null) {
  return pickupPointId === null ? null : (rows.find((p) => p.id === pickupPointId) ?? null)
}

/** A salon's hours as the footer's lines ('Пн–Пт 10:00–21:00, Сб–Вс 10:00–20:00' → two lines). */
export const hoursLines = (workhours: string) =>
  workhours
    .split(/,\s*/)
    .map((x) => x.trim())
    .filter(Boolean)
