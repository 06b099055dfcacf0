import { vi } from 'vitest'
import { sql, type SQL } from 'drizzle-orm'
import type { DB } from '../../db/client'
import { execute, queryRows } from '../../db/engine'
import { getDb } from '../../server/db'

/** The test file's own database (a copy of the seeded base, see setup-file.ts). */
export function db(): DB {
  return getDb()
}

/** `text` with each `?` bound to the next of `params`, as a drizzle `sql` statement. */
function statement(text: string, params: unknown[]): SQL {
  const parts = text.split('?')
  if (parts.length !== params.length + 1)
    throw new Error(`${parts.length - 1} placeholders for ${params.length} parameters: ${text}`)
  return sql.join(parts.flatMap((part, i) => (i === 0 ? [sql.raw(part)] : [sql`${params[i - 1]}`, sql.raw(part)])))
}

/** One value from SQL, for asserting against the database directly. */
export async function scalar<T = number>(text: string, ...params: unknown[]): Promise<T> {
  const [row] = await queryRows<Record<string, T>>(getDb(), statement(text, params))
  return row ? (Object.values(row)[0] as T) : (undefined as T)
}

export async function rows<T = Record<string, unknown>>(text: string, ...params: unknown[]): Promise<T[]> {
  return await queryRows<T>(getDb(), statement(text, params))
}

/** Runs a statement that returns no rows (a test's own change to the data); answers the affected-row count. */
export async function exec(text: string, ...params: unknown[]): Promise<number> {
  return await execute(getDb(), statement(text, params))
}

/** The suite runs on PostgreSQL (`npm run test:pg`, ADR 023). */
export const onPostgres = process.env.DB_ENGINE === 'pg'

/** The product id column of the search index: FTS5's rowid on SQLite, `id` on PostgreSQL (ADR 024). */
export const searchProductId = onPostgres ? 'id' : 'rowid'

/** What the search index holds of a product: its text on SQLite, its tsvector on PostgreSQL (ADR 043). */
export const searchProductDoc = onPostgres ? 'doc::text as doc' : 'title, body'

/** A JSON column's value: text on SQLite, already parsed (jsonb) on PostgreSQL. */
export function jsonValue<T = unknown>(v: unknown): T {
  return (typeof v === 'string' ? JSON.parse(v) : v) as T
}

/** The names of the database's own tables (not the engine's, not drizzle's migration journal). */
export async function tableNames(): Promise<string[]> {
  const list = onPostgres
    ? await rows<{ name: string }>(
        "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
      )
    : await rows<{ name: string }>(
        "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '%_fts%' order by 1",
      )
  return list.map((t) => t.name).filter((name) => !name.startsWith('__drizzle'))
}

/**
 * Records the SQL text of every statement the test file's database is asked to run from now on
 * (better-sqlite3's `prepare`, node-postgres' `query`); `restore` stops recording.
 */
export function recordStatements(): { texts: () => string[]; restore: () => void } {
  const client = getDb().$client as unknown as Record<string, (...args: unknown[]) => unknown>
  const spy = vi.spyOn(client, onPostgres ? 'query' : 'prepare')
  return {
    texts: () =>
      spy.mock.calls.map(([q]) => (typeof q === 'string' ? q : String((q as { text?: unknown } | undefined)?.text))),
    restore: () => spy.mockRestore(),
  }
}
