import type { AnyDB, PgDB } from './db-types'

// The PostgreSQL type pass (tsconfig.pg.json: moduleSuffixes ".pg"; ADR 050): DB is the node-postgres database.
export type { PgDB as DB } from './db-types'

/** db-type.ts's `served` in this pass: the engine's database as the pass's `DB`. */
export const served = (db: AnyDB): PgDB => db as PgDB
