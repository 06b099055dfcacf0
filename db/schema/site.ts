import { sqliteTable, integer, text, index } from 'drizzle-orm/sqlite-core'
import { bool } from './_helpers'
import { cities, pickupPoints } from './geo'

export interface SocialLink {
  type: string
  link: string
}

export const siteContacts = sqliteTable(
  'site_contacts',
  {
    id: integer('id').primaryKey(),
    cityId: integer('city_id').references(() => cities.id, { onDelete: 'set null' }),
    common: bool('common').notNull().default(false),
    phones: text('phones', { mode: 'json' }).$type<string[]>().notNull(),
    emails: text('emails', { mode: 'json' }).$type<string[]>().notNull(),
    workhours: text('workhours', { mode: 'json' }).$type<string[]>().notNull(),
    workhoursEn: text('workhours_en', { mode: 'json' }).$type<string[]>(),
    address: text('address', { mode: 'json' }).$type<string[]>().notNull(),
    addressEn: text('address_en', { mode: 'json' }).$type<string[]>(),
    social: text('social', { mode: 'json' }).$type<SocialLink[]>().notNull(),
    /** The salon this city record stands for: its hours are the pickup point's (one source). */
    pickupPointId: integer('pickup_point_id').references(() => pickupPoints.id, { onDelete: 'set null' }),
  },
  (t) => [index('site_contacts_city_idx').on(t.cityId)],
)

/** Key/value site settings (title, copyright, privacy link), values are JSON. */
export const siteOptions = sqliteTable('site_options', {
  key: text('key').primaryKey(),
  value: text('value', { mode: 'json' }).notNull(),
})

export const navItems = sqliteTable(
  'nav_items',
  {
    id: integer('id').primaryKey(),
    menu: text('menu', { enum: ['header', 'footer'] }).notNull(),
    /** Seed id inside its menu; ids are unique per menu in seed data, so the row id is menu-prefixed. */
    parentId: integer('parent_id'),
    label: text('label').notNull(),
    labelEn: text('label_en').notNull(),
    link: text('link').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('nav_items_menu_idx').on(t.menu, t.parentId, t.sort)],
)

export const redirects = sqliteTable('redirects', {
  fromPath: text('from_path').primaryKey(),
  toPath: text('to_path').notNull(),
  status: integer('status').notNull().default(302),
})

export const pages = sqliteTable('pages', {
  slug: text('slug').primaryKey(),
  title: text('title').notNull(),
  titleEn: text('title_en').notNull(),
  description: text('description').notNull(),
  descriptionEn: text('description_en'),
  html: text('html').notNull(),
  htmlEn: text('html_en'),
})
