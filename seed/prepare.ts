import Database from 'better-sqlite3'
import { count } from 'drizzle-orm'
import { mkdirSync, writeSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { closeDatabase, openDatabase } from '../db/client'
import { cities } from '../db/schema'
import { env, databasePath, type Env } from '../server/env'
import { seedAll } from './seed-all'

/**
 * Start-up preparation (`npm start` runs it once, before any server process): validate env,
 * migrate, seed when empty.
 *
 * Two preparations against one database file (two `npm start` at once) take turns: the whole
 * migrate-and-seed runs under an exclusive lock on `<database>-lock`, a SQLite file used only
 * for its lock (the system drops it when the holder dies, so a crash leaves no stale lock).
 * The second waits, then finds the database migrated and seeded and leaves it as it is.
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
const file = databasePath()
mkdirSync(dirname(resolve(file)), { recursive: true })
const lock = new Database(`${file}-lock`)
// A first seed takes seconds; a wait this long means the other preparation hangs.
lock.pragma('busy_timeout = 300000')
lock.exec('BEGIN EXCLUSIVE')
try {
  const db = openDatabase(file)
  const [cityCount] = await db.select({ n: count() }).from(cities)
  const seeded = (cityCount?.n ?? 0) > 0
  if (!seeded) {
    const t0 = Date.now()
    await seedAll(db)
    console.log(`Seeded an empty database at ${file} in ${Date.now() - t0} ms`)
  } else {
    console.log(`Database ${file} is migrated`)
  }
  await closeDatabase(db)
} finally {
  lock.exec('COMMIT')
  lock.close()
}
if (process.argv.includes('--report-workers')) writeSync(3, String(config.WEB_CONCURRENCY))
