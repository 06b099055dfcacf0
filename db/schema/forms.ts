import { sqliteTable, integer, text, index } from 'drizzle-orm/sqlite-core'
import { timestamp } from './_helpers'

export interface FormFieldDef {
  name: string
  label: string
  labelEn: string
  type: 'text' | 'phone' | 'email' | 'textarea' | 'date' | 'select'
  required: boolean
  minLength?: number
  maxLength?: number
  options?: string[]
  /** A select whose options are read at request time: `services` = every service of the shop (Russian titles). */
  optionsFrom?: 'services'
}

export const forms = sqliteTable('forms', {
  code: text('code').primaryKey(),
  title: text('title').notNull(),
  titleEn: text('title_en').notNull(),
  subject: text('subject').notNull(),
  fields: text('fields', { mode: 'json' }).$type<FormFieldDef[]>().notNull(),
})

export const formSubmissions = sqliteTable(
  'form_submissions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    formCode: text('form_code')
      .notNull()
      .references(() => forms.code),
    data: text('data', { mode: 'json' }).$type<Record<string, string>>().notNull(),
    page: text('page').notNull().default(''),
    sessionId: text('session_id'),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [index('form_submissions_form_idx').on(t.formCode, t.createdAt)],
)

export const callbackRequests = sqliteTable('callback_requests', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  phone: text('phone').notNull(),
  page: text('page').notNull().default(''),
  sessionId: text('session_id'),
  createdAt: timestamp('created_at').notNull(),
})

export const smsOutbox = sqliteTable(
  'sms_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    phone: text('phone').notNull(),
    text: text('text').notNull(),
    code: text('code').notNull().default(''),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [index('sms_outbox_phone_idx').on(t.phone, t.createdAt)],
)

/** Demo-mode e-mail (MAIL_PROVIDER=outbox): letters kept here instead of being sent. */
export const mailOutbox = sqliteTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    code: text('code').notNull().default(''),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [index('mail_outbox_email_idx').on(t.email, t.createdAt)],
)

/** Durable queue of posts to outside services (call tracking); retried with back-off. */
export const outboundQueue = sqliteTable(
  'outbound_queue',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind').notNull(),
    url: text('url').notNull(),
    body: text('body', { mode: 'json' }).$type<Record<string, string>>().notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at').notNull(),
    lockedUntil: timestamp('locked_until'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at').notNull(),
    deliveredAt: timestamp('delivered_at'),
  },
  (t) => [index('outbound_queue_due_idx').on(t.status, t.nextAttemptAt)],
)
