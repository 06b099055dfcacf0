import { asc, eq } from 'drizzle-orm'
import type { Ctx } from '../../context'
import { cancelReasons, deliveryMethods, paymentMethods } from '../../../db/schema'
import { localizedText } from '../../contracts/localized'
import { OTHER_CANCEL_REASON, type DeliveryMethod, type PaymentMethod, type PickupPoint } from '../../contracts/orders'
import { pickupPointsOfCity } from '../pickup-points'
import { userCity } from '../site'

/** The checkout's dictionaries (API §8): delivery and payment methods, cancel reasons, pickup points. */

export async function deliveryList(ctx: Ctx): Promise<DeliveryMethod[]> {
  const rows = await ctx.db.select().from(deliveryMethods).orderBy(asc(deliveryMethods.sort), asc(deliveryMethods.id))
  return rows.map((d) => ({
    id: d.id,
    code: d.code,
    title: localizedText(d, 'title', ctx.locale),
    price: d.price,
    description: localizedText(d, 'description', ctx.locale),
    freeFrom: d.freeFrom,
    needsAddress: d.needsAddress,
  }))
}

export async function paymentList(ctx: Ctx): Promise<PaymentMethod[]> {
  const rows = await ctx.db.select().from(paymentMethods).orderBy(asc(paymentMethods.sort), asc(paymentMethods.id))
  return rows.map((p) => ({
    id: p.id,
    code: p.code,
    title: localizedText(p, 'title', ctx.locale),
    online: p.online,
    legalOnly: p.legalOnly,
  }))
}

export async function cancelReasonList(ctx: Ctx) {
  const rows = await ctx.db.select().from(cancelReasons).orderBy(asc(cancelReasons.id))
  return rows.map((r) => ({
    id: r.id,
    title: localizedText(r, 'title', ctx.locale),
    ...(r.id === OTHER_CANCEL_REASON && { other: true }),
  }))
}

/** Pickup points of the session's city. */
export async function pickupPointList(ctx: Ctx): Promise<PickupPoint[]> {
  return pickupPointsOfCity(ctx, (await userCity(ctx)).id)
}

/** A cancel reason's title (as stored, in Russian, in a history comment) in the caller's language. */
export async function cancelReasonTitle(ctx: Ctx, title: string): Promise<string> {
  const [row] = await ctx.db.select().from(cancelReasons).where(eq(cancelReasons.title, title)).limit(1)
  return row ? localizedText(row, 'title', ctx.locale) : title
}
