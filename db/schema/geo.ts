import { sqliteTable, integer, text, real, index } from 'drizzle-orm/sqlite-core'
import { bool } from './_helpers'

export const cities = sqliteTable('cities', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  nameEn: text('name_en').notNull(),
  region: text('region').notNull(),
  latitude: real('latitude').notNull(),
  longitude: real('longitude').notNull(),
  isDefault: bool('is_default').notNull().default(false),
  /** IANA time zone (`Asia/Novosibirsk`): a salon's days and times are judged in it (issue 26). */
  timeZone: text('time_zone').notNull().default('Europe/Moscow'),
})

export const pickupPoints = sqliteTable(
  'pickup_points',
  {
    id: integer('id').primaryKey(),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    titleEn: text('title_en'),
    address: text('address').notNull(),
    addressEn: text('address_en'),
    workhours: text('workhours').notNull(),
    workhoursEn: text('workhours_en'),
    /** A pickup point is one of the chain's salons (issue 26): where it is, for the map link. */
    latitude: real('latitude'),
    longitude: real('longitude'),
    /** The salon's company id in YCLIENTS (BOOKING_PROVIDER=yclients); empty in the demo. */
    yclientsCompanyId: text('yclients_company_id'),
  },
  (t) => [index('pickup_points_city_idx').on(t.cityId)],
)
