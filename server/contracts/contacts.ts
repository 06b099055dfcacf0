/**
 * The shared contact rule (spec §3) — zod-free, so the shell can use it without pulling the
 * validation library into every page's first load. Re-exported by ./site.ts.
 */

/** The shape of a site contact record (see `SiteContact` in ./site.ts). */
export interface ContactRecord {
  city: { id: number } | null
  common: boolean
  contacts: { phones: string[]; emails: string[] }[]
  workhours: string[]
  address: string[]
  social: SocialItem[]
}

/**
 * A social link; the shell's answer (tRPC `site.shell`) names the network in the caller's language
 * (`label`), so the names ride in the page's data, not in every page's JavaScript (ADR 011).
 */
export interface SocialItem {
  type: string
  link: string
  label?: string
}

/** Merged contacts for one city: the shell shows these (spec §3). */
export interface ResolvedContacts {
  phones: string[]
  emails: string[]
  workhours: string[]
  address: string[]
  social: SocialItem[]
}

/** The spec's choice of a contact record: the user's city's, else the common one, else the first. */
export function contactRecordFor<R extends ContactRecord>(
  records: readonly R[],
  cityId: number | null | undefined,
): R | undefined {
  return records.find((r) => cityId != null && r.city?.id === cityId) ?? records.find((r) => r.common) ?? records[0]
}

/**
 * The spec's contact rule, shared by the server-rendered shell and the client: the record
 * `contactRecordFor` picks, phones and emails of its contact groups merged and de-duplicated.
 */
export function resolveContacts(
  records: readonly ContactRecord[],
  cityId: number | null | undefined,
): ResolvedContacts {
  const record = contactRecordFor(records, cityId)
  if (!record) return { phones: [], emails: [], workhours: [], address: [], social: [] }
  const uniq = (xs: string[]) => {
    const seen = new Set<string>()
    return xs.filter((x) => {
      const key = x.replace(/[\s()-]/g, '').toLowerCase()
      if (seen.has(key)) return false
      seen.add(key)
      return true
    })
  }
  return {
    phones: uniq(record.contacts.flatMap((c) => c.phones)),
    emails: uniq(record.contacts.flatMap((c) => c.emails)),
    workhours: record.workhours,
    address: record.address,
    social: record.social,
  }
}

/** tel: link for a displayed phone; a leading 8 becomes 7 when asked (spec §9). */
export function phoneHref(phone: string, eightToSeven = true): string {
  let digits = phone.replace(/[^\d+]/g, '')
  if (eightToSeven && digits.startsWith('8')) digits = '+7' + digits.slice(1)
  return `tel:${digits}`
}
