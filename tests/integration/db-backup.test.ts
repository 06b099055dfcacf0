import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import Database from 'better-sqlite3'
import { openDatabase } from '../../db/client'
import { db } from '../helpers/db'
import { offersInStock, setStock } from '../helpers/commerce'

const TSX = resolve('node_modules/.bin/tsx')
const WRITER = resolve('tests/helpers/order-writer.ts')
const work = mkdtempSync(join(tmpdir(), 'shop-backup-test-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

interface Writer {
  proc: ChildProcessWithoutNullStreams
  acks: { id: number; number: string }[]
  done: Promise<void>
}

/** An order-placing process on this test file's database (tests/helpers/order-writer.ts). */
function startWriter(offerId: number, prefix: string): Writer {
  const proc = spawn(TSX, [WRITER, db().$client.name, String(offerId), prefix], {
    env: { ...process.env, LOG_LEVEL: 'silent' },
  })
  const acks: Writer['acks'] = []
  let out = ''
  let err = ''
  proc.stderr.on('data', (d: Buffer) => (err += d.toString()))
  proc.stdout.on('data', (d: Buffer) => {
    out += d.toString()
    const lines = out.split('\n')
    out = lines.pop() ?? ''
    for (const line of lines) {
      const [word, id, number] = line.split(' ')
      if (word === 'ack') acks.push({ id: Number(id), number: number ?? '' })
    }
  })
  const done = new Promise<void>((ok, fail) =>
    proc.on('exit', (code) => (code === 0 ? ok() : fail(new Error(`writer exited ${code}: ${err}`)))),
  )
  return { proc, acks, done }
}

/** `npm run db:backup -- <folder>` against this test file's database. */
function runBackup(folder: string, extraEnv: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((ok) => {
    const p = spawn(TSX, ['scripts/db-backup.ts', folder], {
      env: { ...process.env, DATABASE_URL: `file:${db().$client.name}`, ...extraEnv },
    })
    let stdout = ''
    let stderr = ''
    p.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
    p.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    p.on('exit', (code) => ok({ code, stdout, stderr }))
  })
}

async function until(done: () => boolean, ms = 60_000) {
  const end = Date.now() + ms
  while (!done() && Date.now() < end) await new Promise((r) => setTimeout(r, 20))
  if (!done()) throw new Error('timed out')
}

// A backup is a copy of the SQLite file (PostgreSQL has pg_dump): SQLite only by nature.
describe.skipIf(process.env.DB_ENGINE === 'pg')('npm run db:backup', () => {
  it('a backup taken while orders are being placed, restored, holds every order acknowledged before it began', async () => {
    const [offer] = await offersInStock(1)
    await setStock(offer!.id, 100_000)
    db().$client.pragma('wal_checkpoint(TRUNCATE)')
    db().$client.pragma('wal_autocheckpoint = 0')
    const writers = [startWriter(offer!.id, '501'), startWriter(offer!.id, '502')]
    const acked = () => writers.reduce((n, w) => n + w.acks.length, 0)
    await until(() => writers.every((w) => w.acks.length >= 10))

    // Everything acknowledged to a shopper before the backup starts.
    const before = writers.flatMap((w) => [...w.acks])
    const ackedAtStart = acked()
    const folder = join(work, 'backups')
    const backup = await runBackup(folder)
    const ackedAtEnd = acked()
    for (const w of writers) w.proc.stdin.write('stop\n')
    await Promise.all(writers.map((w) => w.done))

    expect(backup.stderr).toBe('')
    expect(backup.code).toBe(0)
    // The writers kept writing while the backup ran.
    expect(ackedAtEnd).toBeGreaterThan(ackedAtStart)
    const [file] = readdirSync(folder)
    expect(file).toMatch(/^shop-\d{8}-\d{6}Z\.db$/)
    const path = join(folder, file!)
    // It prints the path and the size.
    expect(backup.stdout).toContain(path)
    expect(backup.stdout).toContain(`${statSync(path).size} bytes`)

    // Restore as docs/deploying.md says: the server stopped, the copy put in place of the
    // database file (no -wal/-shm of the old one beside it), the server started on it.
    const live = join(work, 'restored', 'shop.db')
    openDatabase(live).$client.close() // an old database with its WAL files lying there
    copyFileSync(path, live)
    for (const s of ['-wal', '-shm']) rmSync(live + s, { force: true })
    expect(existsSync(live + '-wal')).toBe(false)
    const restored = openDatabase(live)
    try {
      expect(restored.$client.pragma('integrity_check', { simple: true })).toBe('ok')
      const numbers = new Set(
        (restored.$client.prepare('select number from orders').all() as { number: string }[]).map((r) => r.number),
      )
      const missing = before.filter((o) => !numbers.has(o.number))
      expect(missing).toEqual([])
      // Each acknowledged order is whole: its lines and its stock movement came with it.
      const lines = restored.$client
        .prepare(`select count(*) as n from order_lines where order_id in (${before.map((o) => o.id).join(',')})`)
        .get() as { n: number }
      expect(lines.n).toBe(before.length)
      // The copy is one snapshot: no order without its lines, whatever was in flight.
      const orphans = restored.$client
        .prepare(
          'select count(*) as n from orders o where not exists (select 1 from order_lines i where i.order_id = o.id)',
        )
        .get() as { n: number }
      expect(orphans.n).toBe(0)
    } finally {
      restored.$client.close()
    }
  }, 180_000)

  it('keeps the newest BACKUP_KEEP copies and refuses a missing database', async () => {
    const folder = join(work, 'rotation')
    for (let i = 0; i < 3; i++) expect((await runBackup(folder, { BACKUP_KEEP: '2' })).code).toBe(0)
    const kept = readdirSync(folder).sort()
    expect(kept).toHaveLength(2)
    for (const name of kept) {
      const copy = new Database(join(folder, name), { readonly: true })
      expect(copy.pragma('journal_mode', { simple: true })).toBe('delete')
      copy.close()
    }
    const missing = await new Promise<number | null>((ok) => {
      const p = spawn(TSX, ['scripts/db-backup.ts', folder], {
        env: { ...process.env, DATABASE_URL: `file:${join(work, 'nothing-here.db')}` },
      })
      p.on('exit', ok)
    })
    expect(missing).toBe(1)
  }, 120_000)
})
