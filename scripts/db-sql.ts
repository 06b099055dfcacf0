// `npm run db:sql -- "select name, region from cities"`: query the database and print a table.
import Database from 'better-sqlite3'
import { existsSync } from 'node:fs'
import { databasePath } from '../server/env'

const query = process.argv.slice(2).join(' ').trim()
if (!query) {
  console.error('Usage: npm run db:sql -- "select ..."')
  process.exit(2)
}
const file = databasePath()
if (!existsSync(file)) {
  console.error(`No database at ${file}. Run \`npm start\` or \`npm run db:reset\` first.`)
  process.exit(1)
}
const db = new Database(file, { readonly: !/^\s*(insert|update|delete|create|drop|alter|pragma)/i.test(query) })
try {
  const stmt = db.prepare(query)
  if (stmt.reader) {
    const rows = stmt.all() as Record<string, unknown>[]
    console.table(rows)
    console.log(`${rows.length} row(s)`)
  } else {
    const info = stmt.run()
    console.log(`${info.changes} row(s) changed`)
  }
} catch (e) {
  console.error((e as Error).message)
  process.exit(1)
} finally {
  db.close()
}
