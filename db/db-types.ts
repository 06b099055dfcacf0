// The two engines' drizzle databases (ADR 050). db-type.ts and db-type.pg.ts name one of them DB.
import type Database from 'better-sqlite3'
import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3'
import type { NodePgDatabase } from 'drizzle-orm/node-postgres'
import type pg from 'pg'
import type * as liteSchema from './schema/index'
import type * as pgSchema from './schema-pg'

/** The SQLite drizzle database (better-sqlite3). */
export type LiteDB = BetterSQLite3Database<typeof liteSchema> & { $client: Database.Database }
/** The PostgreSQL drizzle database (node-postgres). */
export type PgDB = NodePgDatabase<typeof pgSchema> & { $client: pg.Pool }
/** Either engine's database: what is handed out at run time (db/client.ts), whichever pass checks the code. */
export type AnyDB = LiteDB | PgDB
