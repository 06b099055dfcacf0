import { sql, notInArray, eq } from 'drizzle-orm'
import type { DB } from '../db/client'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import * as s from '../db/schema'
import { cities } from './data/cities'
import { contacts } from './data/contacts'
import { siteOptions, navHeader, navFooter } from './data/site'
import { HAIR_TYPES, PURPOSES, sections, brands, products } from './data/catalog'
import { serviceSections, services } from './data/services'
import { posts } from './data/blog'
import { faqGroups } from './data/faq'
import { pages } from './data/pages'
import { banks } from './data/banks'
import {
  promoCodes,
  deliveryMethods,
  paymentMethods,
  cancelReasons,
  redirects,
  forms,
  pickupPoints,
} from './data/commerce'
import { firstNames, patronymics, surnames, streets, postalCodeOf } from './data/suggestions'
import type { SeedNavItem } from './data/types'
import { afterSeedHooks } from './hooks'

/** Offer ids live above this, disjoint from product ids (see db/schema/catalog.ts). */
export const OFFER_ID_BASE = 1_000_000
export const FOOTER_NAV_ID_BASE = 10_000

const IMAGE_SIZES: Record<string, [number, number]> = {
  products: [800, 800],
  blog: [1200, 630],
  services: [800, 600],
}

export function imageRef(src: string, alt: string): s.ImageRef {
  const folder = src.split('/')[2] ?? ''
  const [width, height] = IMAGE_SIZES[folder] ?? [800, 800]
  return { src, width, height, alt }
}

const day = (iso: string | null) => (iso ? Date.parse(iso) : null)

/**
 * Reference data is upserted by its natural key (id or slug), so running the seed twice
 * changes nothing, and an admin's edit of seed/data applies on the next run. Tables an
 * admin curates wholesale (cities, contacts, navigation, redirects, pages, FAQ) drop rows
 * that left the data files; catalog rows are never deleted (carts and orders point at
 * them) and stock is written only when an offer is first created, so sales are kept.
 * Users, sessions, carts, favorites and orders are never touched.
 */
export function seedAll(db: DB): Record<string, number> {
  db.transaction((trx) => {
    const tx = trx as unknown as DB
    // Cities and contacts (admin-edited).
    syncTable(
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
        isDefault: c.isDefault ?? false,
      })),
      (r) => r.id,
    )

    // Pickup points before the contacts that name them.
    syncTable(tx, s.pickupPoints, s.pickupPoints.id, pickupPoints, (r) => r.id)
    syncTable(
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
      tx.insert(s.siteOptions)
        .values({ key, value })
        .onConflictDoUpdate({ target: s.siteOptions.key, set: { value } })
        .run()
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
    syncTable(tx, s.navItems, s.navItems.id, navRows, (r) => r.id as number)

    syncTable(
      tx,
      s.redirects,
      s.redirects.fromPath,
      redirects.map((r) => ({ fromPath: r.from, toPath: r.to, status: r.status })),
      (r) => r.fromPath,
    )

    for (const p of pages) {
      tx.insert(s.pages).values(p).onConflictDoUpdate({ target: s.pages.slug, set: p }).run()
    }

    // Catalog.
    sections.forEach((sec) => {
      const row = {
        slug: sec.slug,
        title: sec.title,
        titleEn: sec.titleEn,
        description: sec.description,
        descriptionEn: sec.descriptionEn,
        sort: sec.sort,
      }
      tx.insert(s.catalogSections).values(row).onConflictDoUpdate({ target: s.catalogSections.slug, set: row }).run()
    })
    for (const b of brands) tx.insert(s.brands).values(b).onConflictDoUpdate({ target: s.brands.slug, set: b }).run()
    const props = [
      ...HAIR_TYPES.map((p) => ({ kind: 'hair-type' as const, ...p })),
      ...PURPOSES.map((p) => ({ kind: 'purpose' as const, ...p })),
    ]
    for (const p of props) {
      tx.insert(s.productProperties)
        .values(p)
        .onConflictDoUpdate({
          target: [s.productProperties.kind, s.productProperties.code],
          set: { label: p.label, labelEn: p.labelEn },
        })
        .run()
    }
    const sectionIds = new Map(
      tx
        .select({ id: s.catalogSections.id, slug: s.catalogSections.slug })
        .from(s.catalogSections)
        .all()
        .map((r) => [r.slug, r.id]),
    )
    const brandIds = new Map(
      tx
        .select({ id: s.brands.id, slug: s.brands.slug })
        .from(s.brands)
        .all()
        .map((r) => [r.slug, r.id]),
    )
    const propIds = new Map(
      tx
        .select()
        .from(s.productProperties)
        .all()
        .map((r) => [`${r.kind}:${r.code}`, r.id]),
    )
    const brandName = new Map(brands.map((b) => [b.slug, b.name]))

    let nextOfferId =
      Math.max(
        OFFER_ID_BASE,
        tx
          .select({ m: sql<number>`coalesce(max(${s.productOffers.id}), 0)` })
          .from(s.productOffers)
          .get()?.m ?? 0,
      ) + 1
    for (const p of products) {
      const sectionId = sectionIds.get(p.sectionSlug)
      const brandId = brandIds.get(p.brandSlug)
      if (!sectionId || !brandId) throw new Error(`Product ${p.slug}: unknown section or brand`)
      const alt = `${p.name}${brandName.get(p.brandSlug) ? ` — ${brandName.get(p.brandSlug)}` : ''}`
      const row = {
        slug: p.slug,
        sectionId,
        brandId,
        name: p.name,
        nameEn: p.nameEn,
        description: p.description,
        descriptionEn: p.descriptionEn,
        image: imageRef(p.image, alt),
        gallery: p.gallery.map((g) => imageRef(g, alt)),
        popularity: p.popularity,
        createdAt: Date.parse(p.createdAt),
      }
      const saved = tx
        .insert(s.products)
        .values(row)
        .onConflictDoUpdate({ target: s.products.slug, set: row })
        .returning({ id: s.products.id })
        .get()
      const productId = saved.id
      p.options.forEach((o, index) => {
        const existing = tx
          .select({ id: s.productOffers.id })
          .from(s.productOffers)
          .where(eq(s.productOffers.sku, o.sku))
          .get()
        const values = { productId, sku: o.sku, volume: o.volume, price: o.price, oldPrice: o.oldPrice, sort: index }
        if (existing) tx.update(s.productOffers).set(values).where(eq(s.productOffers.id, existing.id)).run()
        else
          tx.insert(s.productOffers)
            .values({ ...values, id: nextOfferId++, stock: o.stock })
            .run()
      })
      const wanted = [
        ...p.hairTypes.map((c) => propIds.get(`hair-type:${c}`)),
        ...p.purposes.map((c) => propIds.get(`purpose:${c}`)),
      ].filter((x): x is number => x !== undefined)
      for (const propertyId of wanted)
        tx.insert(s.productPropertyLinks).values({ productId, propertyId }).onConflictDoNothing().run()
      if (wanted.length) {
        tx.delete(s.productPropertyLinks)
          .where(
            sql`${s.productPropertyLinks.productId} = ${productId} and ${s.productPropertyLinks.propertyId} not in (${sql.join(
              wanted.map((w) => sql`${w}`),
              sql`, `,
            )})`,
          )
          .run()
      }
    }
    refreshProductAggregates(tx)

    // Services.
    for (const sec of serviceSections)
      tx.insert(s.serviceSections).values(sec).onConflictDoUpdate({ target: s.serviceSections.slug, set: sec }).run()
    const serviceSectionIds = new Map(
      tx
        .select({ id: s.serviceSections.id, slug: s.serviceSections.slug })
        .from(s.serviceSections)
        .all()
        .map((r) => [r.slug, r.id]),
    )
    services.forEach((sv, index) => {
      const sectionId = serviceSectionIds.get(sv.sectionSlug)
      if (!sectionId) throw new Error(`Service ${sv.slug}: unknown section`)
      const row = {
        slug: sv.slug,
        sectionId,
        title: sv.title,
        titleEn: sv.titleEn,
        description: sv.description,
        descriptionEn: sv.descriptionEn,
        basePrice: sv.basePrice,
        durationMin: sv.durationMin,
        params: sv.params,
        sort: index,
      }
      tx.insert(s.services).values(row).onConflictDoUpdate({ target: s.services.slug, set: row }).run()
    })

    // Content.
    for (const p of posts) {
      const row = {
        slug: p.slug,
        title: p.title,
        titleEn: p.titleEn,
        excerpt: p.excerpt,
        excerptEn: p.excerptEn,
        html: p.html,
        htmlEn: p.htmlEn,
        image: p.image,
        tags: p.tags,
        publishedAt: Date.parse(p.publishedAt),
      }
      tx.insert(s.posts).values(row).onConflictDoUpdate({ target: s.posts.slug, set: row }).run()
    }
    faqGroups.forEach((g, gi) => {
      const group = tx
        .insert(s.faqGroups)
        .values({ slug: g.slug, title: g.title, titleEn: g.titleEn, sort: gi })
        .onConflictDoUpdate({ target: s.faqGroups.slug, set: { title: g.title, titleEn: g.titleEn, sort: gi } })
        .returning({ id: s.faqGroups.id })
        .get()
      const existing = tx.select().from(s.faqItems).where(eq(s.faqItems.groupId, group.id)).all()
      g.items.forEach((item, ii) => {
        const match = existing.find((e) => e.question === item.question)
        const texts = { questionEn: item.questionEn, answer: item.answer, answerEn: item.answerEn, sort: ii }
        if (match) tx.update(s.faqItems).set(texts).where(eq(s.faqItems.id, match.id)).run()
        else
          tx.insert(s.faqItems)
            .values({ groupId: group.id, question: item.question, ...texts })
            .run()
      })
      const keep = g.items.map((i) => i.question)
      for (const e of existing)
        if (!keep.includes(e.question)) tx.delete(s.faqItems).where(eq(s.faqItems.id, e.id)).run()
    })

    // Commerce dictionaries.
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

    // Dictionaries: replaced wholesale (nothing references them).
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

    for (const hook of afterSeedHooks) hook(tx)
  })
  return countRows(db)
}

/**
 * Makes a table hold exactly `rows`: upsert each by its key, delete rows whose key left the data.
 * For the tables an admin curates wholesale (cities, contacts, navigation, redirects).
 */
function syncTable<T extends SQLiteTable, R extends T['$inferInsert']>(
  tx: DB,
  table: T,
  key: SQLiteColumn,
  rows: R[],
  keyOf: (row: R) => string | number,
) {
  for (const row of rows) tx.insert(table).values(row).onConflictDoUpdate({ target: key, set: row }).run()
  tx.delete(table)
    .where(notInArray(key, rows.map(keyOf)))
    .run()
}

/** Keeps products.min_price / total_stock in step with their offers (sorting and filters use them). */
export function refreshProductAggregates(db: DB) {
  db.run(sql`update products set
    min_price = coalesce((select min(price) from product_offers o where o.product_id = products.id), 0),
    total_stock = coalesce((select sum(stock) from product_offers o where o.product_id = products.id), 0)`)
}

export const COUNTED_TABLES = [
  'cities',
  'site_contacts',
  'site_options',
  'nav_items',
  'redirects',
  'pages',
  'catalog_sections',
  'brands',
  'product_properties',
  'products',
  'product_offers',
  'product_property_links',
  'service_sections',
  'services',
  'posts',
  'faq_groups',
  'faq_items',
  'promo_codes',
  'delivery_methods',
  'payment_methods',
  'cancel_reasons',
  'pickup_points',
  'forms',
  'banks',
  'suggest_names',
  'suggest_addresses',
  'users',
  'carts',
  'cart_lines',
  'favorites',
  'orders',
  'order_lines',
] as const

export function countRows(db: DB): Record<string, number> {
  const out: Record<string, number> = {}
  for (const table of COUNTED_TABLES) {
    out[table] = (db.$client.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n
  }
  return out
}
