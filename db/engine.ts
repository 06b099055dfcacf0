import { AsyncLocalStorage } from 'node:async_hooks'
import { sql, type SQL } from 'drizzle-orm'
import type { DB } from './client'

/**
 * The engine seam of the async data layer (issue 13, ADR 020). Services `await` every query
 * through the drizzle builder and reach engine differences only through this module: the
 * transaction, the affected-row count of a write, the database's identity for cache keys.
 */

/** Inside a transaction the query surface is the same as outside. */
export type Tx = DB

export interface TxOptions {
  /**
   * `immediate`: the transaction writes, and must hold the write lock from its first read (stock,
   * promo uses, counters). SQLite: BEGIN IMMEDIATE.
   */
  behavior?: 'deferred' | 'immediate'
}

/** Thrown when a transaction's body waited on something other than the database. */
export class TransactionLeakError extends Error {
  constructor() {
    super(
      'A SQLite transaction body awaited something that is not a database call (a timer, the network, ' +
        'a hash in the thread pool): other requests could run inside the transaction. Do that work before ' +
        'or after the transaction.',
    )
  }
}

const depth = new WeakMap<object, number>()

/** Per connection, the top-level transaction the current async flow runs in (a nested call: savepoint). */
const inside = new AsyncLocalStorage<ReadonlyMap<DB, object>>()
/** Per connection: its open top-level transaction, and the end of the last one queued on it. */
const open = new WeakMap<DB, object>()
const queues = new WeakMap<DB, Promise<void>>()

/** Waits for the connection's earlier top-level transactions; resolves with the release of this one. */
async function takeTurn(db: DB): Promise<() => void> {
  const before = queues.get(db) ?? Promise.resolve()
  let release!: () => void
  const done = new Promise<void>((resolve) => (release = resolve))
  queues.set(
    db,
    before.then(() => done),
  )
  await before
  return release
}

/**
 * Runs `fn` in one transaction and resolves with its result; a throw rolls everything back.
 *
 * SQLite (better-sqlite3 is synchronous): BEGIN … COMMIT on the process's one connection. Every
 * awaited database call settles as a microtask, so no other request's query can run inside the
 * transaction as long as the body awaits only the database. A body that awaits anything else would
 * let other requests in: it is rolled back with TransactionLeakError (tests surface it). A nested
 * call (from inside the body) runs in a savepoint. Top-level transactions of concurrent requests on
 * one connection take turns: their awaits would otherwise interleave inside one BEGIN … COMMIT.
 */
export async function transaction<T>(db: DB, fn: (tx: Tx) => Promise<T>, opts: TxOptions = {}): Promise<T> {
  const outer = inside.getStore()
  const current = open.get(db)
  if (current && outer?.get(db) === current) return run(db, fn, opts)
  const release = await takeTurn(db)
  const token = {}
  open.set(db, token)
  try {
    return await inside.run(new Map(outer).set(db, token), () => run(db, fn, opts))
  } finally {
    open.delete(db)
    release()
  }
}

async function run<T>(db: DB, fn: (tx: Tx) => Promise<T>, opts: TxOptions): Promise<T> {
  const level = depth.get(db) ?? 0
  const savepoint = `sp_${level}`
  const begin = level > 0 ? `SAVEPOINT ${savepoint}` : opts.behavior === 'immediate' ? 'BEGIN IMMEDIATE' : 'BEGIN'
  db.run(sql.raw(begin))
  depth.set(db, level + 1)
  let leaked = false
  const probe = level === 0 ? setImmediate(() => (leaked = true)) : undefined
  try {
    const result = await fn(db)
    if (leaked) throw new TransactionLeakError()
    db.run(sql.raw(level > 0 ? `RELEASE ${savepoint}` : 'COMMIT'))
    return result
  } catch (e) {
    if (level > 0) {
      db.run(sql.raw(`ROLLBACK TO ${savepoint}`))
      db.run(sql.raw(`RELEASE ${savepoint}`))
    } else db.run(sql.raw('ROLLBACK'))
    throw e
  } finally {
    if (probe) clearImmediate(probe)
    depth.set(db, level)
  }
}

/** Rows changed by an awaited insert, update or delete (better-sqlite3 `changes`; pg `rowCount`). */
export function affectedRows(result: unknown): number {
  const r = result as { changes?: number; rowCount?: number | null }
  return r.changes ?? r.rowCount ?? 0
}

/** A stable name of the database behind `db`, for cache keys shared by the handles of one process. */
export function databaseId(db: DB): string {
  return db.$client.name
}

/** The rows of a raw `sql` statement (for SQL the builder cannot say), on either engine. */
export async function queryRows<T>(db: DB, query: SQL): Promise<T[]> {
  return Promise.resolve(db.all<T>(query))
}

/** Runs a raw `sql` statement that returns no rows; resolves with the affected-row count. */
export async function execute(db: DB, query: SQL): Promise<number> {
  return Promise.resolve(affectedRows(db.run(query)))
}
