/** Commerce dictionaries (upserted by code) and the suggestion dictionaries (replaced wholesale). */
import type { DB } from '../db/client'
import * as s from '../db/schema'
import { banks } from './data/banks'
import { promoCodes, deliveryMethods, paymentMethods, cancelReasons, forms } from './data/commerce'
import { firstNames, patronymics, surnames, streets, postalCodeOf } from './data/suggestions'

const day = (iso: string | null) => (iso ? Date.parse(iso) : null)

export function seedCommerce(tx: DB) {
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
    tx.insert(s.promoCodes).values(row).onConflictDoUpdate({ target: s.promoCodes.code, set: row }).run()
  }
  deliveryMethods.forEach((d, i) => {
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
    tx.insert(s.deliveryMethods).values(row).onConflictDoUpdate({ target: s.deliveryMethods.code, set: row }).run()
  })
  paymentMethods.forEach((p, i) => {
    const row = {
      code: p.code,
      title: p.title,
      titleEn: p.titleEn,
      online: p.online,
      legalOnly: p.legalOnly,
      sort: i,
    }
    tx.insert(s.paymentMethods).values(row).onConflictDoUpdate({ target: s.paymentMethods.code, set: row }).run()
  })
  for (const r of cancelReasons)
    tx.insert(s.cancelReasons).values(r).onConflictDoUpdate({ target: s.cancelReasons.id, set: r }).run()
  for (const f of forms) {
    const row = { code: f.code, title: f.title, titleEn: f.titleEn, subject: f.subject, fields: f.fields }
    tx.insert(s.forms).values(row).onConflictDoUpdate({ target: s.forms.code, set: row }).run()
  }
}

/** Dictionaries: replaced wholesale (nothing references them). */
export function seedDictionaries(tx: DB) {
  tx.delete(s.banks).run()
  for (const b of banks)
    tx.insert(s.banks)
      .values({
        bic: b.bic,
        name: b.name,
        nameLower: b.name.toLowerCase(),
        correspondentAccount: b.correspondentAccount,
        city: b.city,
      })
      .run()
  tx.delete(s.suggestNames).run()
  const names = [
    ...firstNames.map((n) => ({ kind: 'first' as const, ...n })),
    ...patronymics.map((n) => ({ kind: 'patronymic' as const, ...n })),
    ...surnames.map((n) => ({ kind: 'surname' as const, ...n })),
  ]
  for (const n of names)
    tx.insert(s.suggestNames)
      .values({ kind: n.kind, name: n.name, nameLower: n.name.toLowerCase(), gender: n.gender })
      .run()
  tx.delete(s.suggestAddresses).run()
  for (const st of streets) {
    for (const house of st.houses) {
      tx.insert(s.suggestAddresses)
        .values({
          cityId: st.cityId,
          street: st.street,
          streetLower: st.street.toLowerCase(),
          house,
          postal: postalCodeOf(st.cityId, st.street, house),
        })
        .run()
    }
  }
}
