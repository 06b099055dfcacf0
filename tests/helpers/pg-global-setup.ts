import { execFileSync } from 'node:child_process'
import pg from 'pg'
import { closeDatabase, openDatabaseAsync } from '../../db/client'
import { seedAll } from '../../seed/seed-all'

/**
 * `npm run test:pg` (DB_ENGINE=pg, ADR 023): one PostgreSQL server for the run — PG_TEST_URL (any
 * database of a server you run, as a superuser) or a throwaway cluster from scripts/pg-cluster.mjs —
 * and one template database, migrated and seeded once. Each test file gets its own copy
 * (CREATE DATABASE … TEMPLATE, tests/helpers/pg.ts).
 */
export const TEMPLATE_DB = 'hair_shop_template'

/** `url` with another database name. */
export const withDatabase = (url: string, name: string) => {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}

export async function admin<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    return await fn(c)
  } finally {
    await c.end()
  }
}

export default async function setup(project: { provide: (key: 'pgServerUrl', value: string) => void }) {
  let serverUrl = process.env.PG_TEST_URL
  let clusterDir: string | undefined
  if (!serverUrl) {
    const out = execFileSync(process.execPath, ['scripts/pg-cluster.mjs', 'start'], { encoding: 'utf8' })
    clusterDir = /^PG_CLUSTER_DIR=(.+)$/m.exec(out)?.[1]
    serverUrl = /^DATABASE_URL=(.+)$/m.exec(out)?.[1]
    if (!clusterDir || !serverUrl) throw new Error(`scripts/pg-cluster.mjs start said: ${out}`)
  }
  await admin(serverUrl, async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB}`)
    await c.query(`CREATE DATABASE ${TEMPLATE_DB}`)
  })
  const db = await openDatabaseAsync(withDatabase(serverUrl, TEMPLATE_DB))
  await seedAll(db)
  await closeDatabase(db)
  project.provide('pgServerUrl', serverUrl)
  return async () => {
    if (clusterDir) execFileSync(process.execPath, ['scripts/pg-cluster.mjs', 'stop', clusterDir])
    else await admin(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB}`))
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgServerUrl: string
  }
}
