import type { AnyDB, LiteDB } from './db-types'

/**
 * The database the services query, as the type checker sees it (ADR 050): `tsc` checks the code
 * against SQLite's (this file), `tsc -p tsconfig.pg.json` against PostgreSQL's (db-type.pg.ts,
 * where db/schema hands out the db/schema-pg tables). At run time either engine's database is
 * handed out (db/client.ts, through `served`): the builder calls the services make are the same on both.
 */
export type { LiteDB as DB } from './db-types'

/**
 * The one place where an engine's database becomes the pass's `DB` (db/client.ts opens both).
 * A narrowing of the union, not a cast through `unknown`: the other engine's database is handed
 * out as this pass's type, which the other pass (db-type.pg.ts) checks the code against.
 */
export const served = (db: AnyDB): LiteDB => db as LiteDB
