import { copyFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { tmpdir } from 'node:os'
import { randomUUID } from 'node:crypto'
import { afterAll, inject } from 'vitest'
import { closeDatabase, openDatabase, setDbForTests, type DB } from '../../db/client'
import { clearDataCache } from '../../server/cache'
import { freshPgDatabase } from './pg'

/**
 * The test file's own copy of the seeded database, used by getDb(): a copy of the base SQLite file
 * (global-setup.ts), or with DB_ENGINE=pg (`npm run test:pg`) a PostgreSQL database copied from the
 * seeded template (pg-global-setup.ts), which DATABASE_URL then names.
 */
const onPostgres = process.env.DB_ENGINE === 'pg'
const pg = onPostgres ? await freshPgDatabase() : undefined
const file = join(tmpdir(), `hair-shop-test-${randomUUID()}.db`)
if (!pg) copyFileSync(inject('baseDb'), file)
export const testDb: DB = pg ? pg.db : openDatabase(file)
if (pg) process.env.DATABASE_URL = pg.url
setDbForTests(testDb)
clearDataCache()

afterAll(async () => {
  setDbForTests(undefined)
  if (pg) await pg.drop()
  else {
    await closeDatabase(testDb)
    for (const s of ['', '-wal', '-shm']) rmSync(file + s, { force: true })
  }
})

/**
 * What another process (a worker of a concurrency test) opens to reach this file's database:
 * the PostgreSQL URL, or the SQLite file, checkpointed so a new connection reads every write.
 */
export function testDatabaseTarget(): string {
  if (pg) return pg.url
  testDb.$client.pragma('wal_checkpoint(TRUNCATE)')
  return testDb.$client.name
}

/** DATABASE_URL for a server process of this file's database (testDatabaseTarget, as a URL). */
export function testDatabaseUrl(): string {
  const target = testDatabaseTarget()
  return pg ? target : `file:${target}`
}
