import { sharedDb, type DB } from '../db/client'
import { databasePath, env } from './env'

/** The process-wide connection to DATABASE_URL, migrated on first use (tests: setDbForTests). */
export function getDb(): DB {
  return sharedDb(databasePath, () => ({ poolSize: env().DATABASE_POOL_SIZE }))
}
