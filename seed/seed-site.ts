/** Cities, contacts, pickup points, site options, navigation, redirects and pages (seedAll's first part). */
import * as s from '../db/schema'
import type { DB } from '../db/client'
import { cities } from './data/cities'
import { contacts } from './data/contacts'
import { pickupPoints, redirects } from './data/commerce'
import { pages } from './data/pages'
import { siteOptions, navHeader, navFooter } from './data/site'
import type { SeedNavItem } from './data/types'
import { syncTable } from './seed-sync'

export const FOOTER_NAV_ID_BASE = 10_000

export async function seedSite(tx: DB): Promise<void> {
  // Cities and contacts (admin-edited).
  await syncTable(
    tx,
    s.cities,
    s.cities.id,
    cities.map((c) => ({
      id: c.id,
      name: c.name,
      nameEn: c.nameEn,
      region: c.region,
      latitude: c.latitude,
      longitude: c.longitude,
      timeZone: c.timeZone,
      isDefault: c.isDefault ?? false,
    })),
    (r) => r.id,
  )

  // Pickup points before the contacts that name them.
  await syncTable(tx, s.pickupPoints, s.pickupPoints.id, pickupPoints, (r) => r.id)
  await syncTable(
    tx,
    s.siteContacts,
    s.siteContacts.id,
    contacts.map((c) => ({
      id: c.id,
      cityId: c.cityId,
      common: c.common,
      phones: c.phones,
      emails: c.emails,
      workhours: c.workhours,
      workhoursEn: c.workhoursEn,
      pickupPointId: c.pickupPointId ?? null,
      address: c.address,
      addressEn: c.addressEn,
      social: c.social,
    })),
    (r) => r.id,
  )

  // Site options and navigation.
  for (const [key, value] of Object.entries(siteOptions)) {
    await tx
      .insert(s.siteOptions)
      .values({ key, value })
      .onConflictDoUpdate({ target: s.siteOptions.key, set: { value } })
  }
  const navRows: (typeof s.navItems.$inferInsert)[] = []
  const walk = (items: SeedNavItem[], menu: 'header' | 'footer', parentId: number | null) => {
    items.forEach((item, index) => {
      const id = menu === 'footer' ? FOOTER_NAV_ID_BASE + item.id : item.id
      navRows.push({ id, menu, parentId, label: item.label, labelEn: item.labelEn, link: item.link, sort: index })
      walk(item.items ?? [], menu, id)
    })
  }
  walk(navHeader, 'header', null)
  walk(navFooter, 'footer', null)
  await syncTable(tx, s.navItems, s.navItems.id, navRows, (r) => r.id as number)

  await syncTable(
    tx,
    s.redirects,
    s.redirects.fromPath,
    redirects.map((r) => ({ fromPath: r.from, toPath: r.to, status: r.status })),
    (r) => r.fromPath,
  )

  for (const p of pages) {
    await tx.insert(s.pages).values(p).onConflictDoUpdate({ target: s.pages.slug, set: p })
  }
}
