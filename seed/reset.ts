import { rmSync } from 'node:fs'
import pg from 'pg'
import { closeDatabase, isPostgresUrl, openDatabaseAsync } from '../db/client'
import { databasePath } from '../server/env'
import { seedAll } from './seed-all'

/**
 * `npm run db:reset`: a fresh database, migrated and seeded. SQLite: the file is deleted.
 * PostgreSQL: every table, type and function of the schema (and drizzle's migration journal) is
 * dropped — the database itself stays, with its owner and grants.
 */
const target = databasePath()
if (isPostgresUrl(target)) {
  const client = new pg.Client({ connectionString: target })
  await client.connect()
  try {
    await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE')
    await client.query('DROP SCHEMA IF EXISTS public CASCADE')
    await client.query('CREATE SCHEMA public')
  } finally {
    await client.end()
  }
} else for (const suffix of ['', '-wal', '-shm']) rmSync(target + suffix, { force: true })
const db = await openDatabaseAsync(target)
const counts = await seedAll(db)
await closeDatabase(db)
console.log(`Fresh database at ${target.replace(/\/\/[^@/]*@/, '//')}`)
console.table(counts)
