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
  },
  (t) => [index('pickup_points_city_idx').on(t.cityId)],
)
