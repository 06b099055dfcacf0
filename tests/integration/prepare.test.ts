import Database from 'better-sqlite3'
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { scalar } from '../helpers/db'

/** seed/prepare.ts, what `npm start` runs once before its server processes (ADR 018). */
const dir = mkdtempSync(join(tmpdir(), 'prepare-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const env = (file: string, extra: Record<string, string> = {}) => ({
  PATH: process.env.PATH,
  LOG_LEVEL: 'silent',
  DATABASE_URL: `file:${file}`,
  ...extra,
})

function prepare(file: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, ['--import', 'tsx', 'seed/prepare.ts'], { env: env(file) })
    let out = ''
    p.stdout.on('data', (d: Buffer) => (out += d.toString()))
    p.stderr.on('data', (d: Buffer) => (out += d.toString()))
    p.on('exit', (code) => resolve({ code, out }))
  })
}

const SEEDED_TABLES = ['cities', 'products', 'product_offers', 'catalog_sections', 'posts', 'site_options']

// SQLite files and their lock file; PostgreSQL's advisory lock: pg-prepare.test.ts.
describe.skipIf(process.env.DB_ENGINE === 'pg')('seed/prepare.ts', () => {
  it('two preparations at once on an empty database: both succeed, one seeds, the other waits and finds it seeded', async () => {
    const file = join(dir, 'race.db')
    const [a, b] = await Promise.all([prepare(file), prepare(file)])
    expect([a.code, b.code]).toEqual([0, 0])
    const outs = [a.out, b.out].join('\n')
    expect(outs.match(/Seeded an empty database/g)).toHaveLength(1)
    expect(outs.match(/is migrated/g)).toHaveLength(1)
    const made = new Database(file, { readonly: true })
    try {
      for (const table of SEEDED_TABLES) {
        // The test's own database is the seeded base: a single seed.
        const n = (made.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n
        expect({ table, n }).toEqual({ table, n: await scalar(`select count(*) from ${table}`) })
      }
      expect(made.prepare('select count(*) as n from __drizzle_migrations').get()).toEqual({
        n: await scalar('select count(*) from __drizzle_migrations'),
      })
    } finally {
      made.close()
    }
  }, 180_000)

  it('hands npm start the validated WEB_CONCURRENCY on fd 3; a bad value stops it with one line', () => {
    const file = join(dir, 'workers.db')
    const ok = spawnSync(process.execPath, ['--import', 'tsx', 'seed/prepare.ts', '--report-workers'], {
      env: env(file, { WEB_CONCURRENCY: '3' }),
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      encoding: 'utf8',
      timeout: 120_000,
    })
    expect(ok.status).toBe(0)
    expect(ok.output[3]).toBe('3')
    for (const bad of ['0', '65', '1.5', 'many']) {
      const r = spawnSync(process.execPath, ['--import', 'tsx', 'seed/prepare.ts', '--report-workers'], {
        env: env(file, { WEB_CONCURRENCY: bad }),
        stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
        encoding: 'utf8',
        timeout: 60_000,
      })
      expect(r.status).toBe(1)
      expect(r.output[3]).toBe('')
      expect(r.stderr.trim().split('\n').slice(1)).toEqual([
        '  WEB_CONCURRENCY: must be a whole number of processes from 1 to 64 (empty: one per core)',
      ])
    }
  }, 180_000)
})
