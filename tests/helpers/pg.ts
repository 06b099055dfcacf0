import { randomUUID } from 'node:crypto'
import { inject } from 'vitest'
import { closeDatabase, openDatabaseAsync, type DB } from '../../db/client'
import { TEMPLATE_DB, admin, withDatabase } from './pg-global-setup'

/** A PostgreSQL database of its own, copied from the migrated template (~0.1-0.2 s); `drop()` removes it. */
export async function freshPgDatabase(opts: { template?: boolean } = {}) {
  const server = inject('pgServerUrl')
  const name = `hair_shop_${randomUUID().replaceAll('-', '')}`
  await admin(server, (c) =>
    c.query(opts.template === false ? `CREATE DATABASE ${name}` : `CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`),
  )
  const url = withDatabase(server, name)
  const db: DB = await openDatabaseAsync(url, { migrate: false })
  return {
    url,
    db,
    async drop() {
      await closeDatabase(db)
      await admin(server, (c) => c.query(`DROP DATABASE IF EXISTS ${name}`))
    },
  }
}
