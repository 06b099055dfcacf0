import { notInArray } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { DB } from '../db/client'

/**
 * Makes a table hold exactly `rows`: upsert each by its key, delete rows whose key left the data.
 * For the tables an admin curates wholesale (cities, contacts, navigation, redirects).
 */
export async function syncTable<T extends SQLiteTable, R extends T['$inferInsert']>(
  tx: DB,
  table: T,
  key: SQLiteColumn,
  rows: R[],
  keyOf: (row: R) => string | number,
): Promise<void> {
  for (const row of rows) await tx.insert(table).values(row).onConflictDoUpdate({ target: key, set: row })
  await tx.delete(table).where(notInArray(key, rows.map(keyOf)))
}
