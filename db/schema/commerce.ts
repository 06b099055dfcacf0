import { sqliteTable, integer, text, index, uniqueIndex, primaryKey } from 'drizzle-orm/sqlite-core'
import { bool, timestamp } from './_helpers'
import { users, sessions } from './users'
import { products, productOffers } from './catalog'

/** A cart belongs to a session (visitor) or to a user (signed in); never both. */
export const carts = sqliteTable(
  'carts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    sessionId: text('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    promocode: text('promocode'),
    updatedAt: timestamp('updated_at').notNull(),
  },
  (t) => [uniqueIndex('carts_session_uq').on(t.sessionId), uniqueIndex('carts_user_uq').on(t.userId)],
)

export const cartLines = sqliteTable(
  'cart_lines',
  {
    cartId: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    offerId: integer('offer_id')
      .notNull()
      .references(() => productOffers.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    addedAt: timestamp('added_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.cartId, t.offerId] })],
)

export const favorites = sqliteTable(
  'favorites',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    sessionId: text('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('favorites_session_uq').on(t.sessionId, t.productId),
    uniqueIndex('favorites_user_uq').on(t.userId, t.productId),
  ],
)

export const promoCodes = sqliteTable('promo_codes', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  /** Upper-cased; lookups upper-case the input. */
  code: text('code').notNull().unique(),
  kind: text('kind', { enum: ['percent', 'fixed'] }).notNull(),
  value: integer('value').notNull(),
  minSum: integer('min_sum').notNull().default(0),
  validFrom: timestamp('valid_from'),
  validTo: timestamp('valid_to'),
  usageLimit: integer('usage_limit'),
  usedCount: integer('used_count').notNull().default(0),
  /** Only for a customer (account or phone) with no earlier order that was not cancelled. */
  firstOrderOnly: bool('first_order_only').notNull().default(false),
  /** Uses per customer (account or phone); null = no limit. */
  perCustomerLimit: integer('per_customer_limit'),
  description: text('description').notNull().default(''),
})

export const deliveryMethods = sqliteTable('delivery_methods', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  code: text('code').notNull().unique(),
  title: text('title').notNull(),
  titleEn: text('title_en').notNull(),
  description: text('description').notNull(),
  descriptionEn: text('description_en').notNull(),
  price: integer('price').notNull(),
  freeFrom: integer('free_from'),
  needsAddress: bool('needs_address').notNull(),
  sort: integer('sort').notNull().default(0),
})

export const paymentMethods = sqliteTable('payment_methods', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  code: text('code').notNull().unique(),
  title: text('title').notNull(),
  titleEn: text('title_en').notNull(),
  online: bool('online').notNull(),
  legalOnly: bool('legal_only').notNull().default(false),
  sort: integer('sort').notNull().default(0),
})

export const cancelReasons = sqliteTable('cancel_reasons', {
  id: integer('id').primaryKey(),
  title: text('title').notNull(),
  titleEn: text('title_en').notNull(),
})

export type OrderStatus = 'new' | 'awaiting-payment' | 'paid' | 'processing' | 'shipped' | 'done' | 'cancelled'
export const ORDER_STATUSES = ['new', 'awaiting-payment', 'paid', 'processing', 'shipped', 'done', 'cancelled'] as const

export interface OrderAddress {
  full: string
  postal?: string
  city?: string
  street?: string
  house?: string
  flat?: string
  entrance?: string
  floor?: string
  intercom?: string
  pickupPointId?: number
}

export interface OrderCustomer {
  type: 'individual' | 'legal'
  subtype: 'organization' | 'individual' | null
  organization: string
  taxId: string
  bic: string
  bankName: string
  correspondentAccount: string
  currentAccount: string
}

export const orders = sqliteTable(
  'orders',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    number: text('number').notNull().unique(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The session that placed it: a guest reaches the order only from this session. */
    sessionId: text('session_id'),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    kind: text('kind', { enum: ['online', 'offline', 'fast-buy'] }).notNull(),
    deliveryCode: text('delivery_code').notNull(),
    paymentCode: text('payment_code').notNull(),
    fullname: text('fullname').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull().default(''),
    address: text('address', { mode: 'json' }).$type<OrderAddress | null>(),
    customer: text('customer', { mode: 'json' }).$type<OrderCustomer | null>(),
    comment: text('comment').notNull().default(''),
    promocode: text('promocode'),
    itemsTotal: integer('items_total').notNull(),
    discount: integer('discount').notNull(),
    deliveryPrice: integer('delivery_price').notNull(),
    total: integer('total').notNull(),
    cancelReasonId: integer('cancel_reason_id').references(() => cancelReasons.id),
    /** An unpaid online order holds its stock until then (PAYMENT_HOLD_MINUTES); null = no hold. */
    holdUntil: timestamp('hold_until'),
    /** When 1C acknowledged the order (`type=sale&mode=success`); null = not yet taken by 1C. */
    exportedAt: timestamp('exported_at'),
    /**
     * Orders nothing is paid for before they are handed over (one-click, on delivery, invoice):
     * `pending` until the customer confirms the phone with the shop's SMS code (`phone`) or 1C
     * takes the order (`back-office`); a pending one holds its stock UNCONFIRMED_HOLD_MINUTES.
     * Null: no confirmation asked (card orders, orders placed before issue 25).
     */
    confirmation: text('confirmation', { enum: ['pending', 'phone', 'back-office'] }),
    /** The client address (limitKey: IPv4, or an IPv6 /64) that placed it: per-address caps of unconfirmed orders. */
    clientKey: text('client_key'),
    /** The customer asked to cancel after 1C had taken the order: the back office answers. */
    cancelRequestedAt: timestamp('cancel_requested_at'),
    createdAt: timestamp('created_at').notNull(),
    updatedAt: timestamp('updated_at').notNull(),
  },
  (t) => [
    index('orders_client_idx').on(t.clientKey, t.confirmation),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_session_idx').on(t.sessionId),
    index('orders_phone_idx').on(t.phone, t.status),
    index('orders_hold_idx').on(t.status, t.holdUntil),
  ],
)

export const orderLines = sqliteTable(
  'order_lines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    offerId: integer('offer_id').notNull(),
    productId: integer('product_id').notNull(),
    name: text('name').notNull(),
    volume: integer('volume').notNull(),
    link: text('link').notNull(),
    image: text('image').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: integer('unit_price').notNull(),
    price: integer('price').notNull(),
    discount: integer('discount').notNull().default(0),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId)],
)

export const orderStatusHistory = sqliteTable(
  'order_status_history',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId)],
)

export const payments = sqliteTable(
  'payments',
  {
    id: text('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    amount: integer('amount').notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'declined'] }).notNull(),
    confirmationUrl: text('confirmation_url').notNull(),
    /** The acquirer's own id of the payment (YooKassa's payment id); null until it answered. */
    externalId: text('external_id'),
    /** Sent as Idempotence-Key on every try of the create call: a retry never pays twice. */
    idempotenceKey: text('idempotence_key'),
    createdAt: timestamp('created_at').notNull(),
    updatedAt: timestamp('updated_at').notNull(),
  },
  (t) => [index('payments_order_idx').on(t.orderId), uniqueIndex('payments_external_uq').on(t.provider, t.externalId)],
)

/** Money returned through the acquirer (a paid order cancelled). One row per refund request. */
export const refunds = sqliteTable(
  'refunds',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    /** Sent as Idempotence-Key: retries of the same refund never refund twice. */
    idempotenceKey: text('idempotence_key').notNull().unique(),
    externalId: text('external_id'),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull(),
    error: text('error').notNull().default(''),
    createdAt: timestamp('created_at').notNull(),
    updatedAt: timestamp('updated_at').notNull(),
  },
  (t) => [index('refunds_order_idx').on(t.orderId)],
)

/** 1C exchange sessions: the cookie 1C got from `checkauth` (only its hash is stored). */
export const exchangeSessions = sqliteTable('exchange_sessions', {
  id: text('id').primaryKey(),
  createdAt: timestamp('created_at').notNull(),
  expiresAt: timestamp('expires_at').notNull(),
})

/**
 * A CommerceML import in progress: 1C calls `mode=import` again while the answer is `progress`;
 * each call does one bounded step from `position` on. One row per exchange session and file.
 */
export const exchangeImports = sqliteTable(
  'exchange_imports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    sessionId: text('session_id').notNull(),
    filename: text('filename').notNull(),
    status: text('status', { enum: ['running', 'done', 'failed'] }).notNull(),
    /** Where the next step starts (an index into the parsed items), and how many there are. */
    position: integer('position').notNull().default(0),
    total: integer('total').notNull().default(0),
    /** Step state that must survive between calls (parsed summary, ids seen in a full import). */
    state: text('state', { mode: 'json' }).$type<Record<string, unknown>>().notNull().default({}),
    error: text('error').notNull().default(''),
    createdAt: timestamp('created_at').notNull(),
    updatedAt: timestamp('updated_at').notNull(),
  },
  (t) => [uniqueIndex('exchange_imports_uq').on(t.sessionId, t.filename)],
)

/**
 * "Сообщить о поступлении": a shopper asks to be told when a sold-out volume is back.
 * One row per (offer, contact); notifiedAt is set when the message went out (stock came back).
 */
export const stockSubscriptions = sqliteTable(
  'stock_subscriptions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    offerId: integer('offer_id')
      .notNull()
      .references(() => productOffers.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    /** Normalised: '+7XXXXXXXXXX' or a lower-cased e-mail. */
    contact: text('contact').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    locale: text('locale', { enum: ['ru', 'en'] })
      .notNull()
      .default('ru'),
    createdAt: timestamp('created_at').notNull(),
    notifiedAt: timestamp('notified_at'),
  },
  (t) => [
    uniqueIndex('stock_subscriptions_uq').on(t.offerId, t.channel, t.contact),
    index('stock_subscriptions_pending_idx').on(t.notifiedAt, t.offerId),
  ],
)
