import { eq } from 'drizzle-orm'
import type { DB } from '../../../db/client'
import { userAddresses, users } from '../../../db/schema'
import type { Ctx } from '../../context'
import { unauthorized } from '../../errors'
import { formatPhone } from '../../contracts/common'
import type { Address, UserInfo } from '../../contracts/account'
import { userCity } from '../site'

// Reading the user

const userColumns = {
  id: users.id,
  type: users.type,
  subtype: users.subtype,
  fullname: users.fullname,
  taxId: users.taxId,
  organization: users.organization,
  contactPerson: users.contactPerson,
  phone: users.phone,
  email: users.email,
  bic: users.bic,
  bankName: users.bankName,
  correspondentAccount: users.correspondentAccount,
  currentAccount: users.currentAccount,
}

export const addressColumns = {
  id: userAddresses.id,
  full: userAddresses.full,
  postal: userAddresses.postal,
  country: userAddresses.country,
  city: userAddresses.city,
  street: userAddresses.street,
  house: userAddresses.house,
  flat: userAddresses.flat,
  entrance: userAddresses.entrance,
  floor: userAddresses.floor,
  intercom: userAddresses.intercom,
}

export async function addressList(db: DB, userId: number): Promise<Address[]> {
  return db.select(addressColumns).from(userAddresses).where(eq(userAddresses.userId, userId)).orderBy(userAddresses.id)
}

/** The header's and every page's view of the caller (contract §5). */
export async function userInfo(ctx: Ctx): Promise<UserInfo> {
  const city = await userCity(ctx)
  const userId = ctx.session.userId
  const [row] = userId === null ? [] : await ctx.db.select(userColumns).from(users).where(eq(users.id, userId))
  if (!row) {
    return {
      isAuthorized: false,
      id: -1,
      city,
      info: { fullname: '', taxId: '', organization: '', contactPerson: '', phone: '', email: '' },
      meta: { type: 'individual', subtype: null },
      bank: { bic: '', bankName: '', correspondentAccount: '', currentAccount: '' },
      addresses: [],
    }
  }
  return {
    isAuthorized: true,
    id: row.id,
    city,
    info: {
      fullname: row.fullname,
      taxId: row.taxId,
      organization: row.organization,
      contactPerson: row.contactPerson,
      phone: row.phone ? formatPhone(row.phone) : '',
      email: row.email ?? '',
    },
    meta: { type: row.type, subtype: row.type === 'legal' ? (row.subtype ?? 'organization') : null },
    bank: {
      bic: row.bic,
      bankName: row.bankName,
      correspondentAccount: row.correspondentAccount,
      currentAccount: row.currentAccount,
    },
    addresses: await addressList(ctx.db, row.id),
  }
}

export function requireUser(ctx: Ctx): number {
  const id = ctx.session.userId
  if (id === null) throw unauthorized()
  return id
}
