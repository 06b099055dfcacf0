import { sqliteTable, integer, text, index, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { timestamp } from './_helpers'
import { cities } from './geo'

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    type: text('type', { enum: ['individual', 'legal'] })
      .notNull()
      .default('individual'),
    subtype: text('subtype', { enum: ['organization', 'individual'] }),
    fullname: text('fullname').notNull().default(''),
    taxId: text('tax_id').notNull().default(''),
    organization: text('organization').notNull().default(''),
    contactPerson: text('contact_person').notNull().default(''),
    /** Normalised '+7XXXXXXXXXX'. */
    phone: text('phone'),
    /** Lower-cased. */
    email: text('email'),
    passwordHash: text('password_hash'),
    /** Set when a code sent to the phone was entered; until then the phone is only claimed. */
    phoneVerifiedAt: timestamp('phone_verified_at'),
    /** Set when a code sent to the e-mail was entered. */
    emailVerifiedAt: timestamp('email_verified_at'),
    bic: text('bic').notNull().default(''),
    bankName: text('bank_name').notNull().default(''),
    correspondentAccount: text('correspondent_account').notNull().default(''),
    currentAccount: text('current_account').notNull().default(''),
    createdAt: timestamp('created_at').notNull(),
    updatedAt: timestamp('updated_at').notNull(),
  },
  (t) => [uniqueIndex('users_phone_uq').on(t.phone), uniqueIndex('users_email_uq').on(t.email)],
)

export const userIdentities = sqliteTable(
  'user_identities',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [uniqueIndex('user_identities_uq').on(t.provider, t.subject)],
)

export const userAddresses = sqliteTable(
  'user_addresses',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    full: text('full').notNull(),
    postal: text('postal').notNull().default(''),
    country: text('country').notNull().default('Россия'),
    city: text('city').notNull().default(''),
    street: text('street').notNull().default(''),
    house: text('house').notNull().default(''),
    flat: text('flat').notNull().default(''),
    entrance: text('entrance').notNull().default(''),
    floor: text('floor').notNull().default(''),
    intercom: text('intercom').notNull().default(''),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [index('user_addresses_user_idx').on(t.userId)],
)

/**
 * Server-side sessions. The cookie carries a random token; only its SHA-256 is stored,
 * so a leaked database does not hand out live sessions.
 */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    cityId: integer('city_id').references(() => cities.id, { onDelete: 'set null' }),
    cityConfirmed: integer('city_confirmed', { mode: 'boolean' }).notNull().default(false),
    createdAt: timestamp('created_at').notNull(),
    lastSeenAt: timestamp('last_seen_at').notNull(),
    expiresAt: timestamp('expires_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
)

/** One-time codes (SMS sign-in, password restore). The code itself is stored hashed. */
export const authCodes = sqliteTable(
  'auth_codes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    login: text('login').notNull(),
    /** `login`: SMS sign-in; `restore`: password restore; `contact`: proving a new phone or e-mail. */
    purpose: text('purpose', { enum: ['login', 'restore', 'contact'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at').notNull(),
    expiresAt: timestamp('expires_at').notNull(),
    usedAt: timestamp('used_at'),
  },
  (t) => [index('auth_codes_login_idx').on(t.login, t.purpose, t.createdAt)],
)

/** Fixed-window throttling counters shared by every server process. */
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at').notNull(),
})

export const oauthStates = sqliteTable('oauth_states', {
  state: text('state').primaryKey(),
  /** Set when a signed-in shopper links a new identity to the account. */
  linkUserId: integer('link_user_id').references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  sessionId: text('session_id').notNull(),
  returnTo: text('return_to').notNull().default('/personal/'),
  createdAt: timestamp('created_at').notNull(),
})
