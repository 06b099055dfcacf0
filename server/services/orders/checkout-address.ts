import { and, eq } from 'drizzle-orm'
import type { Ctx } from '../../context'
import { pickupPoints, userAddresses, type OrderAddress, type OrderCustomer } from '../../../db/schema'
import { AppError } from '../../errors'
import { PICKUP, type CheckoutData } from '../../contracts/orders'
import { extrasOf, fieldError, type signedInUser } from './shared'

type User = Awaited<ReturnType<typeof signedInUser>>

/**
 * Where the order goes: the chosen pickup point, a saved address of the account, or the address
 * typed in; null for a delivery method that needs none. 404/422 with the field when unusable.
 */
export async function orderAddress(
  ctx: Ctx,
  input: CheckoutData,
  method: { code: string; needsAddress: boolean },
  user: User,
): Promise<OrderAddress | null> {
  if (method.code === PICKUP) {
    const [point] = await ctx.db
      .select()
      .from(pickupPoints)
      .where(eq(pickupPoints.id, input.pickupPoint ?? 0))
    if (!point) throw fieldError(422, 'order.unknownPickupPoint', 'pickupPoint')
    return { full: `${point.title}, ${point.address}`, pickupPointId: point.id }
  }
  if (!method.needsAddress) return null
  if (input.addressId) {
    const [saved] = user
      ? await ctx.db
          .select()
          .from(userAddresses)
          .where(and(eq(userAddresses.id, input.addressId), eq(userAddresses.userId, user.id)))
      : []
    if (!saved) throw fieldError(404, 'order.unknownAddress', 'addressId')
    return {
      full: saved.full,
      postal: saved.postal,
      city: saved.city,
      street: saved.street,
      house: saved.house,
      flat: saved.flat,
      ...extrasOf(saved),
    }
  }
  if (input.address) return { full: input.address, ...extrasOf(input) }
  throw new AppError(422, 'api.validation', {}, { errors: { address: 'errors.required' } })
}

/** A company account's details, copied onto its order (the invoice and 1C read them there). */
export function orderCustomer(user: User): OrderCustomer | null {
  if (user?.type !== 'legal') return null
  return {
    type: 'legal',
    subtype: user.subtype,
    organization: user.organization,
    taxId: user.taxId,
    bic: user.bic,
    bankName: user.bankName,
    correspondentAccount: user.correspondentAccount,
    currentAccount: user.currentAccount,
  }
}
