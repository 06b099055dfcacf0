import { is, sql, type SQL } from 'drizzle-orm'
import { PgDatabase } from 'drizzle-orm/pg-core'
import { SQLiteDeleteBase, SQLiteInsertBase, SQLiteUpdateBase } from 'drizzle-orm/sqlite-core'
import { AsyncLocalStorage } from 'node:async_hooks'
import type { DB } from './client'
import type { AnyDB, LiteDB, PgDB } from './db-types'
import { pgLockKeys, pgTransaction, pgDatabaseId, sqlState, syncIdentitySequences } from './engine-pg'
import { schemaEngine } from './schema'

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
   * promo uses, counters). SQLite: BEGIN IMMEDIATE. PostgreSQL: with `locks`, READ COMMITTED and
   * those locks (ADR 050); without, SERIALIZABLE, retried on a serialization failure (ADR 023).
   * Without `immediate`: READ COMMITTED.
   */
  behavior?: 'deferred' | 'immediate'
  /**
   * PostgreSQL: the keys that guard what this transaction reads and then writes (a cart, a buyer's
   * phone, a promo code; ADR 050). With them it runs READ COMMITTED instead of SERIALIZABLE and
   * first takes a transaction-level advisory lock on each key (sorted, one round trip), so the
   * transactions that name a key take turns on it and none is re-run after a serialization failure.
   * Bounds that other writers may cross at the same moment are said in the write itself
   * (`set stock = stock - n where stock >= n`). SQLite: nothing to do (BEGIN IMMEDIATE already
   * makes every writer take turns).
   */
  locks?: readonly string[]
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

/** The SQLite transaction the running code is inside of (its connection and savepoint depth). */
const inside = new AsyncLocalStorage<{ client: object; level: number }>()
/** Per SQLite connection: settles when the transaction now open (or queued last) has ended. */
const turns = new WeakMap<object, Promise<void>>()

/** Resolves once no transaction is open or queued on the connection (checked again after each). */
async function noTransaction(client: object): Promise<void> {
  for (let turn = turns.get(client); turn; turn = turns.get(client)) await turn
}

/** A write awaited outside any transaction, while one is open on its connection: it must wait. */
const mustWait = (client: object | undefined): client is object =>
  client !== undefined && turns.has(client) && inside.getStore()?.client !== client

/*
 * SQLite: an insert, update or delete awaited outside a transaction while another request's
 * transaction is open on the one connection (requests started in the same tick: a composite
 * batch) would run inside it and be undone by its rollback. Awaiting such a write first waits
 * for the transactions to end. Reads are left as they are (they may see the open transaction's
 * rows; waiting could deadlock a transaction that awaits a load shared with another request).
 */
for (const Builder of [SQLiteInsertBase, SQLiteUpdateBase, SQLiteDeleteBase]) {
  const proto = Builder.prototype as unknown as {
    then: (this: { session?: { client?: object } }, ok?: unknown, ko?: unknown) => Promise<unknown>
  }
  const then = proto.then
  proto.then = function (ok, ko) {
    const client = this.session?.client
    if (mustWait(client)) return noTransaction(client).then(() => then.call(this, ok, ko))
    return then.call(this, ok, ko)
  }
}

/**
 * A PostgreSQL database or transaction (node-postgres drizzle). Each type pass names one engine's
 * database `DB` (ADR 050); the run-time engine is told by these guards, which narrow either pass's
 * `DB` (or `AnyDB`) to the engine's own type.
 */
export const isPostgres = (db: AnyDB): db is PgDB => is(db, PgDatabase)
/** A SQLite (better-sqlite3) database: the other engine. */
export const isSqlite = (db: AnyDB): db is LiteDB => !is(db, PgDatabase)

/**
 * Runs `fn` in one transaction and resolves with its result; a throw rolls everything back.
 *
 * SQLite (better-sqlite3 is synchronous): BEGIN … COMMIT on the process's one connection.
 * Transactions take turns: one that starts while another is open (two requests started in the
 * same tick) waits for it to end; a call from inside a transaction's own body (AsyncLocalStorage)
 * runs in a savepoint instead. Every awaited database call settles as a microtask, so nothing
 * from outside — a request's query, a timer — runs inside the transaction as long as the body
 * awaits only the database. A body that awaits anything else would let other requests in: it is
 * rolled back with TransactionLeakError (tests surface it).
 */
export async function transaction<T, D extends AnyDB = DB>(
  db: D,
  fn: (tx: D) => Promise<T>,
  opts: TxOptions = {},
): Promise<T> {
  if (isPostgres(db)) return pgTransaction(db, fn as (tx: unknown) => Promise<T>, opts)
  if (isSqlite(db)) return liteTransaction(db, fn, opts)
  throw new Error('Not a database opened by db/client.ts')
}

async function liteTransaction<T, D extends AnyDB>(
  db: D & LiteDB,
  fn: (tx: D) => Promise<T>,
  opts: TxOptions,
): Promise<T> {
  const client = db.$client
  const outer = inside.getStore()
  if (outer?.client === client) return savepoint(db, outer.level + 1, fn)
  const before = turns.get(client)
  let done!: () => void
  const mine = new Promise<void>((resolve) => (done = resolve))
  turns.set(client, mine)
  if (before) await before
  try {
    return await topLevel(db, fn, opts)
  } finally {
    if (turns.get(client) === mine) turns.delete(client)
    done()
  }
}

async function topLevel<T, D extends AnyDB>(db: D & LiteDB, fn: (tx: D) => Promise<T>, opts: TxOptions): Promise<T> {
  db.run(sql.raw(opts.behavior === 'immediate' ? 'BEGIN IMMEDIATE' : 'BEGIN'))
  let leaked = false
  const probe = setImmediate(() => (leaked = true))
  try {
    const result = await inside.run({ client: db.$client, level: 0 }, () => fn(db))
    if (leaked) throw new TransactionLeakError()
    db.run(sql`COMMIT`)
    return result
  } catch (e) {
    db.run(sql`ROLLBACK`)
    throw e
  } finally {
    clearImmediate(probe)
  }
}

async function savepoint<T, D extends AnyDB>(db: D & LiteDB, level: number, fn: (tx: D) => Promise<T>): Promise<T> {
  const name = sql.raw(`sp_${level}`)
  db.run(sql`SAVEPOINT ${name}`)
  try {
    const result = await inside.run({ client: db.$client, level }, () => fn(db))
    db.run(sql`RELEASE ${name}`)
    return result
  } catch (e) {
    db.run(sql`ROLLBACK TO ${name}`)
    db.run(sql`RELEASE ${name}`)
    throw e
  }
}

/**
 * Inside a transaction: takes the advisory locks of more keys (PostgreSQL; see TxOptions.locks),
 * for keys known only from what the transaction read. Held until it ends. SQLite: nothing to do.
 */
export async function lockKeys(tx: AnyDB, keys: readonly string[]): Promise<void> {
  if (isPostgres(tx)) await pgLockKeys(tx, keys)
}

/** Rows changed by an awaited insert, update or delete (better-sqlite3 `changes`; pg `rowCount`). */
export function affectedRows(result: unknown): number {
  const r = result as { changes?: number; rowCount?: number | null }
  return r.changes ?? r.rowCount ?? 0
}

/** A stable name of the database behind `db`, for cache keys shared by the handles of one process. */
export function databaseId(db: AnyDB): string {
  if (isPostgres(db)) return pgDatabaseId(db)
  return db.$client.name
}

/** The rows of a raw `sql` statement (for SQL the builder cannot say), on either engine. */
export async function queryRows<T>(db: AnyDB, query: SQL): Promise<T[]> {
  if (isPostgres(db)) return (await db.execute(query)).rows as T[]
  return Promise.resolve(db.all<T>(query))
}

/** Runs a raw `sql` statement that returns no rows; resolves with the affected-row count. */
export async function execute(db: AnyDB, query: SQL): Promise<number> {
  if (isPostgres(db)) return affectedRows(await db.execute(query))
  if (mustWait(db.$client)) await noTransaction(db.$client)
  return affectedRows(db.run(query))
}

/**
 * Call after inserting rows with explicit ids (the seed): the next insert without an id gets the
 * largest id + 1. SQLite does that by itself; PostgreSQL's identity sequences must be moved.
 */
export async function afterExplicitIds(db: AnyDB): Promise<void> {
  if (isPostgres(db)) await syncIdentitySequences(db)
}

// --- SQL that the engines spell differently (the process's engine: db/schema's) ---------------

/** The larger of two values: SQLite's two-argument max(), PostgreSQL's greatest(). */
export const greatest = (a: SQL | number, b: SQL | number): SQL =>
  schemaEngine() === 'pg' ? sql`greatest(${a}, ${b})` : sql`max(${a}, ${b})`

/**
 * A write refused by a constraint (unique, foreign key, check, not null): better-sqlite3's
 * SQLITE_CONSTRAINT_*, PostgreSQL's class 23 (drizzle wraps the driver's error: its cause).
 */
export function isConstraintViolation(e: unknown): boolean {
  for (let err = e, i = 0; err && typeof err === 'object' && i < 5; err = (err as { cause?: unknown }).cause, i++) {
    const code = (err as { code?: unknown }).code
    if (typeof code === 'string' && code.startsWith('SQLITE_CONSTRAINT')) return true
  }
  return sqlState(e)?.startsWith('23') ?? false
}
