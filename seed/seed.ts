import { fileURLToPath } from 'node:url'
import { closeDatabase, openDatabaseAsync, type DB } from '../db/client'
import { databasePath } from '../server/env'
import { seedAll } from './seed-all'

/** `npm run seed`: idempotent upsert of the reference data into DATABASE_URL (SQLite or PostgreSQL). */
export async function runSeed(db: DB): Promise<Record<string, number>> {
  const counts = await seedAll(db)
  return counts
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const file = databasePath()
  const db = await openDatabaseAsync(file)
  const t0 = Date.now()
  const counts = await runSeed(db)
  console.log(`Seeded ${file.replace(/\/\/[^@/]*@/, '//')} in ${Date.now() - t0} ms`)
  console.table(counts)
  await closeDatabase(db)
}
