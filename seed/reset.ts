import { rmSync } from 'node:fs'
import { closeDatabase, openDatabase } from '../db/client'
import { databasePath } from '../server/env'
import { seedAll } from './seed-all'

/** `npm run db:reset`: delete the database file, migrate and seed a fresh one. */
const file = databasePath()
for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true })
const db = openDatabase(file)
const counts = await seedAll(db)
await closeDatabase(db)
console.log(`Fresh database at ${file}`)
console.table(counts)
