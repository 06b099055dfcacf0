import { eq } from 'drizzle-orm'
import type { DB } from '../../db/client'
import { siteOptions } from '../../db/schema'

/**
 * The shop's own requisites (the seller on an invoice): site data in the database, the
 * `requisites` key of site_options (seeded from seed/data/pages.ts, where the requisites page
 * is written from the same values). Fields missing from the stored value read as ''.
 */
export interface SellerRequisites {
  name: string
  inn: string
  kpp: string
  ogrn: string
  address: string
  bank: string
  bic: string
  correspondentAccount: string
  account: string
  nameEn: string
  fullNameEn: string
  addressEn: string
  bankEn: string
}

const FIELDS = [
  'name',
  'inn',
  'kpp',
  'ogrn',
  'address',
  'bank',
  'bic',
  'correspondentAccount',
  'account',
  'nameEn',
  'fullNameEn',
  'addressEn',
  'bankEn',
] as const satisfies readonly (keyof SellerRequisites)[]

export const REQUISITES_OPTION = 'requisites'

export async function sellerRequisites(db: DB): Promise<SellerRequisites> {
  const [row] = await db
    .select({ value: siteOptions.value })
    .from(siteOptions)
    .where(eq(siteOptions.key, REQUISITES_OPTION))
  const stored = (row?.value && typeof row.value === 'object' ? row.value : {}) as Record<string, unknown>
  const out = {} as SellerRequisites
  for (const k of FIELDS) out[k] = typeof stored[k] === 'string' ? stored[k] : ''
  return out
}
