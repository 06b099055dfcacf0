// `npm run db:sql -- "select name, region from cities"`: query the database and print a table.
import Database from 'better-sqlite3'
import pg from 'pg'
import { existsSync } from 'node:fs'
import { isPostgresUrl } from '../db/client'
import { databasePath } from '../server/env'

const query = process.argv.slice(2).join(' ').trim()
if (!query) {
  console.error('Usage: npm run db:sql -- "select ..."')
  process.exit(2)
}
const target = databasePath()

function print(rows: Record<string, unknown>[] | undefined, changed: number | null | undefined) {
  if (rows) {
    console.table(rows)
    console.log(`${rows.length} row(s)`)
  } else console.log(`${changed ?? 0} row(s) changed`)
}

/** PostgreSQL: one statement on one connection (a multi-statement text prints its last result). */
async function onPostgres() {
  const client = new pg.Client({ connectionString: target })
  try {
    await client.connect()
    const results = [await client.query(query)].flat()
    const last = results[results.length - 1]
    print(last?.fields.length ? last.rows : undefined, last?.rowCount)
  } finally {
    await client.end()
  }
}

function onSqlite() {
  if (!existsSync(target)) {
    console.error(`No database at ${target}. Run \`npm start\` or \`npm run db:reset\` first.`)
    process.exit(1)
  }
  const db = new Database(target, { readonly: !/^\s*(insert|update|delete|create|drop|alter|pragma)/i.test(query) })
  try {
    const stmt = db.prepare(query)
    if (stmt.reader) print(stmt.all() as Record<string, unknown>[], 0)
    else print(undefined, stmt.run().changes)
  } finally {
    db.close()
  }
}

try {
  if (isPostgresUrl(target)) await onPostgres()
  else onSqlite()
} catch (e) {
  console.error((e as Error).message)
  process.exit(1)
}
