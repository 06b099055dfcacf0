import { is, sql } from 'drizzle-orm'
import type { NodePgQueryResultHKT } from 'drizzle-orm/node-postgres'
import { PgTransaction, type PgDatabase } from 'drizzle-orm/pg-core'
import pg from 'pg'
import type { PgDB } from './db-types'
import { setTimeout as sleep } from 'node:timers/promises'

/** db/engine.ts on PostgreSQL (ADR 023). */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type PgDb = PgDatabase<NodePgQueryResultHKT, any>

/** serialization_failure, deadlock_detected: the transaction was rolled back and may simply run again. */
const RETRYABLE = new Set(['40001', '40P01'])
/**
 * Attempts of one transaction before its serialization failure reaches the caller. 100 adds to one
 * cart line from 5 processes at once (commerce-concurrency) needed up to 18; 12 left a third of them
 * failing.
 */
export const MAX_ATTEMPTS = 40
/** Backoff before attempt n+1: random in [0, min(CAP, BASE·2ⁿ⁻¹)] ms ("full jitter"). */
const BASE_MS = 4
const CAP_MS = 250

/** The SQLSTATE of a failed query (drizzle wraps the driver's error in DrizzleQueryError.cause). */
export function sqlState(e: unknown): string | undefined {
  for (let err = e, i = 0; err && typeof err === 'object' && i < 5; err = (err as { cause?: unknown }).cause, i++) {
    const code = (err as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
  }
  return undefined
}

/** The database a transaction (or a savepoint of one) was opened on: its pool, its id. */
const roots = new WeakMap<object, PgDb>()
/** `db` itself, or the database the transaction `db` belongs to. */
export const rootOf = <T extends object>(db: T): T => (roots.get(db) as T | undefined) ?? db

let retries = 0
/** Transactions run again after a serialization failure or deadlock, since the process started. */
export const transactionRetries = () => retries

/**
 * Transaction-level advisory locks on `keys` (64-bit hashes of the text), taken in sorted order in
 * one statement, so two transactions naming the same keys cannot deadlock on them.
 */
export async function pgLockKeys(tx: PgDb, keys: readonly string[]): Promise<void> {
  const sorted = [...new Set(keys)].sort()
  if (!sorted.length) return
  const locks = sorted.map((k) => sql`pg_advisory_xact_lock(hashtextextended(${k}, 0))`)
  await tx.execute(sql`select ${sql.join(locks, sql`, `)}`)
}

/**
 * `immediate` with `locks` → READ COMMITTED after taking those advisory locks (ADR 050);
 * `immediate` without → SERIALIZABLE; anything else → READ COMMITTED. A serialization failure or a
 * deadlock rolls back and runs `fn` again (bounded, jittered), so `fn` must do nothing but
 * database work (as on SQLite). A nested call runs in a savepoint of the outer transaction and
 * is not retried on its own: the outer one is.
 */
export async function pgTransaction<T>(
  db: PgDb,
  fn: (tx: unknown) => Promise<T>,
  opts: { behavior?: 'deferred' | 'immediate'; locks?: readonly string[] },
): Promise<T> {
  const root = rootOf(db)
  const locks = opts.locks ?? []
  const body = async (tx: PgDb) => {
    roots.set(tx, root)
    await pgLockKeys(tx, locks)
    return await fn(tx)
  }
  if (is(db, PgTransaction)) return db.transaction(body)
  const isolationLevel = opts.behavior === 'immediate' && !locks.length ? 'serializable' : 'read committed'
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(body, { isolationLevel })
    } catch (e) {
      if (attempt >= MAX_ATTEMPTS || !RETRYABLE.has(sqlState(e) ?? '')) throw e
      retries++
      await sleep(Math.random() * Math.min(CAP_MS, BASE_MS * 2 ** (attempt - 1)))
    }
  }
}

/** host:port/database of the pool behind `db`: no user, no password. */
export function pgDatabaseId(db: PgDB): string {
  const pool: unknown = rootOf(db).$client
  const o: pg.PoolConfig = pool instanceof pg.Pool ? pool.options : {}
  const url = o.connectionString ? new URL(o.connectionString) : undefined
  const host = url?.hostname || o.host || 'localhost'
  const port = url?.port || o.port || 5432
  const database = url ? decodeURIComponent(url.pathname.slice(1)) : o.database
  return `postgres://${host}:${port}/${database ?? ''}`
}

/**
 * After rows were written with explicit ids (the seed keeps its ids), moves every identity
 * sequence past the largest id, so the next insert without an id gets max + 1 as on SQLite.
 */
export async function syncIdentitySequences(db: PgDb): Promise<void> {
  const { rows } = await db.execute<{ table_name: string; column_name: string }>(
    sql`SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND is_identity = 'YES'`,
  )
  for (const { table_name: t, column_name: c } of rows) {
    const [table, column] = [sql.identifier(t), sql.identifier(c)]
    await db.execute(
      sql`SELECT setval(pg_get_serial_sequence(${`"${t}"`}, ${c}), coalesce(max(${column}), 0) + 1, false) FROM ${table}`,
    )
  }
}

const withoutNul = (v: unknown) =>
  typeof v === 'string' && v.includes('\u0000') ? v.replaceAll('\u0000', '\uFFFD') : v

/**
 * PostgreSQL's text cannot hold U+0000 (SQLite's can): a parameter with one would fail the whole
 * query ("invalid byte sequence"), so a hostile `%00` in a slug would be a 500 instead of a 404.
 * Every string parameter of the pool's connections has U+0000 replaced by U+FFFD, which no
 * lookup of the shop's own data matches and which is stored in its place.
 */
export function replaceNulInParameters(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown
    ;(client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      if (Array.isArray(args[1])) args[1] = args[1].map(withoutNul)
      const config = args[0] as { values?: unknown; submit?: unknown } | undefined
      if (config && typeof config === 'object' && !config.submit && Array.isArray(config.values))
        args[0] = { ...config, values: config.values.map(withoutNul) }
      return query(...args)
    }
  })
}
