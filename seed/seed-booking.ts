/** The built-in booking schedule (issue 26): masters of every salon, their services and weekly hours. */
import * as s from '../db/schema'
import type { DB } from '../db/client'
import { masters } from './data/booking'
import { syncTable } from './seed-sync'

export async function seedBooking(tx: DB): Promise<void> {
  await syncTable(
    tx,
    s.masters,
    s.masters.id,
    masters.map((m) => ({
      id: m.id,
      salonId: m.salonId,
      name: m.name,
      nameEn: m.nameEn,
      position: m.position,
      positionEn: m.positionEn,
      photo: null,
      active: true,
      sort: m.sort,
    })),
    (r) => r.id,
  )
  const sectionRows = await tx
    .select({ id: s.serviceSections.id, slug: s.serviceSections.slug })
    .from(s.serviceSections)
  const slugOf = new Map(sectionRows.map((r) => [r.id, r.slug]))
  const rows = (
    await tx
      .select({ id: s.services.id, sectionId: s.services.sectionId, bookable: s.services.bookableOnline })
      .from(s.services)
  ).map((r) => ({ ...r, section: slugOf.get(r.sectionId) ?? '' }))
  const servicesOf = (sections: string[]) =>
    [...new Set(rows.filter((r) => r.bookable && sections.includes(r.section)).map((r) => r.id))].sort((a, b) => a - b)
  await syncTable(
    tx,
    s.masterServices,
    s.masterServices.id,
    masters.flatMap((m) =>
      servicesOf(m.sections).map((serviceId) => ({ id: m.id * 1000 + serviceId, masterId: m.id, serviceId })),
    ),
    (r) => r.id,
  )
  await syncTable(
    tx,
    s.masterHours,
    s.masterHours.id,
    masters.flatMap((m) =>
      Object.entries(m.week).map(([weekday, [from, to]]) => ({
        id: m.id * 10 + Number(weekday),
        masterId: m.id,
        weekday: Number(weekday),
        startMinute: from,
        endMinute: to,
      })),
    ),
    (r) => r.id,
  )
}
