import { sqliteTable, integer, text, index } from 'drizzle-orm/sqlite-core'
import { cities } from './geo'

export const banks = sqliteTable(
  'banks',
  {
    bic: text('bic').primaryKey(),
    name: text('name').notNull(),
    nameLower: text('name_lower').notNull(),
    correspondentAccount: text('correspondent_account').notNull(),
    city: text('city').notNull(),
  },
  (t) => [index('banks_name_idx').on(t.nameLower)],
)

export const suggestNames = sqliteTable(
  'suggest_names',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: ['first', 'patronymic', 'surname'] }).notNull(),
    name: text('name').notNull(),
    nameLower: text('name_lower').notNull(),
    gender: text('gender', { enum: ['m', 'f'] }).notNull(),
  },
  (t) => [index('suggest_names_lower_idx').on(t.nameLower)],
)

export const suggestAddresses = sqliteTable(
  'suggest_addresses',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'cascade' }),
    street: text('street').notNull(),
    streetLower: text('street_lower').notNull(),
    house: text('house').notNull(),
    postal: text('postal').notNull().default(''),
  },
  (t) => [index('suggest_addresses_idx').on(t.cityId, t.streetLower)],
)
