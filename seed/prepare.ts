import Database from 'better-sqlite3'
import { count } from 'drizzle-orm'
import pg from 'pg'
import { mkdirSync, writeSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { closeDatabase, isPostgresUrl, openDatabaseAsync } from '../db/client'
import { databaseId } from '../db/engine'
import { cities } from '../db/schema'
import { env, databasePath, type Env } from '../server/env'
import { seedAll } from './seed-all'

/**
 * Start-up preparation (`npm start` runs it once, before any server process): validate env,
 * migrate, seed when empty.
 *
 * Two preparations against one database (two `npm start` at once, or two machines against one
 * PostgreSQL) take turns: the whole migrate-and-seed runs under an exclusive lock — on SQLite on
 * `<database>-lock`, a SQLite file used only for its lock; on PostgreSQL a session advisory lock.
 * Either goes with its holder when it dies, so a crash leaves no stale lock. The second waits,
 * then finds the database migrated and seeded and leaves it as it is.
 *
 * `--report-workers`: writes the validated WEB_CONCURRENCY to file descriptor 3, for
 * scripts/start.mjs (server/env.ts stays the one place that reads and checks it).
 */
let config: Env
try {
  config = env()
} catch (e) {
  console.error((e as Error).message)
  process.exit(1)
}

/** Any fixed number, other than db/migrate.ts's: the key of the preparation's advisory lock. */
const PREPARE_LOCK_KEY = 7_310_414

async function migrateAndSeed(target: string) {
  const db = await openDatabaseAsync(target)
  // PostgreSQL: host, port and database, never the password.
  const name = isPostgresUrl(target) ? databaseId(db) : target
  try {
    const [cityCount] = await db.select({ n: count() }).from(cities)
    if ((cityCount?.n ?? 0) > 0) return console.log(`Database ${name} is migrated`)
    const t0 = Date.now()
    await seedAll(db)
    console.log(`Seeded an empty database at ${name} in ${Date.now() - t0} ms`)
  } finally {
    await closeDatabase(db)
  }
}

async function underAdvisoryLock(url: string, fn: () => Promise<void>) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query('SELECT pg_advisory_lock($1)', [PREPARE_LOCK_KEY])
    await fn()
  } finally {
    await client.end() // ends the session, and with it the lock
  }
}

function underLockFile(file: string, fn: () => Promise<void>) {
  mkdirSync(dirname(resolve(file)), { recursive: true })
  const lock = new Database(`${file}-lock`)
  // A first seed takes seconds; a wait this long means the other preparation hangs.
  lock.pragma('busy_timeout = 300000')
  lock.exec('BEGIN EXCLUSIVE')
  return fn().finally(() => {
    lock.exec('COMMIT')
    lock.close()
  })
}

const target = databasePath()
if (isPostgresUrl(target)) await underAdvisoryLock(target, () => migrateAndSeed(target))
else await underLockFile(target, () => migrateAndSeed(target))
if (process.argv.includes('--report-workers')) writeSync(3, String(config.WEB_CONCURRENCY))
