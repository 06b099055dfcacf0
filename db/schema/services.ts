import { sqliteTable, integer, text, index } from 'drizzle-orm/sqlite-core'
import { bool } from './_helpers'

export interface ServiceParam {
  code: string
  label: string
  labelEn: string
  kind: 'select' | 'number'
  options?: { value: string; label: string; labelEn: string; percent: number }[]
  min?: number
  max?: number
  step?: number
  perUnit?: number
  unit?: string
}

export const serviceSections = sqliteTable('service_sections', {
  id: integer('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  titleEn: text('title_en').notNull(),
  description: text('description').notNull(),
  descriptionEn: text('description_en'),
  sort: integer('sort').notNull().default(0),
})

export const services = sqliteTable(
  'services',
  {
    id: integer('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    sectionId: integer('section_id')
      .notNull()
      .references(() => serviceSections.id),
    title: text('title').notNull(),
    titleEn: text('title_en').notNull(),
    description: text('description').notNull(),
    descriptionEn: text('description_en'),
    basePrice: integer('base_price').notNull(),
    durationMin: integer('duration_min').notNull(),
    params: text('params', { mode: 'json' }).$type<ServiceParam[]>().notNull(),
    sort: integer('sort').notNull().default(0),
    /** Booked online (salon, master, time); false: the request form a manager calls back about (issue 26). */
    bookableOnline: bool('bookable_online').notNull().default(true),
    /** The service's id in YCLIENTS (BOOKING_PROVIDER=yclients); empty in the demo. */
    yclientsServiceId: text('yclients_service_id'),
  },
  (t) => [index('services_section_idx').on(t.sectionId)],
)
