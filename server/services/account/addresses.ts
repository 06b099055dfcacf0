import { and, eq, sql } from 'drizzle-orm'
import { userAddresses } from '../../../db/schema'
import { affectedRows, transaction } from '../../../db/engine'
import type { Ctx } from '../../context'
import { AppError, notFound } from '../../errors'
import { t } from '../../contracts/i18n'
import { errorMap, flattenErrors } from '../../contracts/common'
import { AddressInput, type AddressData, type AddressListResult, type AddressPatch } from '../../contracts/account'
import { MAX_ADDRESSES } from './limits'
import { addressColumns, addressList, requireUser } from './user'

// Addresses

function composeFull(a: AddressData): string {
  if (a.full) return a.full
  const parts = [a.postal, a.city, a.street, a.house, a.flat ? `кв. ${a.flat}` : ''].filter(Boolean)
  return parts.join(', ')
}

function addressValues(a: AddressData) {
  return {
    full: composeFull(a),
    postal: a.postal,
    country: a.country || 'Россия',
    city: a.city,
    street: a.street,
    house: a.house,
    flat: a.flat,
    entrance: a.entrance,
    floor: a.floor,
    intercom: a.intercom,
  }
}

const listResult = async (ctx: Ctx, userId: number, key: string): Promise<AddressListResult> => ({
  success: true,
  message: key ? t(ctx.locale, key) : '',
  list: await addressList(ctx.db, userId),
})

export async function listAddresses(ctx: Ctx): Promise<AddressListResult> {
  return listResult(ctx, requireUser(ctx), '')
}

export async function addAddress(ctx: Ctx, a: AddressData): Promise<AddressListResult> {
  const userId = requireUser(ctx)
  await transaction(
    ctx.db,
    async (tx) => {
      const [counted] = await tx
        .select({ n: sql<number>`count(*)` })
        .from(userAddresses)
        .where(eq(userAddresses.userId, userId))
      const count = counted?.n ?? 0
      if (count >= MAX_ADDRESSES) throw new AppError(409, 'account.addressLimit', { max: MAX_ADDRESSES })
      await tx.insert(userAddresses).values({ userId, ...addressValues(a), createdAt: Date.now() })
    },
    { behavior: 'immediate' },
  )
  return listResult(ctx, userId, 'account.addressSaved')
}

/**
 * Edits the fields sent; the merged address must still be valid. Another user's address
 * answers 404, exactly like a missing one (no IDOR oracle).
 */
export async function updateAddress(ctx: Ctx, input: AddressPatch): Promise<AddressListResult> {
  const userId = requireUser(ctx)
  const { id, ...patch } = input
  const owned = and(eq(userAddresses.id, id), eq(userAddresses.userId, userId))
  const [current] = await ctx.db.select(addressColumns).from(userAddresses).where(owned)
  if (!current) throw notFound()
  const changes = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined))
  // The one-line address is recomposed from the parts unless the caller sends a new one.
  const merged = AddressInput.safeParse({ ...current, full: '', ...changes }, { error: errorMap(ctx.locale) })
  if (!merged.success) throw new AppError(422, 'api.validation', {}, { errors: flattenErrors(merged.error) })
  await ctx.db.update(userAddresses).set(addressValues(merged.data)).where(owned)
  return listResult(ctx, userId, 'account.addressSaved')
}

export async function deleteAddress(ctx: Ctx, input: { id: number }): Promise<AddressListResult> {
  const userId = requireUser(ctx)
  const res = await ctx.db
    .delete(userAddresses)
    .where(and(eq(userAddresses.id, input.id), eq(userAddresses.userId, userId)))
  if (affectedRows(res) === 0) throw notFound()
  return listResult(ctx, userId, 'account.addressDeleted')
}
