import { closeDatabase, isPostgresUrl, openDatabaseAsync } from '../db/client'
import { databaseId } from '../db/engine'
import { databasePath } from '../server/env'

const file = databasePath()
const db = await openDatabaseAsync(file)
console.log(`Migrated ${isPostgresUrl(file) ? databaseId(db) : file}`)
await closeDatabase(db)
