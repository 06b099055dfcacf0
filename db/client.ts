import Database from 'better-sqlite3'
import { drizzle } from 'drizzle-orm/better-sqlite3'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { mkdirSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import * as schema from './schema'
import { served, type DB } from './db-type'
import type { AnyDB, LiteDB } from './db-types'
import { isSqlite } from './engine'
import * as pgSchema from './schema-pg'
import { migrateDatabase, migratePostgres } from './migrate'
import { replaceNulInParameters, rootOf } from './engine-pg'
import { ChangeSignal } from './pg-signal'
import { cacheStatements } from './statement-cache'

export type { DB } from './db-type'
export type { AnyDB, LiteDB, PgDB } from './db-types'

/** `postgres://…` or `postgresql://…` selects PostgreSQL; anything else is a SQLite file. */
export const isPostgresUrl = (target: string) => /^postgres(ql)?:\/\//i.test(target)

export interface OpenOptions {
  /** Apply pending migrations (default). On PostgreSQL only openDatabaseAsync can. */
  migrate?: boolean
  /** PostgreSQL: connections in the pool (default 10; the server passes DATABASE_POOL_SIZE). */
  poolSize?: number
}

const DEFAULT_POOL_SIZE = 10

let parsersSet = false
/**
 * int8 (count(*), bigint columns) and numeric (sum/avg of integers) arrive as JS numbers, as on
 * SQLite. Global: drizzle's node-postgres queries fall back to pg's global type parsers.
 */
function setNumberParsers() {
  if (parsersSet) return
  parsersSet = true
  const toNumber = (v: string) => Number(v)
  pg.types.setTypeParser(pg.types.builtins.INT8, toNumber)
  pg.types.setTypeParser(pg.types.builtins.NUMERIC, toNumber)
}

function poolSize(opts: OpenOptions): number {
  return opts.poolSize ?? DEFAULT_POOL_SIZE
}

const signals = new WeakMap<pg.Pool, ChangeSignal>()

/** PostgreSQL: the data-version signal of the pool behind `db` (db/pg-signal.ts). */
export function pgChangeSignal(db: AnyDB): ChangeSignal {
  const signal = signals.get(pgPool(db))
  if (!signal) throw new Error('Not a PostgreSQL database opened by openDatabase')
  return signal
}

/** PostgreSQL: a pool (connections open on demand) and its drizzle database, as the pass's DB (`served`). */
function openPostgres(url: string, opts: OpenOptions): DB {
  setNumberParsers()
  schema.useEngine('pg')
  const pool = new pg.Pool({ connectionString: url, max: poolSize(opts) })
  // An idle connection that breaks (server restart) must not crash the process: the pool drops it.
  pool.on('error', (e) => console.error(`PostgreSQL pool: ${e.message}`))
  replaceNulInParameters(pool)
  const signal = new ChangeSignal({ connectionString: url })
  signal.watch(pool)
  void signal.start()
  signals.set(pool, signal)
  return served(drizzlePg(pool, { schema: pgSchema }))
}

export function openDatabase(file: string, opts: OpenOptions = {}): DB {
  if (isPostgresUrl(file)) {
    if (opts.migrate !== false) throw new Error('PostgreSQL migrates asynchronously: use openDatabaseAsync')
    return openPostgres(file, opts)
  }
  const abs = resolve(file)
  mkdirSync(dirname(abs), { recursive: true })
  const sqlite = new Database(abs)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('cache_size = -20000')
  sqlite.pragma('temp_store = MEMORY')
  cacheStatements(sqlite)
  const db: LiteDB = drizzle(sqlite, { schema })
  if (opts.migrate !== false) migrateDatabase(db)
  return served(db)
}

/** Opens either engine and, unless `migrate: false`, applies pending migrations (PostgreSQL: under a lock). */
export async function openDatabaseAsync(target: string, opts: OpenOptions = {}): Promise<DB> {
  if (!isPostgresUrl(target)) return openDatabase(target, opts)
  const db = openPostgres(target, opts)
  if (opts.migrate !== false) await migratePostgres(pgPool(db))
  return db
}

/** The pg Pool behind a PostgreSQL database opened here (or behind the transaction `db`). */
export function pgPool(db: AnyDB): pg.Pool {
  const pool = rootOf(db).$client
  if (!(pool instanceof pg.Pool)) throw new Error('Not a PostgreSQL database')
  return pool
}

/** Closes the connection (SQLite) or ends the pool (PostgreSQL). */
export async function closeDatabase(db: AnyDB): Promise<void> {
  if (isSqlite(db)) db.$client.close()
  else {
    await signals.get(pgPool(db))?.stop()
    await pgPool(db).end()
  }
}

let instance: DB | undefined

/**
 * How to close every process-wide connection opened by sharedDb, whichever bundle's copy of this
 * module opened it (each copy closes its own: the PostgreSQL change signals are kept per copy).
 * The built server holds two (the app's, and the one of the nitro plugin that runs the periodic
 * jobs), and its shutdown closes both.
 */
type Closer = () => Promise<void>
const opened: Set<Closer> = ((globalThis as Record<symbol, Set<Closer>>)[Symbol.for('hair-shop.shared-databases')] ??=
  new Set<Closer>())

/**
 * The process-wide connection, opened (and migrated) on first use at the file that `file()`
 * names. db/ reads no configuration: server/db.ts passes DATABASE_URL's path (server/env.ts).
 * PostgreSQL is not migrated here (that is async): `npm start` and `npm run db:migrate` do it first.
 */
export function sharedDb(file: () => string, options: () => OpenOptions = () => ({})): DB {
  if (!instance) {
    const target = file()
    instance = openDatabase(target, { ...options(), ...(isPostgresUrl(target) ? { migrate: false } : {}) })
    const db = instance
    opened.add(() => closeDatabase(db))
  }
  return instance
}

/**
 * Closes the process-wide connections (the server's shutdown, after its last request: on
 * PostgreSQL the pools' idle connections and change listeners would otherwise keep the process
 * alive after SIGTERM).
 */
export async function closeSharedDb(): Promise<void> {
  instance = undefined
  const all = [...opened]
  opened.clear()
  await Promise.all(all.map((close) => close()))
}

/** Tests point the process at another database file. */
export function setDbForTests(db: DB | undefined) {
  instance = db
}
