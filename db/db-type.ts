/**
 * The database the services query, as the type checker sees it (ADR 050): `tsc` checks the code
 * against SQLite's (this file), `tsc -p tsconfig.pg.json` against PostgreSQL's (db-type.pg.ts,
 * where db/schema hands out the db/schema-pg tables). At run time either engine's database is
 * handed out (db/client.ts `served`): the builder calls the services make are the same on both.
 */
export type { LiteDB as DB } from './db-types'
