import { closeSharedDb, sharedDb, type DB } from '../db/client'
import { databasePath, env } from './env'

/** The process-wide connection to DATABASE_URL, migrated on first use (tests: setDbForTests). */
export function getDb(): DB {
  return sharedDb(databasePath, () => ({ poolSize: env().DATABASE_POOL_SIZE }))
}

/** Closes the process-wide connection (the server's shutdown: server/jobs.ts). */
export const closeDb = closeSharedDb
