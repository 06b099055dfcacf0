import { fileURLToPath } from 'node:url'
import { closeDatabase, openDatabase, type DB } from '../db/client'
import { databasePath } from '../server/env'
import { seedAll } from './seed-all'

/** `npm run seed`: idempotent upsert of the reference data into DATABASE_URL. */
export async function runSeed(db: DB): Promise<Record<string, number>> {
  const counts = await seedAll(db)
  return counts
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const file = databasePath()
  const db = openDatabase(file)
  const t0 = Date.now()
  const counts = await runSeed(db)
  console.log(`Seeded ${file} in ${Date.now() - t0} ms`)
  console.table(counts)
  await closeDatabase(db)
}
