// The PostgreSQL type pass (tsconfig.pg.json: moduleSuffixes ".pg"; ADR 050): DB is the node-postgres database.
export type { PgDB as DB } from './db-types'
