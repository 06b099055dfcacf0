import { copyFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { tmpdir } from 'node:os'
import { randomUUID } from 'node:crypto'
import { afterAll, inject } from 'vitest'
import { closeDatabase, openDatabase, setDbForTests, type DB } from '../../db/client'
import { clearDataCache } from '../../server/cache'

/** A fresh copy of the seeded database for this test file, used by getDb(). */
const file = join(tmpdir(), `hair-shop-test-${randomUUID()}.db`)
copyFileSync(inject('baseDb'), file)
export const testDb: DB = openDatabase(file)
setDbForTests(testDb)
clearDataCache()

afterAll(async () => {
  await closeDatabase(testDb)
  setDbForTests(undefined)
  for (const s of ['', '-wal', '-shm']) rmSync(file + s, { force: true })
})
