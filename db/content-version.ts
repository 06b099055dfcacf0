import type Database from 'better-sqlite3'
import { notifyTriggersSql } from './notify-triggers'

/*
 * The content version (issue 25, ADR 038): a number that moves when a table a page shows to
 * everyone changes (catalog, offers and stock, content, site, cities and contacts, services,
 * dictionaries, redirects…), and not when a shopper's own rows do. The caches of shared answers
 * (pages, entities, startup data: server/cache.ts `contentVersion`) are keyed by it, so carts,
 * sessions, rate limits and outboxes written beside readers no longer drop them.
 *
 * It is kept by the database itself, so every writer moves it — this process, another server
 * process, `npm run seed`, the 1C import, `npm run db:sql`:
 * - SQLite: a one-row table bumped by row triggers on every content table, in the writer's own
 *   transaction (a rollback takes the bump back);
 * - PostgreSQL: a statement trigger on every content table that NOTIFYs CONTENT_CHANNEL
 *   (db/pg-signal.ts listens), beside the whole-database CHANGE_CHANNEL.
 * The triggers are (re)installed after every migration run, on every table not in
 * PRIVATE_TABLES: a table a later migration adds counts as content until it is listed here.
 */

/** Tables no page shows to everyone: a shopper's rows, sign-in state, queues, logs, the 1C exchange's bookkeeping. */
export const PRIVATE_TABLES: readonly string[] = [
  'auth_codes',
  'callback_requests',
  'cart_lines',
  'carts',
  'exchange_imports',
  'exchange_sessions',
  'favorites',
  'form_submissions',
  'mail_outbox',
  'oauth_states',
  'order_lines',
  'order_status_history',
  'orders',
  'outbound_queue',
  'payments',
  'rate_limits',
  'refunds',
  'sessions',
  'sms_outbox',
  'stock_subscriptions',
  'user_addresses',
  'user_identities',
  'users',
]

/** The SQLite table that holds the version (not part of the drizzle schema: installed with the triggers). */
export const CONTENT_VERSION_TABLE = 'content_version'

const TRIGGER = 'content_version_'

/** Tables whose writes never move the version, besides PRIVATE_TABLES: the version's own, drizzle's journal. */
const SKIPPED = new Set([...PRIVATE_TABLES, CONTENT_VERSION_TABLE, '__drizzle_migrations'])

/**
 * SQLite: creates the version row and a trigger per write kind on every content table, and drops
 * those of tables now listed as private. Idempotent; one transaction.
 */
export function installContentTriggers(client: Database.Database): void {
  const tables = client
    .prepare<[], { name: string }>(
      "SELECT name FROM pragma_table_list WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite_%'",
    )
    .all()
    .map((t) => t.name)
  // IMMEDIATE: a deferred transaction that reads the schema and then writes fails at once with
  // SQLITE_BUSY (no busy wait) when another process writes meanwhile, e.g. two starting at once.
  client.transaction(() => {
    client.exec(
      `CREATE TABLE IF NOT EXISTS ${CONTENT_VERSION_TABLE} (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL);
       INSERT OR IGNORE INTO ${CONTENT_VERSION_TABLE} (id, version) VALUES (1, 0);`,
    )
    for (const table of tables) {
      for (const op of ['INSERT', 'UPDATE', 'DELETE']) {
        const name = `"${TRIGGER}${table}_${op.toLowerCase()}"`
        if (SKIPPED.has(table)) client.exec(`DROP TRIGGER IF EXISTS ${name}`)
        else
          client.exec(
            `CREATE TRIGGER IF NOT EXISTS ${name} AFTER ${op} ON "${table}" BEGIN
               UPDATE ${CONTENT_VERSION_TABLE} SET version = version + 1 WHERE id = 1;
             END`,
          )
      }
    }
  }).immediate()
}

/** The PostgreSQL channel a content table's write notifies (after its commit, once per transaction). */
export const CONTENT_CHANNEL = 'shop_content_changed'

/** PostgreSQL: the statement trigger on every content table (run after each migration, like INSTALL_CHANGE_TRIGGERS). */
export const INSTALL_CONTENT_TRIGGERS = notifyTriggersSql(CONTENT_CHANNEL, [...SKIPPED])

/** The table a plain write statement names first: `insert into "carts"`, `update sessions`, `delete from "x"`. */
const TARGET =
  /^\s*(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?|merge\s+into)\s+(?:only\s+)?(?:"?[\w]+"?\.)?"?(\w+)"?/i

/**
 * Whether a write statement of this process may change a content table (PostgreSQL's own-write
 * count: the NOTIFY arrives later). Only a plain statement on a private table is known not to;
 * anything else (a CTE, a multi-table TRUNCATE, a table not recognised) counts as content.
 */
export function writesContent(sql: string): boolean {
  const m = TARGET.exec(sql)
  if (!m?.[1]) return true
  if (/^\s*truncate/i.test(sql) && sql.includes(',')) return true
  return !SKIPPED.has(m[1].toLowerCase())
}
