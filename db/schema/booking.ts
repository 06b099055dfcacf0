import { sqliteTable, integer, text, index, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { bool, timestamp } from './_helpers'
import { pickupPoints } from './geo'
import { services } from './services'
import { users } from './users'

/**
 * Salon booking (issue 26, ADR 044). A salon is a pickup point (`pickup_points`): the chain's
 * salons are where orders are picked up. The built-in schedule (BOOKING_PROVIDER=local) is the
 * masters below, the services each does, their weekly hours and days off; `bookings` holds every
 * visit booked through the shop, whichever provider took it.
 */

export const masters = sqliteTable(
  'masters',
  {
    id: integer('id').primaryKey(),
    salonId: integer('salon_id')
      .notNull()
      .references(() => pickupPoints.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    position: text('position').notNull(),
    positionEn: text('position_en'),
    /** An image path under /images/, or null. */
    photo: text('photo'),
    active: bool('active').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('masters_salon_idx').on(t.salonId)],
)

/** Which services a master does. */
export const masterServices = sqliteTable(
  'master_services',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    masterId: integer('master_id')
      .notNull()
      .references(() => masters.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('master_services_uq').on(t.masterId, t.serviceId),
    index('master_services_service_idx').on(t.serviceId),
  ],
)

/** A master's working hours on one weekday (1 = Monday … 7 = Sunday), in minutes of the salon's local day. */
export const masterHours = sqliteTable(
  'master_hours',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    masterId: integer('master_id')
      .notNull()
      .references(() => masters.id, { onDelete: 'cascade' }),
    weekday: integer('weekday').notNull(),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
  },
  (t) => [uniqueIndex('master_hours_uq').on(t.masterId, t.weekday)],
)

/** A day a master does not work although the weekday is a working one (`YYYY-MM-DD`, the salon's local day). */
export const masterDaysOff = sqliteTable(
  'master_days_off',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    masterId: integer('master_id')
      .notNull()
      .references(() => masters.id, { onDelete: 'cascade' }),
    date: text('date').notNull(),
  },
  (t) => [uniqueIndex('master_days_off_uq').on(t.masterId, t.date)],
)

export const BOOKING_ROW_STATUSES = ['pending', 'booked', 'cancelled'] as const

/**
 * A visit. `pending` only while its provider is booking it (then `booked`, or the row is
 * deleted); `booked` rows of a master never overlap (the local provider checks under a lock on
 * the master's row, and `slot_key` is unique as the last word).
 */
export const bookings = sqliteTable(
  'bookings',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    provider: text('provider', { enum: ['local', 'yclients'] }).notNull(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    salonId: integer('salon_id')
      .notNull()
      .references(() => pickupPoints.id),
    /** The provider's master id (ours for `local`, YCLIENTS' staff id); null while pending "any master". */
    masterId: integer('master_id'),
    masterName: text('master_name').notNull().default(''),
    /** UTC, ms. */
    startAt: timestamp('start_at').notNull(),
    endAt: timestamp('end_at').notNull(),
    /** The start as the salon sees it: ISO 8601 with its offset (`2026-12-03T10:00:00+07:00`). */
    startLocal: text('start_local').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    price: integer('price').notNull(),
    /** The calculator's choice the price came from. */
    params: text('params', { mode: 'json' }).$type<Record<string, string | number>>().notNull(),
    status: text('status', { enum: BOOKING_ROW_STATUSES }).notNull(),
    /** `provider:master@startAt` while booked, null otherwise: one booked visit per master and start. */
    slotKey: text('slot_key'),
    /** The provider's record id (YCLIENTS record id); null for local. */
    externalId: text('external_id'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The session that booked it: a guest reaches the visit only from this session. */
    sessionId: text('session_id'),
    fullname: text('fullname').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull().default(''),
    comment: text('comment').notNull().default(''),
    /** The visit this one replaced (a move). */
    movedFrom: integer('moved_from'),
    remindedDayAt: timestamp('reminded_day_at'),
    remindedHoursAt: timestamp('reminded_hours_at'),
    cancelledAt: timestamp('cancelled_at'),
    createdAt: timestamp('created_at').notNull(),
    updatedAt: timestamp('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('bookings_slot_uq').on(t.slotKey),
    index('bookings_master_idx').on(t.masterId, t.startAt),
    index('bookings_user_idx').on(t.userId, t.startAt),
    index('bookings_session_idx').on(t.sessionId),
    index('bookings_status_start_idx').on(t.status, t.startAt),
  ],
)
