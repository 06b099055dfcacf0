import { migrate } from 'drizzle-orm/better-sqlite3/migrator'
import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3'
import type Database from 'better-sqlite3'
import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { Pool } from 'pg'
import { existsSync } from 'node:fs'
import { resolve, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { INSTALL_CHANGE_TRIGGERS } from './pg-signal'
import { INSTALL_CONTENT_TRIGGERS, installContentTriggers } from './content-version'

/**
 * The migrations folder is looked up at run time, not bundled: the production server
 * lives in .output/server, so try the working directory first, then walk up from this file.
 */
export function migrationsFolder(name: 'drizzle' | 'drizzle-pg' = 'drizzle'): string {
  const candidates = [resolve(process.cwd(), name)]
  try {
    let dir = dirname(fileURLToPath(import.meta.url))
    for (let i = 0; i < 6; i++) {
      candidates.push(resolve(dir, name))
      dir = dirname(dir)
    }
  } catch {
    // import.meta.url is not a file URL in some bundles; the cwd candidate remains.
  }
  const found = candidates.find((c) => existsSync(resolve(c, 'meta/_journal.json')))
  if (!found) throw new Error(`Migrations folder not found (looked in ${candidates.join(', ')})`)
  return found
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function migrateDatabase(db: BetterSQLite3Database<any> & { $client: Database.Database }) {
  migrate(db, { migrationsFolder: migrationsFolder() })
  installContentTriggers(db.$client)
}

/** Any fixed number: the key of the advisory lock every PostgreSQL migration run takes. */
const MIGRATION_LOCK_KEY = 7_310_413

/**
 * PostgreSQL: applies drizzle-pg/ on one connection of `pool` under a session advisory lock, so
 * processes starting together against one database migrate one after another (the second finds
 * nothing left to do). The lock goes with the connection if the process dies.
 */
export async function migratePostgres(pool: Pool): Promise<void> {
  const client = await pool.connect()
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
    try {
      await migratePg(drizzle(client), { migrationsFolder: migrationsFolder('drizzle-pg') })
      await client.query(INSTALL_CHANGE_TRIGGERS)
      await client.query(INSTALL_CONTENT_TRIGGERS)
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY])
    }
  } finally {
    client.release()
  }
}
