import { sql, type Placeholder } from 'drizzle-orm'
import type { DB } from '../../../db/client'

/**
 * Drizzle prepared queries, kept per connection (the db object): a query is built and handed to
 * SQLite once, then run with its values (`sql.placeholder`). Building the SQL in JS and preparing
 * a statement on every call cost the catalog and search ~10–15% of their time.
 *
 * `key` names the query and its shape: two queries with the same key must render the same SQL
 * (queries whose conditions vary put the conditions' shape into the key, see filter.ts where()).
 */
const perDb = new WeakMap<object, Map<string, unknown>>()
const MAX_PER_DB = 500

export function preparedQuery<T>(db: DB, key: string, build: () => T): T {
  let queries = perDb.get(db)
  if (!queries) perDb.set(db, (queries = new Map<string, unknown>()))
  let q = queries.get(key) as T | undefined
  if (q === undefined) {
    q = build()
    // Oldest first: shapes seen once (an unusual filter) leave before the everyday ones come back.
    if (queries.size >= MAX_PER_DB) queries.delete(queries.keys().next().value as string)
    queries.set(key, q)
  }
  return q
}

/** Placeholders `${name}0…` for a list of values, the values written into `params`. */
export function placeholders(name: string, values: readonly unknown[], params: Record<string, unknown>): Placeholder[] {
  return values.map((v, i) => {
    params[`${name}${i}`] = v
    return sql.placeholder(`${name}${i}`)
  })
}
