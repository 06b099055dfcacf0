import { spawn } from 'node:child_process'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { closeDatabase, openDatabaseAsync } from '../../db/client'
import { queryRows } from '../../db/engine'
import { countRows } from '../../seed/seed-all'
import { freshPgDatabase } from '../helpers/pg'
import { testDb } from '../helpers/setup-file'

/** seed/prepare.ts on PostgreSQL (what `npm start` runs once): migrate and seed under an advisory lock. */
function prepare(url: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, ['--import', 'tsx', 'seed/prepare.ts'], {
      env: { PATH: process.env.PATH, LOG_LEVEL: 'silent', DATABASE_URL: url },
    })
    let out = ''
    p.stdout.on('data', (d: Buffer) => (out += d.toString()))
    p.stderr.on('data', (d: Buffer) => (out += d.toString()))
    p.on('exit', (code) => resolve({ code, out }))
  })
}

describe.skipIf(process.env.DB_ENGINE !== 'pg')('seed/prepare.ts on PostgreSQL', () => {
  it('two preparations at once on an empty database: both succeed, one seeds, the other waits and finds it seeded', async () => {
    const empty = await freshPgDatabase({ template: false })
    try {
      const [a, b] = await Promise.all([prepare(empty.url), prepare(empty.url)])
      expect([a.code, b.code], a.out + b.out).toEqual([0, 0])
      const outs = [a.out, b.out].join('\n')
      expect(outs.match(/Seeded an empty database at postgres:\/\/127\.0\.0\.1:\d+\/hair_shop_\w+ in/g)).toHaveLength(1)
      expect(outs.match(/is migrated/g)).toHaveLength(1)
      expect(outs).not.toContain('@') // no user or password in the log
      const made = await openDatabaseAsync(empty.url, { migrate: false })
      try {
        // The test's own database is a copy of the seeded template: a single seed.
        expect(await countRows(made)).toEqual(await countRows(testDb))
        const migrations = sql`select count(*) as n from drizzle.__drizzle_migrations`
        expect(await queryRows(made, migrations)).toEqual(await queryRows(testDb, migrations))
      } finally {
        await closeDatabase(made)
      }
    } finally {
      await empty.drop()
    }
  }, 180_000)
})
