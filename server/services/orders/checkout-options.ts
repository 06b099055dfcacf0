import { and, asc, desc, eq, isNull } from 'drizzle-orm'
import type { Ctx } from '../../context'
import { orders, userAddresses } from '../../../db/schema'
import { userCity } from '../site'
import { deliveryList, paymentList, pickupPointList } from './dictionaries'
import { signedInUser } from './shared'

/**
 * A guest who ordered before from this browser (this session): their name, phone, e-mail and
 * courier address from the last order, to fill the checkout in (issue 17). Null otherwise.
 */
async function rememberedGuest(ctx: Ctx) {
  const sessionId = ctx.session.id
  if (!sessionId) return null
  const [last] = await ctx.db
    .select({ fullname: orders.fullname, phone: orders.phone, email: orders.email, address: orders.address })
    .from(orders)
    .where(and(eq(orders.sessionId, sessionId), isNull(orders.userId)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1)
  if (!last) return null
  const a = last.address && !last.address.pickupPointId ? last.address : null
  return {
    fullname: last.fullname,
    phone: last.phone,
    email: last.email,
    address: a?.full ?? '',
    entrance: a?.entrance ?? '',
    floor: a?.floor ?? '',
    intercom: a?.intercom ?? '',
  }
}

/** Everything the checkout form needs in one call. */
export async function checkoutOptions(ctx: Ctx) {
  const user = await signedInUser(ctx)
  const addresses = user
    ? await ctx.db
        .select({ id: userAddresses.id, full: userAddresses.full })
        .from(userAddresses)
        .where(eq(userAddresses.userId, user.id))
        .orderBy(asc(userAddresses.id))
    : []
  const legal = user?.type === 'legal'
  return {
    remembered: user ? null : await rememberedGuest(ctx),
    user: user
      ? {
          fullname: user.fullname,
          phone: user.phone ?? '',
          email: user.email ?? '',
          type: user.type,
          organization: user.organization,
        }
      : null,
    addresses,
    city: await userCity(ctx),
    pickupPoints: await pickupPointList(ctx),
    delivery: await deliveryList(ctx),
    payment: (await paymentList(ctx)).filter((p) => !p.legalOnly || legal),
  }
}
