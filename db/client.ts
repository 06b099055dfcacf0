import Database from 'better-sqlite3'
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3'
import { mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import * as schema from './schema'
import { migrateDatabase } from './migrate'

export type DB = BetterSQLite3Database<typeof schema> & { $client: Database.Database }

export function openDatabase(file: string, opts: { migrate?: boolean } = {}): DB {
  const abs = resolve(file)
  mkdirSync(dirname(abs), { recursive: true })
  const sqlite = new Database(abs)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('cache_size = -20000')
  sqlite.pragma('temp_store = MEMORY')
  const db: DB = drizzle(sqlite, { schema })
  if (opts.migrate !== false) migrateDatabase(db)
  return db
}

let instance: DB | undefined

/**
 * The process-wide connection, opened (and migrated) on first use at the file that `file()`
 * names. db/ reads no configuration: server/db.ts passes DATABASE_URL's path (server/env.ts).
 */
export function sharedDb(file: () => string): DB {
  instance ??= openDatabase(file())
  return instance
}

/** Tests point the process at another database file. */
export function setDbForTests(db: DB | undefined) {
  instance = db
}
