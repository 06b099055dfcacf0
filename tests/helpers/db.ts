import type { DB } from '../../db/client'
import { getDb } from '../../server/db'

/** The test file's own database (a copy of the seeded base, see setup-file.ts). */
export function db(): DB {
  return getDb()
}

/** One value from SQL, for asserting against the database directly. */
export function scalar<T = number>(sql: string, ...params: unknown[]): T {
  const row = getDb()
    .$client.prepare(sql)
    .get(...params) as Record<string, T> | undefined
  return row ? (Object.values(row)[0] as T) : (undefined as T)
}

export function rows<T = Record<string, unknown>>(sql: string, ...params: unknown[]): T[] {
  return getDb()
    .$client.prepare(sql)
    .all(...params) as T[]
}
