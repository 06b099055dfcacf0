import { openDatabase } from '../db/client'
import { databasePath } from '../server/env'

const file = databasePath()
openDatabase(file)
console.log(`Migrated ${file}`)
