import { sql, type Placeholder } from 'drizzle-orm'
import { createHash } from 'node:crypto'
import type { AnyDB } from '../../../db/client'

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

/**
 * A query builder of either engine, about to be prepared: SQLite's `prepare()` takes no name,
 * PostgreSQL's `prepare(name)` wants one (node-postgres then parses and plans the statement once
 * per connection under that name). Both accept a call with the name.
 */
interface Preparable<T> {
  prepare(name: string): T
}

/**
 * PostgreSQL's name of the statement `key` renders: a hash, as keys carry shapes of any length
 * (filter.ts) and one name must always stand for the same SQL on a connection (it does: one key,
 * one SQL, see above).
 */
const statementName = (key: string) => `q_${createHash('sha1').update(key).digest('base64url')}`

export function preparedQuery<T>(db: AnyDB, key: string, build: () => Preparable<T>): T {
  let queries = perDb.get(db)
  if (!queries) perDb.set(db, (queries = new Map<string, unknown>()))
  let q = queries.get(key) as T | undefined
  if (q === undefined) {
    q = build().prepare(statementName(key))
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
