/** Commerce dictionaries (upserted by code) and the suggestion dictionaries (replaced wholesale). */
import type { DB } from '../db/client'
import * as s from '../db/schema'
import { banks } from './data/banks'
import { promoCodes, deliveryMethods, paymentMethods, cancelReasons, forms } from './data/commerce'
import { firstNames, patronymics, surnames, streets, postalCodeOf } from './data/suggestions'

const day = (iso: string | null) => (iso ? Date.parse(iso) : null)

export async function seedCommerce(tx: DB): Promise<void> {
  for (const p of promoCodes) {
    const row = {
      code: p.code.toUpperCase(),
      kind: p.kind,
      value: p.value,
      minSum: p.minSum,
      validFrom: day(p.validFrom),
      validTo: day(p.validTo),
      usageLimit: p.usageLimit,
      firstOrderOnly: p.firstOrderOnly ?? false,
      perCustomerLimit: p.perCustomerLimit ?? null,
      description: p.description,
    }
    await tx.insert(s.promoCodes).values(row).onConflictDoUpdate({ target: s.promoCodes.code, set: row })
  }
  for (const [i, d] of deliveryMethods.entries()) {
    const row = {
      code: d.code,
      title: d.title,
      titleEn: d.titleEn,
      description: d.description,
      descriptionEn: d.descriptionEn,
      price: d.price,
      freeFrom: d.freeFrom,
      needsAddress: d.needsAddress,
      sort: i,
    }
    await tx.insert(s.deliveryMethods).values(row).onConflictDoUpdate({ target: s.deliveryMethods.code, set: row })
  }
  for (const [i, p] of paymentMethods.entries()) {
    const row = {
      code: p.code,
      title: p.title,
      titleEn: p.titleEn,
      online: p.online,
      legalOnly: p.legalOnly,
      sort: i,
    }
    await tx.insert(s.paymentMethods).values(row).onConflictDoUpdate({ target: s.paymentMethods.code, set: row })
  }
  for (const r of cancelReasons)
    await tx.insert(s.cancelReasons).values(r).onConflictDoUpdate({ target: s.cancelReasons.id, set: r })
  for (const f of forms) {
    const row = { code: f.code, title: f.title, titleEn: f.titleEn, subject: f.subject, fields: f.fields }
    await tx.insert(s.forms).values(row).onConflictDoUpdate({ target: s.forms.code, set: row })
  }
}

/** Dictionaries: replaced wholesale (nothing references them). */
export async function seedDictionaries(tx: DB): Promise<void> {
  await tx.delete(s.banks)
  for (const b of banks)
    await tx.insert(s.banks).values({
      bic: b.bic,
      name: b.name,
      nameLower: b.name.toLowerCase(),
      correspondentAccount: b.correspondentAccount,
      city: b.city,
    })
  await tx.delete(s.suggestNames)
  const names = [
    ...firstNames.map((n) => ({ kind: 'first' as const, ...n })),
    ...patronymics.map((n) => ({ kind: 'patronymic' as const, ...n })),
    ...surnames.map((n) => ({ kind: 'surname' as const, ...n })),
  ]
  for (const n of names)
    await tx
      .insert(s.suggestNames)
      .values({ kind: n.kind, name: n.name, nameLower: n.name.toLowerCase(), gender: n.gender })
  await tx.delete(s.suggestAddresses)
  for (const st of streets) {
    for (const house of st.houses) {
      await tx.insert(s.suggestAddresses).values({
        cityId: st.cityId,
        street: st.street,
        streetLower: st.street.toLowerCase(),
        house,
        postal: postalCodeOf(st.cityId, st.street, house),
      })
    }
  }
}
